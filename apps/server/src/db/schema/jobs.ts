import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Background work (knowledge ingestion, score refresh, purges). Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`; a running job whose `locked_at` is stale belonged to a dead
 * instance and is claimed again. `dedupe_key` keeps one live job per subject (e.g. a file).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    /** Percent done, reported by the worker. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    index('jobs_running_locked_at_idx').on(t.lockedAt).where(sql`status = 'running'`),
    uniqueIndex('jobs_live_dedupe_key').on(t.dedupeKey).where(sql`status in ('queued', 'running')`),
    index('jobs_kind_idx').on(t.kind, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
