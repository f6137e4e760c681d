import type { ChatItemsData, FeedbackData } from '@parley/contracts';
import type { ChatThread, ThreadItem } from '../api/chat-thread';
import type { LiveAnswer } from '../stores/live-answer-store';

/** Changes to an open chat in the query cache; each returns a new thread. */

export function withOlderPage(thread: ChatThread, page: ChatItemsData): ChatThread {
  const known = new Set(thread.items.map((item) => item.id));
  const older = page.items.filter((item) => !known.has(item.id));
  return { ...thread, items: [...older, ...thread.items], hasMore: page.hasMore, prepended: thread.prepended + older.length };
}

export function withoutItem(thread: ChatThread, itemId: string): ChatThread {
  return { ...thread, items: thread.items.filter((item) => item.id !== itemId) };
}

export function withoutItems(thread: ChatThread): ChatThread {
  return { ...thread, items: [], hasMore: false };
}

export function withFeedback(thread: ChatThread, feedback: FeedbackData): ChatThread {
  return {
    ...thread,
    items: thread.items.map((item) =>
      item.id === feedback.chatItemId
        ? {
            ...item,
            userGoodFeedback: feedback.userGoodFeedback,
            userBadFeedback: feedback.userBadFeedback,
            customFeedbacks: feedback.customFeedbacks,
          }
        : item,
    ),
  };
}

export function withAppUnavailable(thread: ChatThread): ChatThread {
  return { ...thread, app: { ...thread.app, deleted: true } };
}

/** What an item has before the server says otherwise: no usage, no feedback, no sources. */
export const emptyItem = {
  error: null,
  errorKind: null,
  reasoning: null,
  reasoningMs: null,
  reasoningTokens: null,
  cutShort: false,
  citations: [],
  model: null,
  // the footer names the model that wrote an answer; the one asked for comes with the saved chat
  requestedModel: null,
  promptTokens: 0,
  completionTokens: 0,
  userGoodFeedback: false,
  userBadFeedback: false,
  customFeedbacks: [],
} satisfies Partial<ThreadItem>;

/** The messages a finished stream leaves behind, as the server saved them. */
export function itemsOfLiveAnswer(live: LiveAnswer): ThreadItem[] {
  const items: ThreadItem[] = [];
  if (live.question?.id) {
    items.push({
      ...emptyItem,
      id: live.question.id,
      role: 'user',
      content: live.question.content,
      status: 'done',
      createdAt: live.startedAt,
    });
  }
  if (live.answerId || live.phase === 'error') {
    const status = live.phase === 'error' ? 'error' : live.phase === 'stopped' ? 'stopped' : 'done';
    items.push({
      ...emptyItem,
      // An answer that failed before it was saved still shows, with its error, until reload.
      id: live.answerId ?? `unsaved-${live.id}`,
      role: 'assistant',
      content: live.text,
      status,
      error: live.error?.message ?? null,
      errorKind: live.error?.kind ?? null,
      retryAfterSeconds: live.error?.retryAfterSeconds ?? null,
      reasoning: live.reasoning === '' ? null : live.reasoning,
      reasoningMs: live.reasoningMs,
      reasoningTokens: live.usage?.reasoningTokens ?? null,
      cutShort: live.cutShort,
      // a failed answer keeps no sources
      citations: status === 'error' ? [] : live.citations,
      model: live.model,
      promptTokens: live.usage?.promptTokens ?? 0,
      completionTokens: live.usage?.completionTokens ?? 0,
      createdAt: live.startedAt,
    });
  }
  return items;
}

/** Puts a finished answer (and its question) at the end, in place of the answer it replaced. */
export function withLiveAnswer(thread: ChatThread, live: LiveAnswer): ChatThread {
  const added = itemsOfLiveAnswer(live);
  const replaced = new Set([...added.map((item) => item.id), live.replacesAnswerId ?? '']);
  const items = thread.items.filter((item) => !replaced.has(item.id) && !item.id.startsWith('unsaved-'));
  return { ...thread, items: [...items, ...added], handoff: false };
}
