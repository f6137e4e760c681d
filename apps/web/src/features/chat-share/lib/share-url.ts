import { generatePath } from 'react-router';
import { routePaths } from '../../../lib/route-paths';

/** The public address of a shared conversation: /shareChat/:shareCode on this site. */
export function shareChatUrl(origin: string, shareCode: string): string {
  return `${origin.replace(/\/+$/, '')}${generatePath(routePaths.ShareChat, { shareCode })}`;
}
