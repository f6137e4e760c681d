import type { ThreadItem } from '../api/chat-thread';
import type { LiveAnswer } from '../stores/live-answer-store';

export type MessageRow =
  | { kind: 'item'; key: string; item: ThreadItem; isLastAnswer: boolean }
  | { kind: 'live-question'; key: string; content: string }
  | { kind: 'live-answer'; key: string; live: LiveAnswer };

/**
 * The rows the list shows: the chat's saved messages, with the answer in flight (and its
 * question) in place of what it replaces. Keys stay the message ids once the server named
 * them, so a finished answer keeps its row instead of being drawn again.
 */
export function messageRows(items: ThreadItem[], live: LiveAnswer | null): MessageRow[] {
  const hidden = new Set([live?.question?.id, live?.answerId, live?.replacesAnswerId].filter(Boolean));
  const shown = items.filter((item) => !hidden.has(item.id));
  const lastIndex = live ? -1 : shown.length - 1;
  const rows: MessageRow[] = shown.map((item, index) => ({
    kind: 'item',
    key: item.id,
    item,
    isLastAnswer: index === lastIndex && item.role === 'assistant',
  }));
  if (live?.question) rows.push({ kind: 'live-question', key: live.question.id ?? `${live.id}-question`, content: live.question.content });
  if (live) rows.push({ kind: 'live-answer', key: live.answerId ?? `${live.id}-answer`, live });
  return rows;
}

/** The answer "regenerate" replaces: the last message, when it is an answer. */
export function lastAnswerId(items: ThreadItem[]): string | null {
  const last = items.at(-1);
  return last?.role === 'assistant' ? last.id : null;
}
