import { apiPrefix, regionCheckPath, type RegionCheck } from '@parley/contracts';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadSiteConfig } from '../../features/site';
import { http, requestVisitorToken } from '../../lib/http';
import { conversationStore } from '../../stores/conversation-store';
import { sessionStore } from '../../stores/session-store';
import { decideGuard, guardErrorRedirect } from './guard-decision';
import { isBlockedCountry, shouldCheckRegion } from './region-gate';

/** The caller's country, asked once per page load (an address rarely changes country mid-visit). */
let country: Promise<string> | null = null;

function checkCountry(): Promise<string> {
  country ??= http
    .get<RegionCheck>(`${apiPrefix}${regionCheckPath}`, undefined, { silent: true })
    .then((answer) => answer.code)
    .catch((error: unknown) => {
      country = null;
      throw error;
    });
  return country;
}

/** Whether the region gate turns this visitor away; the check runs only where the site config says. */
async function regionBlocked(): Promise<boolean> {
  const { regionGate } = await loadSiteConfig();
  if (!shouldCheckRegion(regionGate, window.location.hostname, document.cookie)) return false;
  return isBlockedCountry(regionGate, await checkCountry());
}

/** Runs before every navigation (the root loader always revalidates). */
export async function routeGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname } = new URL(request.url);
  const { token, visitorToken } = sessionStore.getState();
  const { hitoAppId, hitoChatId } = conversationStore.getState();
  let decision;
  try {
    const base = { pathname, userToken: token, visitorToken, hitoAppId, hitoChatId, regionBlocked: false };
    if (decideGuard(base).requestVisitorToken) await requestVisitorToken({ silent: true });
    decision = decideGuard({ ...base, regionBlocked: await regionBlocked() });
  } catch (error) {
    const target = guardErrorRedirect(error, pathname);
    if (target) throw redirect(target);
    return null;
  }
  if (decision.redirectTo) throw redirect(decision.redirectTo);
  return null;
}
