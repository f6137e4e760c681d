import {
  chatLimits,
  type ChatAppInfo,
  type ChatHistoryItem,
  type ChatInitData,
  type ChatInitQuery,
  type ChatItem,
  type ChatItemsData,
  type ChatItemsQuery,
  type FeedbackData,
  type HistoryPage,
  type SessionGetData,
  streamErrorKind,
} from '@parley/contracts';
import { toChatAppInfo, type AppRepo, type ChatApp } from '../../db/repos/app-repo.js';
import type { ChatRefusal, FeedbackState, HistoryRepo, HistoryRow, ItemRow } from '../../db/repos/history-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';
import type { ModelChoice } from './model-choice.js';

/**
 * The app as this caller sees it. A deleted agent, one an operator hid (for all but its owner)
 * and one its owner made private again (for everyone else) take nothing new; old chats stay
 * readable, and `closedBecause` says which it is.
 */
export function chatAppInfoFor(app: ChatApp, owner: Owner): ChatAppInfo {
  return toChatAppInfo(app, owner.userId);
}

/** A saved error kind the contract still knows (a newer server's may not be). */
function knownErrorKind(kind: string | null): ChatItem['errorKind'] {
  const known = streamErrorKind.safeParse(kind);
  return known.success ? known.data : null;
}

export function toChatItem(row: ItemRow): ChatItem {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    status: row.status,
    error: row.error,
    errorKind: knownErrorKind(row.errorKind),
    reasoning: row.reasoning,
    reasoningMs: row.reasoningMs,
    reasoningTokens: row.reasoningTokens,
    cutShort: row.cutShort,
    citations: row.citations,
    model: row.model,
    requestedModel: row.requestedModel,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    userGoodFeedback: row.userGoodFeedback,
    userBadFeedback: row.userBadFeedback,
    customFeedbacks: row.customFeedbacks,
    createdAt: row.createdAt.toISOString(),
  };
}

function toHistoryItem(row: HistoryRow): ChatHistoryItem {
  return {
    chatId: row.chatId,
    appId: row.appId,
    title: row.title,
    top: row.top,
    updateTime: row.updatedAt.toISOString(),
    appName: row.appName,
    appAvatarUrl: row.appAvatarUrl,
    appDeleted: row.appDeleted,
  };
}

export type FeedbackChange = Partial<FeedbackState>;

/** A thumb turned on clears the other one; false turns a thumb off; notes replace the old list. */
export function nextFeedback(current: FeedbackState, change: FeedbackChange): FeedbackState {
  const good = change.userGoodFeedback ?? current.userGoodFeedback;
  const bad = change.userBadFeedback ?? current.userBadFeedback;
  return {
    userGoodFeedback: good && change.userBadFeedback !== true,
    userBadFeedback: bad && change.userGoodFeedback !== true,
    customFeedbacks: change.customFeedbacks ?? current.customFeedbacks,
  };
}

const chatNotFound = () => new AppError('NOT_FOUND', 'This chat does not exist or has been deleted.');

/** Turns a refused chat write into the error the caller sees. */
export function refusalError(refusal: ChatRefusal, action: string): AppError {
  return refusal === 'streaming'
    ? new AppError('CONFLICT', `An answer in this chat is still being written. Stop it or wait for it to finish before you ${action}.`)
    : chatNotFound();
}

/**
 * Reading one's chats and histories, pinning, renaming and deleting them. `answerStaleAfterMs`:
 * how long an answer may go unsaved before it counts as abandoned (the answer pipeline's rule).
 */
/** Feedback someone gave, for the agent owner's messages page. */
export interface FeedbackEvent {
  appId: string;
  chatItemId: string;
  raterUserId: string | null;
  rating: 'good' | 'bad' | 'none';
  note: string | null;
}

