import { hasUserToken } from '../user-token';

const apiSegment = /(^|\/)api\//;
const visitorSegment = /(^|\/)api\/visitor\//;

/** While only a visitor token is held, `api/...` calls go to their `api/visitor/...` twins. */
export function toVisitorPath(path: string): string {
  if (visitorSegment.test(path)) return path;
  return path.replace(apiSegment, '$1api/visitor/');
}

export function rewritePath(path: string, credentials: { userToken: string; visitorToken: string }): string {
  const visitorOnly = credentials.visitorToken !== '' && !hasUserToken(credentials.userToken);
  return visitorOnly ? toVisitorPath(path) : path;
}
