import { redirect, type LoaderFunctionArgs } from 'react-router';
import { requestVisitorToken } from '../../lib/http';
import { conversationStore } from '../../stores/conversation-store';
import { sessionStore } from '../../stores/session-store';
import { decideGuard, guardErrorRedirect } from './guard-decision';

/** Runs before every navigation (the root loader always revalidates). */
export async function routeGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname } = new URL(request.url);
  const { token, visitorToken } = sessionStore.getState();
  const { hitoAppId, hitoChatId } = conversationStore.getState();
  const decision = decideGuard({ pathname, userToken: token, visitorToken, hitoAppId, hitoChatId });
  try {
    if (decision.requestVisitorToken) await requestVisitorToken({ silent: true });
  } catch (error) {
    const target = guardErrorRedirect(error, pathname);
    if (target) throw redirect(target);
    return null;
  }
  if (decision.redirectTo) throw redirect(decision.redirectTo);
  return null;
}
