import { StopOutlined } from '@ant-design/icons';
import type { ChatAppInfo } from '@parley/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { chatStore } from '../../../stores/chat-store';
import { forgetChat, setCurrentChatId } from '../../../stores/conversation-store';
import { promptStore } from '../../../stores/prompt-store';
import { settingsStore } from '../../../stores/settings-store';
import { useUserInfo } from '../../../stores/user-store';
import { threadKeyOf } from '../api/chat-thread';
import { useAppTexts } from '../hooks/use-app-texts';
import { useChatAnswers } from '../hooks/use-chat-answers';
import { useChatExport } from '../hooks/use-chat-export';
import { useChatThread } from '../hooks/use-chat-thread';
import { useMessageActions } from '../hooks/use-message-actions';
import { messageRows } from '../lib/message-rows';
import { moveDraft } from '../stores/draft-store';
import { liveAnswers } from '../stores/live-answer-store';
import { ChatExport } from './chat-export';
import { ChatHeader } from './chat-header';
import { AppUnavailableNotice, QuotaNotice } from './chat-notices';
import { ChatSkeleton, isNotFound } from './chat-states';
import { DraftChatInput } from './draft-chat-input';
import type { MessageContext } from './message-context';
import { MessageList, OlderLoading } from './message-list';
import { OpeningBlock } from './opening-block';
import './chat-view.css';

// Rarely needed, and heavy (antd Modal, Result): fetched when first shown.
const FeedbackNoteDialog = lazy(() => import('./feedback-note-dialog'));
const ChatLoadError = lazy(() => import('./chat-load-error'));

export interface ChatViewProps {
  /** The app; none for the official assistant. */
  appId?: string;
  /** The chat; none for a new one. */
  chatId?: string;
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
export function ChatView({ appId, chatId, headerExtra, onChatCreated, onNewChat, onChatActivity, startOver, composerTools }: ChatViewProps) {
  const { t } = useTranslation('chat');
  const [ownStreamId, setOwnStreamId] = useState<string | null>(null);
  const [createdChatId, setCreatedChatId] = useState<string | null>(null);
  const own = useStore(liveAnswers.store, (state) => (ownStreamId ? state.answers[ownStreamId] : undefined));
  const ownChatId = own?.chatId ?? null;
  // A new chat becomes the chat the server named, here and now; the address follows.
  if (!chatId && ownChatId && createdChatId !== ownChatId) setCreatedChatId(ownChatId);
  const ref = useMemo(() => ({ appId, chatId: chatId ?? createdChatId ?? undefined }), [appId, chatId, createdChatId]);
  const draftKey = threadKeyOf(ref);

  const { query, thread, update, loadOlder, loadingOlder, canLoadOlder, loadAll } = useChatThread(ref);
  const texts = useAppTexts(thread?.app);
  const answers = useChatAnswers({ ref, thread, draftKey, update, ownStreamId, setOwnStreamId, onChatActivity });
  const actions = useMessageActions({ appId: thread?.app.id ?? '', chatId: ref.chatId ?? null, update });
  const usingContext = useStore(chatStore, (state) => state.usingContext);
  const prompts = useStore(promptStore, (state) => state.promptList);
  const username = useUserInfo((user) => user.username);
  const chosenName = useStore(settingsStore, (settings) => settings.name);
  useDocumentTitle(thread?.chat?.title || texts.name);

  const announceCreated = useEffectEvent((newChatId: string) => {
    if (!thread) return;
    moveDraft(threadKeyOf({ appId }), newChatId);
    onChatCreated({ app: thread.app, chatId: newChatId, question: own?.question?.content ?? null });
  });
  // Once, when the chat gets its id.
  useEffect(() => {
    if (createdChatId) announceCreated(createdChatId);
  }, [createdChatId]);

  const missing = isNotFound(query.error);
  useEffect(() => {
    if (!ref.chatId) return;
    // A chat that is gone must not stay the one /home resumes.
    if (missing) forgetChat(ref.chatId);
    else setCurrentChatId(ref.chatId);
  }, [ref.chatId, missing]);

  const rows = useMemo(() => messageRows(thread?.items ?? [], answers.live), [thread?.items, answers.live]);
  const exporter = useChatExport({ title: thread?.chat?.title ?? texts.name, loadAll });

  const context: MessageContext = useMemo(
    () => ({
      app: thread?.app ?? { avatarUrl: null, isOfficial: false },
      appName: texts.name,
      userName: chosenName || username || t('message.you'),
      readOnly: thread?.app.deleted ?? false,
      busy: answers.busy,
      onCopy: actions.copy,
      onDelete: actions.remove,
      onRegenerate: answers.regenerate,
      onFeedback: actions.toggleFeedback,
      onNote: actions.openNote,
    }),
    [thread?.app, texts.name, chosenName, username, t, answers.busy, answers.regenerate, actions],
  );
  const toggleContext = useCallback(() => chatStore.setState((state) => ({ usingContext: !state.usingContext })), []);

  if (query.isPending) return <ChatSkeleton />;
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
  const canAsk = !app.deleted;
  const opening = (
    <OpeningBlock app={app} texts={texts} onAsk={canAsk ? answers.ask : undefined} disabled={answers.busy} />
  );

  return (
    <section className="chat-view" aria-label={texts.name}>
      <ChatHeader
        app={app}
        texts={texts}
        usingContext={usingContext}
        onToggleContext={toggleContext}
        onNewChat={ref.chatId && !app.deleted ? () => onNewChat(app) : undefined}
        onClear={ref.chatId && hasMessages && !app.deleted ? actions.clear : undefined}
        onExport={hasMessages ? exporter.start : undefined}
        exporting={exporter.running}
        busy={answers.busy}
        extra={headerExtra?.({ app, chatId: ref.chatId ?? null, busy: answers.busy, empty: !hasMessages && !answers.live })}
      />
      <AppUnavailableNotice app={app} />
      <MessageList
        rows={rows}
        context={context}
        header={canLoadOlder ? <OlderLoading /> : opening}
        prepended={thread.prepended}
        onLoadOlder={() => void loadOlder()}
        loadingOlder={loadingOlder}
        onFirstPaint={markRendered}
      />
      <div className="chat-view__composer">
        {answers.quotaReached && <QuotaNotice onClose={answers.dismissQuota} />}
        {answers.busy && (
          <Button className="chat-view__stop" icon={<StopOutlined />} onClick={answers.stop}>
            {t('actions.stop')}
          </Button>
        )}
        {canAsk && (
          <DraftChatInput
            draftKey={draftKey}
            onSend={answers.ask}
            prompts={prompts}
            busy={answers.busy}
            tools={composerTools}
          />
        )}
      </div>
      {actions.noteFor && (
        <Suspense fallback={null}>
          <FeedbackNoteDialog notes={actions.noteFor.customFeedbacks} onSave={actions.saveNotes} onClose={actions.closeNote} />
        </Suspense>
      )}
      {exporter.rendering && (
        <ChatExport
          title={thread.chat?.title ?? texts.name}
          header={<OpeningBlock app={app} texts={texts} />}
          rows={rows}
          context={{ ...context, readOnly: true, hideActions: true }}
          onRendered={exporter.capture}
        />
      )}
    </section>
  );
}
