import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { EnqueueJob, JobRepo, JobRow } from '../db/repos/job-repo.js';

/** What a job's handler gets besides its payload. */
export interface JobContext {
  job: JobRow;
  /** Aborted when the runner stops (shutdown) or the job's lease was lost to another worker. */
  signal: AbortSignal;
  /** Reports progress (0–100); the lease is renewed on its own meanwhile. */
  progress(percent: number): Promise<void>;
}

export interface JobKind {
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** A recurring job: one is kept queued, to run this long after the last one finished. */
  everyMs?: number;
}

export type JobOutcome = 'done' | 'retrying' | 'failed' | 'released' | 'lost';

/** What one run of a job came to: its outcome (null when recording it failed) and what its handler threw. */
export interface JobRun {
  outcome: JobOutcome | null;
  error?: unknown;
}

/** Watches each run of a job from the inside (its span, when tracing is on). */
export type JobTracing = (job: JobRow, run: () => Promise<JobRun>) => Promise<JobRun>;

export interface JobRunnerDeps {
  jobs: JobRepo;
  kinds: Record<string, JobKind>;
  log: FastifyBaseLogger;
  settings: {
    pollMs: number;
    /** A running job not heartbeated this long is taken again by any worker. */
    leaseMs: number;
    concurrency: number;
  };
  /** Names this worker in `locked_by` (host, pid and a random part by default). */
  workerId?: string;
  onFinished?: (kind: string, outcome: JobOutcome) => void;
  trace?: JobTracing;
}

/** Waits after a failed attempt: 2 s, 4 s, 8 s … up to 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2 ** attempt * 1000, 10 * 60_000);
}

class JobStopped extends Error {
  override name = 'JobStopped';
}

/**
 * Runs background jobs from the database's queue: every instance runs one, and each job is done
 * by one of them at a time (repos/job-repo.ts). Heartbeats keep a long job's lease; a job whose
 * instance died is taken again once its lease runs out. On stop, running jobs are told to end
 * and, when they do not finish, are given back to the queue for another instance.
 */
