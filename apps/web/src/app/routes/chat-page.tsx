import { Button } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate, useParams, useSearchParams, type Location } from 'react-router';
import { ChatView, prefetchChatThread, preloadMarkdown, preloadMessageList, type ChatActivity, type ChatHeaderSlot } from '../../features/chat';
import { useAddChatHistory } from '../../features/chat-history';
import { ShareChatButton } from '../../features/chat-share';
import { PromptStoreButton } from '../../features/prompts';
import { chatPath, routePaths } from '../../lib/route-paths';
import { mobileQuery, useMediaQuery } from '../../lib/use-media-query';
import { resetOfficialChat } from '../../stores/conversation-store';
import { sessionStore } from '../../stores/session-store';
import { narrowQuery } from '../layout/right-panel/right-panel';
import { RightPanelButton } from '../layout/right-panel/right-panel-button';

/**
 * A chat opened by its address starts loading as soon as this code arrives (main.tsx fetches
 * it early), before the layout renders, and so does the markdown renderer its messages will
 * need. Only with a token in hand: without one the route guard fetches a visitor token first.
 */
function prefetchOpenedChat(): void {
  const { token, visitorToken } = sessionStore.getState();
  const match = matchPath(routePaths.Chat, window.location.pathname);
  const chatId = new URLSearchParams(window.location.search).get('chatId');
  if (!match || !chatId || (!token.trim() && !visitorToken)) return;
  prefetchChatThread({ appId: match.params.appId, chatId });
  void preloadMarkdown();
  preloadMessageList();
}
prefetchOpenedChat();

/** Sharing; and on tablets, whose narrow layout has neither the rankings column nor the phone's top bar, the rankings. */
function headerActions({ chatId, busy, empty, inMenu }: ChatHeaderSlot, tablet: boolean) {
  return (
    <>
      {chatId && <ShareChatButton chatId={chatId} disabled={busy || empty} iconOnly={!inMenu} />}
      {tablet && !inMenu && <RightPanelButton />}
    </>
  );
}

/** What a chat's address carries besides the chat: which screen shows it. */
interface ChatLocationState {
  screen?: string;
}

/**
 * Which screen an address shows. Another chat is another screen, and so is each new chat (a
 * second "New chat" starts afresh); but a new chat that got its id stays on the screen that
 * started it while the address follows, so its question and streaming answer are not drawn again.
 */
function screenOf(location: Location, appId: string | undefined, chatId: string | undefined): string {
  const kept = (location.state as ChatLocationState | null)?.screen;
  if (kept) return kept;
  return chatId ? `${appId ?? ''}:${chatId}` : `new:${appId ?? ''}:${location.key}`;
}

/** What /home and /chat do when the chat screen (`screen`, see screenOf) creates, renews or answers a chat. */
function useChatRouteCallbacks(screen: string) {
  const navigate = useNavigate();
  const addChatHistory = useAddChatHistory();
  const narrow = useMediaQuery(narrowQuery);
  const mobile = useMediaQuery(mobileQuery);
  const tablet = narrow && !mobile;
  const onChatCreated = useCallback(
    ({ app, chatId, question }: ChatActivity) => {
      addChatHistory({ app, chatId, firstMessage: question ?? '' });
      const state: ChatLocationState = { screen };
      void navigate(chatPath(app.id, chatId), { replace: true, state });
    },
    [addChatHistory, navigate, screen],
  );
  const onChatActivity = useCallback(
    ({ app, chatId, question }: ChatActivity) => addChatHistory({ app, chatId, firstMessage: question ?? '' }),
    [addChatHistory],
  );
  const onNewChat = useCallback(
    ({ id, isOfficial }: { id: string; isOfficial: boolean }) => {
      // The new chat replaces the old one at once: rendered as an interruptible transition, the
      // old chat stayed on screen meanwhile (long, on a busy machine) and took the next question.
      if (isOfficial) {
        // /home resumes the stored official chat; a new one starts once it is forgotten.
        resetOfficialChat();
        void navigate(routePaths.MainChat, { flushSync: true });
      } else {
        void navigate(chatPath(id), { flushSync: true });
      }
    },
    [navigate],
  );
  const headerExtra = useCallback((slot: ChatHeaderSlot) => headerActions(slot, tablet), [tablet]);
  return { onChatCreated, onChatActivity, onNewChat, headerExtra, composerTools: <PromptStoreButton /> };
}

/**
 * /home and /chat: chat with an app (the official assistant when no app id), resuming ?chatId=
 * when given. /home is a new chat with the official assistant (the route guard already sent
 * anyone with a stored official chat to it); a new chat's first answer moves the address to
 * /chat/:appId?chatId= on the same screen. Both routes render this component, so that move keeps it.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { appId } = useParams();
  const [searchParams] = useSearchParams();
  const chatId = searchParams.get('chatId') || undefined;
  const screen = screenOf(useLocation(), appId, chatId);
  // an agent's share page sends its visitors here with ?from=share: their new chat says so
  const channel = searchParams.get('from') === 'share' ? 'share' : undefined;
  const callbacks = useChatRouteCallbacks(screen);
  const startOver = (
    <Button type="primary" onClick={() => callbacks.onNewChat({ id: appId ?? '', isOfficial: !appId })}>
      {t('header.newChat')}
    </Button>
  );
  // Another chat is another screen: nothing of the previous one carries over.
  return <ChatView key={screen} appId={appId} chatId={chatId} channel={channel} startOver={startOver} {...callbacks} />;
}
