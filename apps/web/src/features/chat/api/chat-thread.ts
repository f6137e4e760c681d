import {
  chatPaths,
  type ChatAppInfo,
  type ChatInitData,
  type ChatItem,
  type ChatModelChoice,
  type HomeInitData,
} from '@parley/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rememberAppKind } from '../../../stores/app-kind-store';
import type { AnswerErrorKind } from '../stores/live-answer-store';

/** A message as the screen holds it: the server's fields, plus why it failed when this tab saw it fail. */
export type ThreadItem = Omit<ChatItem, 'errorKind'> & {
  errorKind: AnswerErrorKind | null;
  /** This tab saw the model service say when to ask again (not saved: a reload has no use for it). */
  retryAfterSeconds?: number | null;
};

/** An open chat: the app, the chat, and the messages loaded so far (oldest first). */
export interface ChatThread {
  app: ChatAppInfo;
  /** Which models the chat may answer with. */
  modelChoice: ChatModelChoice;
  chat: ChatInitData['chat'];
  items: ThreadItem[];
  /** Older messages exist on the server. */
  hasMore: boolean;
  /** Messages added at the top since it opened; the virtual list keeps its indexes with it. */
  prepended: number;
  /** This tab created the chat a moment ago and holds all of it: no need to fetch it. */
  handoff?: boolean;
}

/** Which chat: `chatId` for an existing one; without it, a new chat with `appId` (none: the official assistant). */
export interface ThreadRef {
  appId?: string;
  chatId?: string;
}

export function threadKeyOf(ref: ThreadRef): string {
  return ref.chatId ?? `new:${ref.appId ?? 'official'}`;
}

export const chatKeys = {
  all: ['chat'] as const,
  thread: (ref: ThreadRef) => ['chat', 'thread', threadKeyOf(ref)] as const,
  share: (shareCode: string) => ['chat', 'share', shareCode] as const,
};

/** GET home/init for the official assistant's new chat; GET core/chat/init otherwise. */
export async function getChatThread(ref: ThreadRef, signal?: AbortSignal): Promise<ChatThread> {
  if (!ref.chatId && !ref.appId) {
    const { app, modelChoice } = await http.get<HomeInitData>(`/api${chatPaths.homeInit}`, { type: 0 }, { signal, silent: true });
    rememberAppKind(app);
    return { app, modelChoice, chat: null, items: [], hasMore: false, prepended: 0 };
  }
  const data = await http.get<ChatInitData>(
    `/api${chatPaths.chatInit}`,
    { appId: ref.appId, chatId: ref.chatId },
    { signal, silent: true },
  );
  rememberAppKind(data.app);
  return { ...data, prepended: 0 };
}

/** Loads started before any screen asked, each taken by the first query for its chat. */
const early = new Map<string, { ref: ThreadRef; thread: Promise<ChatThread>; arrived?: ChatThread }>();

/** Threads a screen took from an early load that had already arrived: they are this opening's fetch. */
const takenEarly = new WeakSet<ChatThread>();
/** How long such a thread counts as fresh: long enough for the screen that opens it to mount. */
const earlyFreshMs = 10_000;

/**
 * Starts loading a chat before its screen mounts: the route calls it as soon as its code
 * arrives, so the messages are on their way while the layout renders.
 */
export function prefetchChatThread(ref: ThreadRef): void {
  const key = threadKeyOf(ref);
  if (early.has(key)) return;
  const thread = getChatThread(ref);
  const entry: { ref: ThreadRef; thread: Promise<ChatThread>; arrived?: ChatThread } = { ref, thread };
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  thread.then((data) => (entry.arrived = data)).catch(() => undefined);
  early.set(key, entry);
}

function takeEarly(ref: ThreadRef): Promise<ChatThread> | null {
  const key = threadKeyOf(ref);
  const found = early.get(key);
  early.delete(key);
  return found && found.ref.appId === ref.appId ? found.thread : null;
}

/** An early load that has already arrived: the screen draws its messages at once, with no loading state. */
function takeArrived(ref: ThreadRef): ChatThread | undefined {
  const found = early.get(threadKeyOf(ref));
  if (!found?.arrived || found.ref.appId !== ref.appId) return undefined;
  early.delete(threadKeyOf(ref));
  takenEarly.add(found.arrived);
  return found.arrived;
}

export function chatThreadQueryOptions(ref: ThreadRef) {
  return queryOptions({
    queryKey: chatKeys.thread(ref),
    queryFn: ({ signal }) => takeEarly(ref) ?? getChatThread(ref, signal),
    initialData: () => takeArrived(ref),
    // A chat this tab just created is already complete in the cache, and one loaded early was
    // fetched for this very opening; any other is fetched whenever a screen opens it.
    staleTime: (query) => {
      const data = query.state.data;
      if (data?.handoff) return Infinity;
      return data && takenEarly.has(data) ? earlyFreshMs : 0;
    },
  });
}

export type { ChatItem };