export function createHistoryService(deps: {
  histories: HistoryRepo;
  apps: AppRepo;
  models: ModelChoice;
  answerStaleAfterMs: number;
  /** Told of a new rating or note; must not throw. */
  onFeedback?: (event: FeedbackEvent) => Promise<void>;
}) {
  const { histories, apps, models, answerStaleAfterMs } = deps;
  async function official(): Promise<ChatApp> {
    const app = await apps.findOfficial();
    if (!app) throw new AppError('UNAVAILABLE', 'The official assistant is not set up yet.');
    return app;
  }

  async function page(owner: Owner, filter: { official: boolean; appId?: string; page: number; pageSize: number }): Promise<HistoryPage> {
    const { rows, total } = await histories.list(owner, filter);
    return {
      list: rows.map(toHistoryItem),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
      hasMore: filter.page * filter.pageSize < total,
    };
  }

  return {
    async homeInit(owner: Owner) {
      const app = await official();
      return { app: chatAppInfoFor(app, owner), modelChoice: models.choiceFor(app.row) };
    },

    async currentSession(owner: Owner): Promise<SessionGetData> {
      const app = await official();
      const chat = await histories.latest(owner, app.row.id);
      return {
        chatId: chat?.id ?? null,
        appId: app.row.id,
        title: chat?.title ?? null,
        updateTime: chat?.updatedAt.toISOString() ?? null,
      };
    },

    officialConversations(owner: Owner, query: { page: number; pageSize: number }) {
      return page(owner, { official: true, ...query });
    },

    agentHistories(owner: Owner, query: { appId?: string; pageNum: number; pageSize: number }) {
      return page(owner, { official: false, appId: query.appId, page: query.pageNum, pageSize: query.pageSize });
    },

    /** The app, and with a chat id that chat's newest page of messages. */
    async chatInit(owner: Owner, query: ChatInitQuery): Promise<ChatInitData> {
      const appId = query.appId ?? (await official()).row.id;
      if (!query.chatId) {
        const app = await apps.findForChat(appId, owner.userId);
        if (!app) throw new AppError('NOT_FOUND', 'This agent does not exist or is not shared with you.');
        return { app: chatAppInfoFor(app, owner), modelChoice: models.choiceFor(app.row), chat: null, items: [], hasMore: false };
      }
      const found = await histories.findChatWithApp(owner, query.chatId);
      if (!found || found.chat.appId !== appId) throw chatNotFound();
      const messages = await histories.pageItems(owner, found.chat.id, { limit: chatLimits.itemsPageSize });
      if (!messages) throw chatNotFound();
      const { chat } = found;
      return {
        app: chatAppInfoFor(found.app, owner),
        modelChoice: models.choiceFor(found.app.row),
        chat: { id: chat.id, title: chat.title, top: chat.top, updateTime: chat.updatedAt.toISOString(), model: chat.model },
        items: messages.items.map(toChatItem),
        hasMore: messages.hasMore,
      };
    },

    async chatItems(owner: Owner, query: ChatItemsQuery): Promise<ChatItemsData> {
      const messages = await histories.pageItems(owner, query.chatId, { before: query.before, limit: query.limit });
      if (!messages) throw new AppError('NOT_FOUND', 'This chat or message does not exist or has been deleted.');
      return { items: messages.items.map(toChatItem), hasMore: messages.hasMore };
    },

    async updateHistory(owner: Owner, request: { appId: string; chatId: string; top?: boolean; title?: string }) {
      const { appId, chatId, ...change } = request;
      const row = await histories.update(owner, { appId, chatId }, change);
      if (!row) throw chatNotFound();
      return toHistoryItem(row);
    },

    async deleteHistory(owner: Owner, target: { appId: string; chatId: string }) {
      const result = await histories.softDelete(owner, target, answerStaleAfterMs);
      if (result !== 'deleted') throw refusalError(result, 'delete the chat');
    },

    async clearMessages(owner: Owner, chatId: string) {
      const result = await histories.clearItems(owner, chatId, answerStaleAfterMs);
      if (result !== 'cleared') throw refusalError(result, 'clear the chat');
    },

    async deleteItem(owner: Owner, target: { chatId: string; itemId: string }) {
      const result = await histories.deleteItem(owner, target, answerStaleAfterMs);
      if (result === 'not_found') throw new AppError('NOT_FOUND', 'This message does not exist or has been deleted.');
      if (result !== 'deleted') throw refusalError(result, 'delete a message');
    },

    async updateFeedback(
      owner: Owner,
      target: { appId: string; chatId: string; chatItemId: string },
      change: FeedbackChange,
    ): Promise<FeedbackData> {
      const result = await histories.setFeedback(owner, { ...target, itemId: target.chatItemId }, (current) =>
        nextFeedback(current, change),
      );
      if (result === 'not_found') throw new AppError('NOT_FOUND', 'This message does not exist or has been deleted.');
      if (result === 'not_answer') throw new AppError('VALIDATION', 'Feedback can only be given on an answer, not on a question.');
      const { previous, next } = result;
      const rated = (next.userGoodFeedback && !previous.userGoodFeedback) || (next.userBadFeedback && !previous.userBadFeedback);
      const newNote = next.customFeedbacks.at(-1);
      const noted = newNote !== undefined && !previous.customFeedbacks.includes(newNote);
      if (deps.onFeedback && (rated || noted)) {
        await deps.onFeedback({
          appId: target.appId,
          chatItemId: target.chatItemId,
          raterUserId: owner.userId,
          rating: next.userGoodFeedback ? 'good' : next.userBadFeedback ? 'bad' : 'none',
          note: noted ? newNote : null,
        });
      }
      return { chatItemId: target.chatItemId, ...next };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
