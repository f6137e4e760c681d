import { ChatView } from '../../features/chat';
import { useChatRouteCallbacks } from './chat-page';

/**
 * /home: a new chat with the official assistant. (The route guard already sent anyone with a
 * stored official chat to it.) Its first answer moves the screen to /chat/:appId?chatId=.
 */
export default function HomePage() {
  const callbacks = useChatRouteCallbacks();
  return <ChatView {...callbacks} />;
}
