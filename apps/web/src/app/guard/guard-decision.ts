import { errorCodes } from '@parley/contracts';
import { routePaths, chatPath } from '../../lib/route-paths';
import { hasUserToken } from '../../lib/user-token';

export interface GuardInput {
  pathname: string;
  userToken: string;
  visitorToken: string;
  /** The official assistant's app and chat that the home page resumes. */
  hitoAppId: string;
  hitoChatId: string;
  /** The region check ran and answered a blocked country. */
  regionBlocked: boolean;
}

export interface GuardDecision {
  requestVisitorToken: boolean;
  redirectTo: string | null;
}

function samePath(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b;
}

/** What the route guard of spec section 2 does before a page shows. */
export function decideGuard(input: GuardInput): GuardDecision {
  const loggedIn = hasUserToken(input.userToken);
  const resumeChat =
    samePath(input.pathname, routePaths.MainChat) && input.hitoAppId.trim() !== '' && input.hitoChatId.trim() !== '';
  // UnSupport is only for visitors the region check turned away; anyone else there goes back
  // to Root (spec section 2).
  const onUnsupport = samePath(input.pathname, routePaths.UnSupport);
  let redirectTo: string | null = null;
  if (input.regionBlocked) redirectTo = onUnsupport ? null : routePaths.UnSupport;
  else if (resumeChat) redirectTo = chatPath(input.hitoAppId, input.hitoChatId);
  else if (onUnsupport) redirectTo = routePaths.Root;
  return { requestVisitorToken: !loggedIn && input.visitorToken === '', redirectTo };
}

/**
 * Where a guard failure leads: to /500, unless already there, or unless the server only asked
 * for the site access password, in which case the page stays and the 403 overlay shows.
 */
export function guardErrorRedirect(error: unknown, pathname: string): string | null {
  const accessRequired =
    typeof error === 'object' && error !== null && 'code' in error && error.code === errorCodes.ACCESS_REQUIRED.code;
  if (accessRequired || samePath(pathname, routePaths.ServerError)) return null;
  return routePaths.ServerError;
}
