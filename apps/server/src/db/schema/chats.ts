import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';
import { timestamps } from './columns.js';
import { ownerCheck, ownerColumns } from './owner.js';

export const chatItemRoles = ['user', 'assistant', 'system'] as const;
export type ChatItemRole = (typeof chatItemRoles)[number];
/** Where a chat was asked from: the site, an agent's share link, the API (an agent key) or the embedded widget. */
export const chatChannels = ['site', 'share', 'api', 'widget'] as const;
export type ChatChannel = (typeof chatChannels)[number];
export const chatItemStatuses = ['done', 'streaming', 'stopped', 'error'] as const;
export type ChatItemStatus = (typeof chatItemStatuses)[number];

/** A knowledge source an answer used, as streamed to the client and kept with the answer. */
export type ChatCitation = {
  chunkId: string;
  fileId: string | null;
  fileName: string;
  heading: string | null;
  page: number | null;
  excerpt: string;
  score: number;
};

/**
 * Conversations of a user or a visitor with one app. The official assistant is an app too, so
 * `app_id` is always set; apps are soft-deleted, and `restrict` keeps them from vanishing
 * under someone's history.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'restrict' }),
    ...ownerColumns(),
    title: text('title').notNull().default(''),
    /** Pinned in the history list. */
    top: boolean('top').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The id the chat had in the history file it was imported from; a second import of it is a duplicate. */
    importedFrom: uuid('imported_from'),
    /** The model the user picked for this chat (one of LLM_MODELS); null: the app's or the default. */
    model: text('model'),
    channel: text('channel', { enum: chatChannels }).notNull().default('site'),
    ...timestamps,
  },
  (t) => [
    ownerCheck('chats_owner_check', t),
    check('chats_channel_check', sql`${t.channel} in ('site', 'share', 'api', 'widget')`),
    index('chats_user_updated_idx').on(t.userId, t.updatedAt),
    index('chats_user_app_updated_idx').on(t.userId, t.appId, t.updatedAt),
    index('chats_visitor_app_updated_idx').on(t.visitorId, t.appId, t.updatedAt),
    index('chats_app_updated_idx').on(t.appId, t.updatedAt),
  ],
);

/**
 * Messages of a chat. `seq` gives the order: a question and its answer are written in one
 * transaction and share `created_at`.
 */
export const chatItems = pgTable(
  'chat_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    role: text('role', { enum: chatItemRoles }).notNull(),
    content: text('content').notNull().default(''),
    status: text('status', { enum: chatItemStatuses }).notNull().default('done'),
    error: text('error'),
    /** Why an answer failed, by kind (contracts streamErrorKind), so a reload says it as the live stream did. */
    errorKind: text('error_kind'),
    /** The model's thinking before the answer (reasoning models); never part of later context. */
    reasoning: text('reasoning'),
    /** How long the model thought, from its first thought to the answer's first word. */
    reasoningMs: integer('reasoning_ms'),
    /** Reasoning tokens, when the service reports them (within completion_tokens). */
    reasoningTokens: integer('reasoning_tokens'),
    /** From the question arriving to the answer's first text, when a model wrote one (the dashboard's time to first token). */
    firstTokenMs: integer('first_token_ms'),
    /** The answer stopped at the output limit (finish_reason length): it can be continued. */
    cutShort: boolean('cut_short').notNull().default(false),
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    /** The model that wrote the answer, as the model service names it; null for a canned reply. */
    model: text('model'),
    /** The model the answer was asked of (LLM_MODELS' name); usage is counted under it. */
    requestedModel: text('requested_model'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    userGoodFeedback: boolean('user_good_feedback').notNull().default(false),
    userBadFeedback: boolean('user_bad_feedback').notNull().default(false),
    /** Free-text notes on an answer, newest last (contracts: customFeedbacks). */
    customFeedbacks: jsonb('custom_feedbacks').$type<string[]>().notNull().default([]),
    feedbackAt: timestamp('feedback_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('chat_items_chat_seq_idx').on(t.chatId, t.seq),
    // the operators' quality queue: thumbs-down answers, newest first
    index('chat_items_bad_feedback_idx').on(t.feedbackAt).where(sql`${t.userBadFeedback}`),
    // the console's dashboard reads days of messages
    index('chat_items_created_at_idx').on(t.createdAt),
    check('chat_items_role_check', sql`${t.role} in ('user', 'assistant', 'system')`),
    check('chat_items_status_check', sql`${t.status} in ('done', 'streaming', 'stopped', 'error')`),
    check('chat_items_feedback_check', sql`not (${t.userGoodFeedback} and ${t.userBadFeedback})`),
    check('chat_items_custom_feedbacks_check', sql`jsonb_typeof(${t.customFeedbacks}) = 'array'`),
  ],
);

/**
 * The text of an answer while it streams, saved in pieces: each save appends only what came since
 * the last one (`starts_at` is where the piece begins in the answer's text), so saving costs the
 * same at the end of a long answer as at its start. The answer's `content` holds what it had
 * when the stream began (a continued answer's first part, or nothing); `content` followed by the
 * pieces is the text so far. The final save writes the whole text into `content` once and
 * deletes the pieces; an answer abandoned by a dead process gets them folded in when it is
 * marked interrupted.
 */
export const answerParts = pgTable(
  'answer_parts',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => chatItems.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.startsAt] })],
);
