import { chatLimits, type ChatHistoryItem, type HistoryPage } from '@parley/contracts';

/** The two sidebar lists: the official assistant's conversations and the agents history. */
export type HistoryKind = 'official' | 'agents';

/** What a history query holds: every page loaded so far, as one list. */
export interface HistoryList {
  list: ChatHistoryItem[];
  hasMore: boolean;
}

/** Spec section 9 fixes the agents page at 5; the official list uses the same so both read alike. */
export const historyPageSize: Record<HistoryKind, number> = {
  official: chatLimits.historyPageSize,
  agents: chatLimits.historyPageSize,
};

/** Spec section 4: page 1 replaces the list, later pages append (without repeating a chat). */
export function mergeHistoryPage(current: HistoryList | undefined, page: HistoryPage, pageNum: number): HistoryList {
  if (pageNum <= 1 || !current) return { list: page.list, hasMore: page.hasMore };
  const known = new Set(current.list.map((item) => item.chatId));
  return { list: [...current.list, ...page.list.filter((item) => !known.has(item.chatId))], hasMore: page.hasMore };
}

/**
 * The page to ask for next. Counting what is loaded, instead of remembering the last page,
 * keeps paging right after chats were added or deleted here: the server's pages have shifted
 * by as many, and the merge drops the repeats.
 */
export function nextPageNumber(loadedCount: number, pageSize: number): number {
  return Math.floor(loadedCount / pageSize) + 1;
}

/** The server's order: pinned first, then the most recently updated. */
export function sortHistories(list: ChatHistoryItem[]): ChatHistoryItem[] {
  return list
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        Number(b.item.top) - Number(a.item.top) ||
        Date.parse(b.item.updateTime) - Date.parse(a.item.updateTime) ||
        a.index - b.index,
    )
    .map(({ item }) => item);
}

/**
 * Spec section 4: an added history goes first. Pinned chats keep their place above it, as the
 * server lists them, so the list does not jump on the next refresh. A chat already listed moves
 * up and keeps the title and pin it has.
 */
export function addHistoryItem(list: ChatHistoryItem[], item: ChatHistoryItem): ChatHistoryItem[] {
  const existing = list.find((entry) => entry.chatId === item.chatId);
  const added = existing ? { ...item, title: existing.title || item.title, top: existing.top } : item;
  const rest = list.filter((entry) => entry.chatId !== item.chatId);
  const at = added.top ? 0 : rest.filter((entry) => entry.top).length;
  return [...rest.slice(0, at), added, ...rest.slice(at)];
}

export interface HistoryPatch {
  top?: boolean;
  title?: string;
}

/** Pin, unpin or rename one chat; a pin change moves it to where the server will list it. */
export function updateHistoryItem(list: ChatHistoryItem[], chatId: string, patch: HistoryPatch): ChatHistoryItem[] {
  const updated = list.map((item) => (item.chatId === chatId ? { ...item, ...definedOnly(patch) } : item));
  return patch.top === undefined ? updated : sortHistories(updated);
}

function definedOnly(patch: HistoryPatch): HistoryPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

export function removeHistoryItem(list: ChatHistoryItem[], chatId: string): ChatHistoryItem[] {
  return list.filter((item) => item.chatId !== chatId);
}

/**
 * Spec section 4: after deleting a chat, its neighbour becomes active: the previous one, else
 * the first, else the last. Null when none is left (or the chat was not listed).
 */
export function nextActiveAfterDelete(list: ChatHistoryItem[], deletedChatId: string): ChatHistoryItem | null {
  const index = list.findIndex((item) => item.chatId === deletedChatId);
  if (index === -1) return null;
  const remaining = removeHistoryItem(list, deletedChatId);
  if (remaining.length === 0) return null;
  if (index > 0 && index <= remaining.length) return remaining[index - 1] ?? null;
  if (index === 0) return remaining[0] ?? null;
  return remaining[remaining.length - 1] ?? null;
}

/** A new chat is titled after its first message: one line, at most the title limit. */
export function titleFromFirstMessage(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return clip(line, chatLimits.titleMaxChars).trim();
}

/** Cuts to `max` UTF-16 units (how the server counts) without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  let result = '';
  for (const char of text) {
    if (result.length + char.length > max) break;
    result += char;
  }
  return result;
}

export type TitleCheck = { ok: true; title: string } | { ok: false; reason: 'empty' | 'tooLong' };

/** The same rule as the server's updateHistory: trimmed, not empty, at most titleMaxChars. */
export function checkTitle(raw: string): TitleCheck {
  const title = raw.trim();
  if (title === '') return { ok: false, reason: 'empty' };
  if (title.length > chatLimits.titleMaxChars) return { ok: false, reason: 'tooLong' };
  return { ok: true, title };
}

export function displayTitle(item: Pick<ChatHistoryItem, 'title'>, newChatTitle: string): string {
  return item.title.trim() || newChatTitle;
}
