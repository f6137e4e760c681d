import type { ChatAppInfo, RequestChatChannel } from '@parley/contracts';
import { lazy, Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useHasTopBar } from '../../../components/layout/top-bar-slot';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { chatStore } from '../../../stores/chat-store';
import { threadKeyOf } from '../api/chat-thread';
import { useAppTexts } from '../hooks/use-app-texts';
import { useChatAnswers } from '../hooks/use-chat-answers';
import { useChatExport } from '../hooks/use-chat-export';
import { useChatThread } from '../hooks/use-chat-thread';
import { useMessageActions } from '../hooks/use-message-actions';
import { useMessageContext } from '../hooks/use-message-context';
import { useNewChatHandOff } from '../hooks/use-new-chat-hand-off';
import { useRememberedChat } from '../hooks/use-remembered-chat';
import { messageRows } from '../lib/message-rows';
import { moveDraft } from '../stores/draft-store';
import { movePick } from '../stores/model-pick-store';
import { ChatComposer } from './chat-composer';
import { ChatBar } from './chat-bar';
import { ChatHeader } from './chat-header';
import { AppUnavailableNotice } from './chat-notices';
import { ChatSkeleton, isNotFound } from './chat-states';
import { useMarkdownReady } from './markdown/markdown-view';
import { MessageListSlot, OlderLoading, preloadMessageList, useMessageListReady } from './lazy-message-list';
import { OpeningBlock } from './opening-block';
import './chat-view.css';

// Rarely needed, and heavy (antd Modal, Result): fetched when first shown.
const FeedbackNoteDialog = lazy(() => import('./feedback-note-dialog'));
const ReportAnswerDialog = lazy(() => import('./report-answer-dialog'));
const ChatLoadError = lazy(() => import('./chat-load-error'));
// Only when exporting, which a chat with messages offers: it draws the message rows.
const ChatExport = lazy(() => import('./chat-export').then((module) => ({ default: module.ChatExport })));

export interface ChatViewProps {
  /** The app; none for the official assistant. */
  appId?: string;
  /** The chat; none for a new one. */
  chatId?: string;
  /** Where a new chat is started from (an agent's share page); the site itself unless told. */
  channel?: RequestChatChannel;
  /** Actions the route adds to the header (sharing), given the open chat. */
  headerExtra?: (chat: ChatHeaderSlot) => ReactNode;
  /** A new chat got its id (its first answer is streaming): the route moves to its address. */
  onChatCreated: (chat: ChatActivity) => void;
  /** "New chat": the route opens an empty chat with the same app. */
  onNewChat: (app: ChatAppInfo) => void;
  /** A question was answered (or the answer stopped or failed): history lists may move the chat up. */
  onChatActivity?: (chat: ChatActivity) => void;
  /** Shown when the chat does not exist, e.g. a link to a new chat. */
  startOver?: ReactNode;
  /** Buttons the route adds beside the send button (the prompt store). */
  composerTools?: ReactNode;
}

export interface ChatHeaderSlot {
  app: ChatAppInfo;
  /** Null until the chat exists (before its first question). */
  chatId: string | null;
  /** An answer is streaming. */
  busy: boolean;
  /** The chat has no messages. */
  empty: boolean;
  /** The actions sit in the phone's "More" panel, where buttons show their labels. */
  inMenu: boolean;
}

export interface ChatActivity {
  app: ChatAppInfo;
  chatId: string;
  /** The question asked; null when the last one was answered again. */
  question: string | null;
}

function markRendered() {
  performance.mark('parley:chat-rendered');
}

