import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';
import { chatItems } from './chats.js';
import { createdAt, fileContent, fileContentRules, timestamps } from './columns.js';
import { tsvector } from './custom-types.js';

export const knowledgeFileStatuses = ['queued', 'processing', 'ready', 'failed'] as const;
export type KnowledgeFileStatus = (typeof knowledgeFileStatuses)[number];
export const knowledgeChunkKinds = ['passage', 'qa'] as const;
export type KnowledgeChunkKind = (typeof knowledgeChunkKinds)[number];

/** Files uploaded to an agent, kept (in the row or in object storage) so any instance can (re)index them. */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Detected from the content, not the file name. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    ...fileContent,
    status: text('status', { enum: knowledgeFileStatuses }).notNull().default('queued'),
    /** Why it failed, in English; `error_code` and `error_params` say the same for clients to translate. */
    error: text('error'),
    errorCode: text('error_code'),
    errorParams: jsonb('error_params').$type<Record<string, unknown>>(),
    /** Processing progress in percent. */
    progress: integer('progress').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    pageCount: integer('page_count'),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('knowledge_files_app_id_idx').on(t.appId, t.createdAt),
    index('knowledge_files_app_sha256_idx').on(t.appId, t.sha256),
    check('knowledge_files_status_check', sql`${t.status} in ('queued', 'processing', 'ready', 'failed')`),
    check('knowledge_files_progress_check', sql`${t.progress} between 0 and 100`),
    ...fileContentRules('knowledge_files', t),
  ],
);

/**
 * Retrieval units: passages split from files, and Q&A pairs (from CSV or typed in by the owner,
 * then `file_id` is null). `search_title` and `search_text` hold the text already segmented into
 * space-separated words (Intl.Segmenter for CJK); the database derives `search_vector` from them
 * with the 'simple' configuration, title words weighted A and body words B.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull().default(0),
    kind: text('kind', { enum: knowledgeChunkKinds }).notNull().default('passage'),
    /** The question of a Q&A pair; `content` is then its answer. */
    question: text('question'),
    content: text('content').notNull(),
    heading: text('heading'),
    page: integer('page'),
    tokenCount: integer('token_count').notNull().default(0),
    /**
     * Made by a processing run that has not finished: not searched until `finish` swaps them in
     * for the file's earlier chunks in one transaction, so a file being re-indexed keeps answering.
     */
    pending: boolean('pending').notNull().default(false),
    /** The official assistant's shipped FAQ, which every start brings up to date; entries operators add are not. */
    builtIn: boolean('built_in').notNull().default(false),
    searchTitle: text('search_title').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, search_title), 'A') || setweight(to_tsvector('simple'::regconfig, search_text), 'B')`,
      ),
    ...timestamps,
  },
  (t) => [
    index('knowledge_chunks_app_id_idx').on(t.appId),
    index('knowledge_chunks_file_id_idx').on(t.fileId, t.ordinal),
    index('knowledge_chunks_search_vector_idx').using('gin', t.searchVector),
    check('knowledge_chunks_kind_check', sql`${t.kind} in ('passage', 'qa')`),
    check('knowledge_chunks_qa_check', sql`${t.kind} <> 'qa' or ${t.question} is not null`),
  ],
);

/**
 * Questions an agent could not answer from its knowledge, for the owner to answer as a Q&A
 * entry. One row per distinct question (`question_hash` of the normalised text), counted.
 */
export const unansweredQuestions = pgTable(
  'unanswered_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    questionHash: text('question_hash').notNull(),
    askCount: integer('ask_count').notNull().default(1),
    askedAt: timestamp('asked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answerChunkId: uuid('answer_chunk_id').references(() => knowledgeChunks.id, { onDelete: 'set null' }),
    /** The question as it was last asked, in its chat: what the operators' quality queue opens. */
    lastChatItemId: uuid('last_chat_item_id').references((): AnyPgColumn => chatItems.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('unanswered_questions_app_question_key').on(t.appId, t.questionHash),
    index('unanswered_questions_app_open_idx').on(t.appId, t.lastAskedAt).where(sql`answered_at is null`),
    // deleting a chat's items clears the link: without it each deletion would read the whole table
    index('unanswered_questions_last_chat_item_idx').on(t.lastChatItemId),
    index('unanswered_questions_asked_at_idx').on(t.askedAt),
  ],
);
