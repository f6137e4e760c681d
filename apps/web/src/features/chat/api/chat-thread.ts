import {
  chatPaths,
  type ChatAppInfo,
  type ChatInitData,
  type ChatItem,
  type HomeInitData,
} from '@parley/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rememberAppKind } from '../../../stores/app-kind-store';
import type { AnswerErrorKind } from '../stores/live-answer-store';

/** A message as the screen holds it: the server's fields, plus why it failed when this tab saw it fail. */
export type ThreadItem = ChatItem & { errorKind?: AnswerErrorKind };

/** An open chat: the app, the chat, and the messages loaded so far (oldest first). */
export interface ChatThread {
  app: ChatAppInfo;
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
    const { app } = await http.get<HomeInitData>(`/api${chatPaths.homeInit}`, { type: 0 }, { signal, silent: true });
    rememberAppKind(app);
    return { app, chat: null, items: [], hasMore: false, prepended: 0 };
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
const early = new Map<string, { ref: ThreadRef; thread: Promise<ChatThread> }>();

/**
 * Starts loading a chat before its screen mounts: the route calls it as soon as its code
 * arrives, so the messages are on their way while the layout renders.
 */
export function prefetchChatThread(ref: ThreadRef): void {
  const key = threadKeyOf(ref);
  if (early.has(key)) return;
  const thread = getChatThread(ref);
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  thread.catch(() => undefined);
  early.set(key, { ref, thread });
}

function takeEarly(ref: ThreadRef): Promise<ChatThread> | null {
  const key = threadKeyOf(ref);
  const found = early.get(key);
  early.delete(key);
  return found && found.ref.appId === ref.appId ? found.thread : null;
}

export function chatThreadQueryOptions(ref: ThreadRef) {
  return queryOptions({
    queryKey: chatKeys.thread(ref),
    queryFn: ({ signal }) => takeEarly(ref) ?? getChatThread(ref, signal),
    // A chat this tab just created is already complete in the cache; any other is fetched
    // whenever a screen opens it.
    staleTime: (query) => (query.state.data?.handoff ? Infinity : 0),
  });
}

export type { ChatItem };