/** The chat screen: header, conversation, and the question box. */
export function ChatView({ appId, chatId, channel, headerExtra, onChatCreated, onNewChat, onChatActivity, startOver, composerTools }: ChatViewProps) {
  const { ref, ownStreamId, setOwnStreamId } = useNewChatHandOff({
    appId,
    chatId,
    onCreated: (newChatId, question) => {
      if (!thread) return;
      moveDraft(threadKeyOf({ appId }), newChatId);
      movePick(threadKeyOf({ appId }), newChatId);
      onChatCreated({ app: thread.app, chatId: newChatId, question });
    },
  });
  const draftKey = threadKeyOf(ref);
  const { query, thread, update, loadOlder, loadingOlder, canLoadOlder, loadAll } = useChatThread(ref);
  const texts = useAppTexts(thread?.app);
  const answers = useChatAnswers({ ref, thread, draftKey, update, ownStreamId, setOwnStreamId, onChatActivity, channel });
  const actions = useMessageActions({ appId: thread?.app.id ?? '', chatId: ref.chatId ?? null, update });
  const usingContext = useStore(chatStore, (state) => state.usingContext);
  const threadApp = thread?.app;
  const newChat = useCallback(() => threadApp && onNewChat(threadApp), [threadApp, onNewChat]);
  const contextOff = useCallback(() => chatStore.setState({ usingContext: false }), []);
  const context = useMessageContext({
    app: threadApp,
    appName: texts.name,
    showModel: (thread?.modelChoice.models.length ?? 0) > 1,
    answers,
    actions,
    onNewChat: ref.chatId && threadApp && !threadApp.deleted ? newChat : undefined,
    onContextOff: usingContext ? contextOff : undefined,
  });
  useDocumentTitle(thread?.chat?.title || texts.name);
  useRememberedChat(ref.chatId, isNotFound(query.error));

  const items = thread?.items;
  const rows = useMemo(() => messageRows(items ?? [], answers.live), [items, answers.live]);
  const savedAnswers = useMemo(() => items?.filter((item) => item.role === 'assistant').map((item) => item.content), [items]);
  const markdownReady = useMarkdownReady(savedAnswers);
  const listReady = useMessageListReady(items);
  const exporter = useChatExport({ title: thread?.chat?.title ?? texts.name, loadAll });
  const toggleContext = useCallback(() => chatStore.setState((state) => ({ usingContext: !state.usingContext })), []);
  const inTopBar = useHasTopBar();

  // saved answers are drawn as markdown from their first paint: the skeleton stays until the renderer is here
  if (query.isPending || !markdownReady || !listReady) return <ChatSkeleton />;
  if (!thread) {
    return (
      <div className="chat-view chat-view--state">
        <Suspense fallback={null}>
          <ChatLoadError error={query.error} onRetry={() => void query.refetch()} startOver={startOver} />
        </Suspense>
      </div>
    );
  }

  const { app } = thread;
  const hasMessages = thread.items.length > 0;
  const header = {
    usingContext,
    onToggleContext: toggleContext,
    onNewChat: ref.chatId && !app.deleted ? () => onNewChat(app) : undefined,
    onClear: ref.chatId && hasMessages && !app.deleted ? actions.clear : undefined,
    onExport: hasMessages ? exporter.start : undefined,
    exporting: exporter.running,
    busy: answers.busy,
  };
  const opening = <OpeningBlock app={app} texts={texts} onAsk={app.deleted ? undefined : answers.ask} disabled={answers.busy} />;

  return (
    // A focus or a press in the chat comes before its first question: the list is fetched then.
    <section className="chat-view" aria-label={texts.name} onFocus={preloadMessageList} onPointerDown={preloadMessageList}>
      {inTopBar ? (
        <ChatBar
          title={thread.chat?.title || texts.name}
          subtitle={thread.chat?.title ? texts.name : undefined}
          {...header}
          extra={headerExtra?.({ app, chatId: ref.chatId ?? null, busy: answers.busy, empty: !hasMessages && !answers.live, inMenu: true })}
        />
      ) : (
        <ChatHeader
          app={app}
          texts={texts}
          {...header}
          extra={headerExtra?.({ app, chatId: ref.chatId ?? null, busy: answers.busy, empty: !hasMessages && !answers.live, inMenu: false })}
        />
      )}
      <AppUnavailableNotice app={app} />
      <MessageListSlot
        rows={rows}
        context={context}
        header={canLoadOlder ? <OlderLoading /> : opening}
        prepended={thread.prepended}
        onLoadOlder={() => void loadOlder()}
        loadingOlder={loadingOlder}
        onFirstPaint={markRendered}
      />
      <ChatComposer
        draftKey={draftKey}
        canAsk={!app.deleted}
        busy={answers.busy}
        quotaReached={answers.quotaReached}
        tools={composerTools}
        modelChoice={thread.modelChoice}
        savedModel={thread.chat?.model ?? null}
        onSend={answers.ask}
        onStop={answers.stop}
        onDismissQuota={answers.dismissQuota}
      />
      {actions.noteFor && (
        <Suspense fallback={null}>
          <FeedbackNoteDialog notes={actions.noteFor.customFeedbacks} onSave={actions.saveNotes} onClose={actions.closeNote} />
        </Suspense>
      )}
      {actions.reportFor && (
        <Suspense fallback={null}>
          <ReportAnswerDialog onSend={actions.sendReport} onClose={actions.closeReport} />
        </Suspense>
      )}
      {exporter.rendering && (
        <Suspense fallback={null}>
          <ChatExport
            title={thread.chat?.title ?? texts.name}
            header={<OpeningBlock app={app} texts={texts} />}
            rows={rows}
            context={{ ...context, readOnly: true, hideActions: true }}
            onRendered={exporter.capture}
          />
        </Suspense>
      )}
    </section>
  );
}
