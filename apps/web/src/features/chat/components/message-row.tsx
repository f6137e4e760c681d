import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { ThreadItem } from '../api/chat-thread';
import type { MessageRow as Row } from '../lib/message-rows';
import { liveAnswers, type LivePhase } from '../stores/live-answer-store';
import { AnswerBody, type AnswerBodyProps } from './answer-body';
import { AppAvatar, UserAvatar } from './chat-avatars';
import { MessageActions } from './message-actions';
import type { MessageContext } from './message-context';
import './chat-message.css';
import './message-row.css';

function Message({ role, name, avatar, children, footer }: { role: 'user' | 'assistant'; name: string; avatar: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <article className={`chat-message chat-message--${role}`} aria-label={name}>
      <div className="chat-message__avatar">{avatar}</div>
      <div className="chat-message__main">
        <div className="chat-message__name">{name}</div>
        <div className="chat-message__bubble">{children}</div>
        {footer && <div className="chat-message__footer">{footer}</div>}
      </div>
    </article>
  );
}

/**
 * The model that gave the answer, where users pick among models. Token counts are detail for
 * operators (the console, the log): here they are only in the name's tooltip.
 */
function AnswerModel({ item }: { item: ThreadItem }) {
  const { t } = useTranslation('chat');
  if (!item.model) return null;
  // a failed answer names its model but counts no tokens: no answer was given
  const counted = item.status !== 'error' && item.promptTokens + item.completionTokens > 0;
  const detail = counted ? t('usage.detail', { prompt: item.promptTokens, completion: item.completionTokens }) : undefined;
  return (
    <span className="chat-message__usage" title={detail}>
      {item.model}
    </span>
  );
}

interface RowView {
  role: 'user' | 'assistant';
  text: string;
  phase: LivePhase;
  error: AnswerBodyProps['error'];
  citations: ThreadItem['citations'];
  reasoning: AnswerBodyProps['reasoning'];
  cutShort: boolean;
  /** The saved message, once there is one: only saved messages have actions. */
  item: ThreadItem | null;
  isLastAnswer: boolean;
  reconnecting?: boolean;
}

function viewOf(row: Row): RowView {
  if (row.kind === 'item') {
    const { item } = row;
    const error = item.status === 'error' ? { kind: item.errorKind, message: item.error, retryAfterSeconds: item.retryAfterSeconds } : null;
    const reasoning = item.reasoning ? { text: item.reasoning, ms: item.reasoningMs ?? 0 } : null;
    return { role: item.role, text: item.content, phase: item.status, error, citations: item.citations, reasoning, cutShort: item.cutShort, item, isLastAnswer: row.isLastAnswer };
  }
  if (row.kind === 'live-question') {
    return { role: 'user', text: row.content, phase: 'done', error: null, citations: [], reasoning: null, cutShort: false, item: null, isLastAnswer: false };
  }
  const { live } = row;
  return {
    role: 'assistant',
    text: live.text,
    phase: live.phase,
    error: live.error,
    citations: live.citations,
    reasoning: live.reasoning === '' ? null : { text: live.reasoning, ms: live.reasoningMs },
    cutShort: live.cutShort,
    item: null,
    isLastAnswer: false,
    reconnecting: live.reconnecting,
  };
}

/**
 * The row with the newest words of its answer: the app's store of answers in flight has them at
 * every update, while the screen drew the row with the words of its time (outlineOf). An answer
 * from elsewhere (the editor's preview keeps its own) is drawn as given.
 */
function useNewestAnswer(row: Row): Row {
  const id = row.kind === 'live-answer' ? row.live.id : null;
  const newest = useStore(liveAnswers.store, (state) => (id === null ? undefined : state.answers[id]));
  return row.kind === 'live-answer' && newest && newest !== row.live ? { ...row, live: newest } : row;
}

/**
 * One row of the chat: a saved message, or the question and answer in flight. Both draw the
 * same tree, so an answer that finishes keeps its rendered markdown instead of being redrawn.
 * Only the row of a streaming answer draws again as its words arrive.
 */
export const MessageRow = memo(function MessageRow({ row, context }: { row: Row; context: MessageContext }) {
  const view = viewOf(useNewestAnswer(row));
  const { item } = view;
  const user = view.role === 'user';
  const footer = item && !context.hideActions && (
    <>
      <MessageActions item={item} isLastAnswer={view.isLastAnswer} context={context} />
      {!user && context.showModel && <AnswerModel item={item} />}
    </>
  );
  const canRetry = view.isLastAnswer && !context.readOnly && !context.busy;
  return (
    <Message
      role={view.role}
      name={user ? context.userName : context.appName}
      avatar={user ? <UserAvatar /> : <AppAvatar app={context.app} />}
      footer={footer}
    >
      {user ? (
        <p className="chat-message__text">{view.text}</p>
      ) : (
        <AnswerBody
          text={view.text}
          phase={view.phase}
          error={view.error}
          citations={view.citations}
          reasoning={view.reasoning}
          answerId={item?.id}
          cutShort={view.cutShort}
          onRetry={canRetry ? context.onRegenerate : undefined}
          onContinue={canRetry ? context.onContinue : undefined}
          onNewChat={canRetry ? context.onNewChat : undefined}
          onContextOff={canRetry ? context.onContextOff : undefined}
          reconnecting={view.reconnecting}
        />
      )}
    </Message>
  );
});
