import { and, asc, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { jobs, type JobStatus } from '../schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this time (now when absent). */
  runAt?: Date;
  /** At most one queued or running job per key: a second enqueue with it is ignored. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Queue length by kind and status, for the job queue depth metric. */
export interface JobDepth {
  kind: string;
  status: JobStatus;
  count: number;
}

/**
 * The background job queue in the database, shared by every instance. A worker claims due jobs
 * with `FOR UPDATE SKIP LOCKED`, so two workers never take the same row; a running job whose
 * `locked_at` (its lease, renewed by heartbeats) is older than the lease belonged to a worker that
 * died and is claimed again. Every update after the claim names the worker, so a worker that lost
 * its lease cannot finish a job someone else now holds.
 */
export function jobRepo(db: Database) {
  const heldBy = (id: string, workerId: string) =>
    and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

  return {
    /** Adds a job; null when a live job already holds its dedupe key. */
    async enqueue(job: EnqueueJob): Promise<JobRow | null> {
      const [row] = await db
        .insert(jobs)
        .values({
          kind: job.kind,
          payload: job.payload ?? {},
          runAt: job.runAt ?? sql`now()`,
          dedupeKey: job.dedupeKey ?? null,
          maxAttempts: job.maxAttempts,
        })
        .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
        .returning();
      return row ?? null;
    },

    /**
     * Takes up to `limit` due jobs of `kinds` for `workerId`: queued ones whose time has come,
     * and running ones whose lease ran out. Each claim counts an attempt.
     */
    async claim(input: { kinds: readonly string[]; workerId: string; leaseMs: number; limit: number }): Promise<JobRow[]> {
      if (input.kinds.length === 0 || input.limit <= 0) return [];
      const leaseExpired = sql`now() - make_interval(secs => ${input.leaseMs / 1000})`;
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, [...input.kinds]),
            or(
              and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
              and(eq(jobs.status, 'running'), lt(jobs.lockedAt, leaseExpired)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(input.limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ status: 'running', lockedBy: input.workerId, lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, due))
        .returning();
    },

    /** Renews the lease; false when the job is no longer this worker's (it lost the lease). */
    async heartbeat(id: string, workerId: string, progress?: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ lockedAt: sql`now()`, ...(progress === undefined ? {} : { progress }) })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async complete(id: string, workerId: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'done', progress: 100, error: null, lockedBy: null, lockedAt: null, finishedAt: sql`now()` })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** A failed attempt: queued again in `retryInMs`, or failed for good once attempts are used up. */
    async fail(id: string, workerId: string, error: string, retryInMs: number): Promise<'retrying' | 'failed' | 'lost'> {
      const rows = await db
        .update(jobs)
        .set({
          status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
          runAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          error: error.slice(0, 2000),
          lockedBy: null,
          lockedAt: null,
          finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() else null end`,
        })
        .where(heldBy(id, workerId))
        .returning({ status: jobs.status });
      const status = rows[0]?.status;
      return status === undefined ? 'lost' : status === 'failed' ? 'failed' : 'retrying';
    },

    /** Gives a job back untouched (shutdown): queued again at once, the attempt not counted. */
    async release(id: string, workerId: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedAt: null })
        .where(heldBy(id, workerId))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async find(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    /** Queued and running jobs by kind. */
    async depth(): Promise<JobDepth[]> {
      const rows = await db
        .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'running']))
        .groupBy(jobs.kind, jobs.status);
      return rows;
    },

    /** Deletes jobs that finished (done or failed) before `before`; answers how many. */
    /** Deletes jobs that finished before `before`, but those of the `kept` kinds until `keptBefore`. */
    async purgeFinished(before: Date, kept: { kinds: string[]; before: Date } = { kinds: [], before }): Promise<number> {
      const finishedBefore = (time: Date) => sql`${jobs.finishedAt} < ${time.toISOString()}::timestamptz`;
      const rows = await db
        .delete(jobs)
        .where(
          and(
            inArray(jobs.status, ['done', 'failed']),
            kept.kinds.length === 0
              ? finishedBefore(before)
              : or(and(notInArray(jobs.kind, kept.kinds), finishedBefore(before)), and(inArray(jobs.kind, kept.kinds), finishedBefore(kept.before))),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobRepo = ReturnType<typeof jobRepo>;
