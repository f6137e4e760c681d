import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.js';
import { tsvector } from './custom-types.js';
import { ownerCheck, ownerColumns } from './owner.js';
import { users } from './users.js';

export const appVisibilities = ['private', 'unlisted', 'public'] as const;
export type AppVisibility = (typeof appVisibilities)[number];
export const knowledgeModes = ['strict', 'open'] as const;
export type KnowledgeMode = (typeof knowledgeModes)[number];

/**
 * Listed in discover: repos must repeat this condition for the partial indexes to apply.
 * Indexes are ascending; `order by x desc, id desc` walks them backwards.
 */
const listed = sql`visibility = 'public' and hidden_at is null and deleted_at is null`;

/**
 * Agents (智能体), and the official assistant (智能客服) as the single row with `is_official`.
 * Deleting an agent sets `deleted_at`: the row stays so others' chats with it remain readable.
 * The owner is null only once the agent is deleted (account deletion anonymises) or when it is
 * the official assistant.
 */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    /** Short description shown on cards and in the chat header. */
    intro: text('intro').notNull().default(''),
    category: text('category').notNull().default('general'),
    systemPrompt: text('system_prompt').notNull().default(''),
    /** Null: the configured default model. */
    model: text('model'),
    /** Null: the agent does not fix it; the chatting user's setting applies. */
    temperature: real('temperature'),
    topP: real('top_p'),
    openingMessage: text('opening_message').notNull().default(''),
    suggestedQuestions: jsonb('suggested_questions').$type<string[]>().notNull().default([]),
    visibility: text('visibility', { enum: appVisibilities }).notNull().default('private'),
    knowledgeMode: text('knowledge_mode', { enum: knowledgeModes }).notNull().default('open'),
    isOfficial: boolean('is_official').notNull().default(false),
    conversationCount: integer('conversation_count').notNull().default(0),
    userCount: integer('user_count').notNull().default(0),
    goodCount: integer('good_count').notNull().default(0),
    badCount: integer('bad_count').notNull().default(0),
    /** Distinct users over the last 30 days weighted by the like ratio; refreshed by a job. */
    popularityScore: real('popularity_score').notNull().default(0),
    /**
     * For "best rated": the lower bound of the like ratio's 95% Wilson interval, so many good
     * ratings outrank a single one; -1 for an agent nobody rated, which comes last.
     */
    rating: real('rating')
      .notNull()
      .generatedAlwaysAs(
        sql`case when good_count + bad_count = 0 then -1 else ((good_count + 1.9208) / (good_count + bad_count) - 1.96 * sqrt((good_count::float8 * bad_count) / (good_count + bad_count) + 0.9604) / (good_count + bad_count)) / (1 + 3.8416 / (good_count + bad_count)) end`,
      ),
    /** First time the agent became public; "newest" in discover sorts by it. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    /**
     * The owner asked an operator to publish what the content check refused: the agent is kept
     * private until approved (published) or declined. `review_problems` is what the check found.
     */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true, mode: 'date' }),
    reviewProblems: jsonb('review_problems').$type<{ path: string; message: string; source: 'keywords' | 'moderation'; word?: string }[]>(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The websites (canonical origins) that may embed the agent's chat widget; empty: no widget. */
    widgetOrigins: text('widget_origins').array().notNull().default(sql`'{}'::text[]`),
    /** Name and description segmented into words (text/segment.ts), for discover search. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    ...timestamps,
  },
  (t) => [
    index('apps_search_vector_idx').using('gin', t.searchVector).where(listed),
    index('apps_owner_id_idx').on(t.ownerId, t.updatedAt),
    index('apps_listed_popular_idx').on(t.popularityScore, t.id).where(listed),
    index('apps_listed_category_popular_idx').on(t.category, t.popularityScore, t.id).where(listed),
    index('apps_listed_newest_idx').on(t.publishedAt, t.id).where(listed),
    index('apps_listed_rating_idx').on(t.rating, t.id).where(listed),
    index('apps_review_queue_idx').on(t.reviewRequestedAt).where(sql`review_requested_at is not null`),
    index('apps_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('apps_intro_trgm_idx').using('gin', t.intro.op('gin_trgm_ops')),
    uniqueIndex('apps_official_key').on(t.isOfficial).where(sql`is_official`),
    check('apps_temperature_check', sql`${t.temperature} between 0 and 2`),
    check('apps_top_p_check', sql`${t.topP} between 0 and 1`),
    check('apps_visibility_check', sql`${t.visibility} in ('private', 'unlisted', 'public')`),
    check('apps_knowledge_mode_check', sql`${t.knowledgeMode} in ('strict', 'open')`),
    check('apps_suggested_questions_check', sql`jsonb_typeof(${t.suggestedQuestions}) = 'array'`),
    check('apps_owner_check', sql`${t.ownerId} is not null or ${t.isOfficial} or ${t.deletedAt} is not null`),
  ],
);

/** The public share number of an agent (`/share/:shareNum`); one per agent. */
export const appShares = pgTable(
  'app_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    shareNum: text('share_num').notNull(),
    /** First time someone other than the owner opened it (drives a notification). */
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('app_shares_share_num_key').on(t.shareNum),
    uniqueIndex('app_shares_app_id_key').on(t.appId),
  ],
);

/**
 * One row per person (user or visitor) per UTC day they asked an agent something: distinct
 * users over the last 30 days drive "popular", however many messages each sent. The creator's
 * own use is not recorded.
 */
export const appUserDays = pgTable(
  'app_user_days',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    ...ownerColumns(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('app_user_days_key').on(t.appId, sql`coalesce(user_id, visitor_id)`, t.day),
    index('app_user_days_app_day_idx').on(t.appId, t.day),
    ownerCheck('app_user_days_owner_check', t),
  ],
);
