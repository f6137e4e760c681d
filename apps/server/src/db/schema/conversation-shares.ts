import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';
import { chats, type ChatCitation } from './chats.js';
import { createdAt } from './columns.js';
import { ownerCheck, ownerColumns } from './owner.js';

/** What `/shareChat/:shareCode` renders, frozen when the share was made. */
export type ConversationSnapshot = {
  title: string;
  /** The app as the chat header showed it when the share was made (contracts: ChatAppInfo). */
  app: {
    id: string;
    name: string;
    avatarUrl: string | null;
    intro: string;
    openingMessage: string;
    suggestedQuestions: string[];
    isOfficial: boolean;
    creatorName: string | null;
    deleted: boolean;
    /** Absent from snapshots made before it existed. */
    closedBecause?: 'deleted' | 'hidden' | 'private' | null;
  };
  items: { role: 'user' | 'assistant'; content: string; citations: ChatCitation[]; createdAt: string }[];
};

/**
 * A read-only link to a frozen copy of a chat. The snapshot outlives the chat; revoking keeps
 * the row so the code is never reissued.
 */
export const conversationShares = pgTable(
  'conversation_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareCode: text('share_code').notNull(),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    appId: uuid('app_id').references(() => apps.id, { onDelete: 'set null' }),
    ...ownerColumns(),
    snapshot: jsonb('snapshot').$type<ConversationSnapshot>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    ownerCheck('conversation_shares_owner_check', t),
    uniqueIndex('conversation_shares_share_code_key').on(t.shareCode),
    index('conversation_shares_user_id_idx').on(t.userId, t.createdAt),
    index('conversation_shares_visitor_id_idx').on(t.visitorId, t.createdAt),
    index('conversation_shares_chat_id_idx').on(t.chatId),
  ],
);
