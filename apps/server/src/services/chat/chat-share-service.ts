import { randomBytes } from 'node:crypto';
import type { ChatShareInfo, SharedConversation } from '@parley/contracts';
import type { ChatShareRepo, ChatShareSummary } from '../../db/repos/chat-share-repo.js';
import type { HistoryRepo } from '../../db/repos/history-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';
import { chatAppInfoFor } from './history-service.js';

/** 128 random bits, 22 base64url characters: unguessable, and short enough for a link. */
export function newShareCode(): string {
  return randomBytes(16).toString('base64url');
}

function toShareInfo(share: ChatShareSummary): ChatShareInfo {
  return { ...share, createdAt: share.createdAt.toISOString() };
}

const shareNotFound = () => new AppError('NOT_FOUND', 'This shared conversation does not exist or is no longer shared.');

/** Conversation sharing: freeze a chat behind a link, list and revoke one's links, read a link. */
export function createChatShareService({
  shares,
  histories,
  onFirstOpen,
}: {
  shares: ChatShareRepo;
  histories: HistoryRepo;
  /** A user's link was opened by someone else for the first time; must not throw. */
  onFirstOpen?: (event: { ownerUserId: string; shareCode: string; title: string }) => Promise<void>;
}) {
  return {
    /** Only finished messages with text are frozen: an answer still being written is left out. */
    async create(owner: Owner, chatId: string): Promise<ChatShareInfo> {
      const found = await histories.findChatWithApp(owner, chatId);
      if (!found) throw new AppError('NOT_FOUND', 'This chat does not exist or has been deleted.');
      const items = await histories.finishedItems(owner, chatId);
      if (items.length === 0) {
        throw new AppError('VALIDATION', 'This chat has no finished messages yet, so there is nothing to share.');
      }
      // the sharer's own view of the app, less what only its owner is told
      const { hiddenByOperator: _ownersOnly, ...app } = chatAppInfoFor(found.app, owner);
      const snapshot = {
        title: found.chat.title,
        app,
        items: items.map((item) => ({
          role: item.role,
          content: item.content,
          citations: item.citations,
          createdAt: item.createdAt.toISOString(),
        })),
      };
      const share = await shares.create(owner, { shareCode: newShareCode(), chatId, appId: found.chat.appId, snapshot });
      return toShareInfo(share);
    },

    async list(owner: Owner, chatId?: string): Promise<{ list: ChatShareInfo[] }> {
      return { list: (await shares.list(owner, chatId)).map(toShareInfo) };
    },

    async revoke(owner: Owner, shareCode: string): Promise<void> {
      if (!(await shares.revoke(owner, shareCode))) throw shareNotFound();
    },

    async open(viewer: Owner, shareCode: string): Promise<SharedConversation> {
      const share = await shares.open(shareCode, viewer);
      if (!share) throw shareNotFound();
      if (share.firstOpen && share.userId && onFirstOpen) {
        await onFirstOpen({ ownerUserId: share.userId, shareCode: share.shareCode, title: share.snapshot.title });
      }
      const { app } = share.snapshot;
      const closedBecause = app.closedBecause ?? (app.deleted ? 'deleted' : null);
      return { shareCode: share.shareCode, ...share.snapshot, app: { ...app, closedBecause, hiddenByOperator: false }, createdAt: share.createdAt.toISOString() };
    },
  };
}

export type ChatShareService = ReturnType<typeof createChatShareService>;
