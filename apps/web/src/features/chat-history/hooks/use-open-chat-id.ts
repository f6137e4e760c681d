import { matchPath, useLocation } from 'react-router';
import { routePaths } from '../../../lib/route-paths';

/** The chat open in the chat screen: /chat/:appId?chatId=… (null elsewhere). */
export function useOpenChatId(): string | null {
  const { pathname, search } = useLocation();
  if (!matchPath(routePaths.Chat, pathname)) return null;
  return new URLSearchParams(search).get('chatId') || null;
}