export function createJobRunner(deps: JobRunnerDeps) {
  const { settings, log } = deps;
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(deps.kinds);
  const running = new Map<string, Promise<JobRun>>();
  const traced: JobTracing = deps.trace ?? ((_job, run) => run());
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let polling: Promise<number> | null = null;

  async function scheduleRecurring(kind: string, delayMs: number) {
    await deps.jobs.enqueue({ kind, dedupeKey: kind, runAt: new Date(Date.now() + delayMs) });
  }

  async function settle(job: JobRow, outcome: () => Promise<JobOutcome>, error?: unknown): Promise<JobRun> {
    let result: JobOutcome;
    try {
      result = await outcome();
    } catch (recording) {
      log.error({ err: recording, jobId: job.id, kind: job.kind }, 'recording a background job result failed');
      return { outcome: null, error };
    }
    deps.onFinished?.(job.kind, result);
    const every = deps.kinds[job.kind]?.everyMs;
    if (every !== undefined && (result === 'done' || result === 'failed')) {
      await scheduleRecurring(job.kind, every).catch((scheduling: unknown) =>
        log.warn({ err: scheduling, kind: job.kind }, 'scheduling the next recurring job failed'),
      );
    }
    return { outcome: result, error };
  }

  async function execute(job: JobRow): Promise<JobRun> {
    const kind = deps.kinds[job.kind];
    // the job is told to end when the runner stops or its lease is lost
    const ending = new AbortController();
    const stop = () => ending.abort(stopping.signal.reason);
    stopping.signal.addEventListener('abort', stop, { once: true });
    let leaseLost = false;
    const loseLease = () => {
      leaseLost = true;
      ending.abort(new JobStopped('lease lost'));
    };
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    const beat = setInterval(() => {
      deps.jobs
        .heartbeat(job.id, workerId)
        .then((held) => {
          if (!held) loseLease();
        })
        .catch((error: unknown) => jobLog.warn({ err: error }, 'background job heartbeat failed'));
    }, Math.max(50, Math.floor(settings.leaseMs / 3)));
    beat.unref();
    const startedAt = performance.now();
    try {
      if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
      await kind.run(job.payload, {
        job,
        signal: ending.signal,
        progress: async (percent) => {
          const held = await deps.jobs.heartbeat(job.id, workerId, Math.max(0, Math.min(100, Math.round(percent))));
          if (!held) loseLease();
        },
      });
      clearInterval(beat);
      if (leaseLost) {
        jobLog.warn('background job finished after losing its lease; its result is left to the new holder');
        return settle(job, async () => 'lost');
      }
      jobLog.info({ ms: Math.round(performance.now() - startedAt) }, 'background job done');
      return settle(job, async () => ((await deps.jobs.complete(job.id, workerId)) ? 'done' : 'lost'));
    } catch (error) {
      clearInterval(beat);
      if (leaseLost) return settle(job, async () => 'lost', error);
      if (stopping.signal.aborted) {
        jobLog.info('background job given back at shutdown');
        return settle(job, async () => ((await deps.jobs.release(job.id, workerId)) ? 'released' : 'lost'), error);
      }
      const message = error instanceof Error ? error.message : String(error);
      return settle(
        job,
        async () => {
          const result = await deps.jobs.fail(job.id, workerId, message, retryDelayMs(job.attempts));
          jobLog.warn({ err: error, result }, 'background job failed');
          return result;
        },
        error,
      );
    } finally {
      stopping.signal.removeEventListener('abort', stop);
    }
  }

  /** Claims what this worker has room for and starts it; answers how many jobs started. */
  async function poll(): Promise<number> {
    if (stopping.signal.aborted) return 0;
    const room = settings.concurrency - running.size;
    const claimed = await deps.jobs.claim({ kinds, workerId, leaseMs: settings.leaseMs, limit: room });
    if (stopping.signal.aborted) {
      // stopped while claiming: the jobs go back untouched
      await Promise.allSettled(claimed.map((job) => deps.jobs.release(job.id, workerId)));
      return 0;
    }
    for (const job of claimed) {
      const run = traced(job, () => execute(job)).finally(() => {
        running.delete(job.id);
        if (started) wake();
      });
      running.set(job.id, run);
    }
    return claimed.length;
  }

  function pollSafely(): Promise<number> {
    polling ??= poll()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'claiming background jobs failed');
        return 0;
      })
      .finally(() => {
        polling = null;
      });
    return polling;
  }

  function loop() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void pollSafely().then((taken) => {
        if (started && !stopping.signal.aborted) {
          // a full batch may mean more are due: look again at once
          if (taken > 0 && running.size < settings.concurrency) wake();
          else loop();
        }
      });
    }, settings.pollMs);
    timer.unref();
  }

  function wake() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void pollSafely().then(() => {
        if (started && !stopping.signal.aborted) loop();
      });
    }, 0);
    timer.unref();
  }

  return {
    workerId,
    /** Queues a job for any instance; null when a live job holds its dedupe key. */
    enqueue(kind: string, payload: Record<string, unknown> = {}, options: Omit<EnqueueJob, 'kind' | 'payload'> = {}) {
      return deps.jobs.enqueue({ kind, payload, ...options });
    },
    /** Keeps one job of each recurring kind queued, then polls until stopped. */
    async start() {
      if (started || stopping.signal.aborted) return;
      started = true;
      for (const [kind, { everyMs }] of Object.entries(deps.kinds)) {
        if (everyMs !== undefined) await scheduleRecurring(kind, 0).catch((error: unknown) => log.warn({ err: error, kind }, 'scheduling a recurring job failed'));
      }
      wake();
    },
    /** One claim now, and the jobs it took run to their end (tests, and a runner not started). */
    async runOnce(): Promise<number> {
      const taken = await poll();
      await Promise.allSettled([...running.values()]);
      return taken;
    },
    /** Stops claiming; running jobs are asked to end, and given back when they do not finish. */
    async stop() {
      started = false;
      clearTimeout(timer);
      stopping.abort(new JobStopped('shutdown'));
      await polling;
      await Promise.allSettled([...running.values()]);
    },
    get running() {
      return running.size;
    },
    depth: () => deps.jobs.depth(),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
