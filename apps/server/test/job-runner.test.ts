import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { jobs } from '../src/db/schema/index.js';
import { jobRepo, type JobRepo } from '../src/db/repos/job-repo.js';
import { createJobRunner, type JobKind, type JobRunner, type JobTracing } from '../src/platform/job-runner.js';
import { jobSpans } from '../src/platform/job-spans.js';
import { buildTestApp, readMetrics, testDatabase } from './helper.js';

const log = Fastify({ logger: false }).log;
let db: Database;
let repo: JobRepo;
const runners: JobRunner[] = [];

beforeAll(async () => {
  db = (await testDatabase()).handle.db;
  repo = jobRepo(db);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

/** A kind name of this test's own, so tests sharing the database never take each other's jobs. */
const kindName = () => `test.${randomUUID().slice(0, 8)}`;

function runner(
  workerId: string,
  kinds: Record<string, JobKind>,
  settings: Partial<{ leaseMs: number; concurrency: number; pollMs: number }> = {},
  trace?: JobTracing,
) {
  const created = createJobRunner({
    jobs: repo,
    kinds,
    log,
    workerId,
    settings: { pollMs: 20, leaseMs: 30_000, concurrency: 4, ...settings },
    trace,
  });
  runners.push(created);
  return created;
}

describe('background job runner', () => {
  it('gives every job to exactly one of two runners claiming at the same time', async () => {
    const kind = kindName();
    const doneBy = new Map<string, string[]>();
    const handler = (worker: string): JobKind => ({
      run: async (payload) => {
        const n = String(payload.n);
        doneBy.set(n, [...(doneBy.get(n) ?? []), worker]);
        await sleep(5);
      },
    });
    for (let n = 0; n < 24; n++) await repo.enqueue({ kind, payload: { n } });
    const a = runner('worker-a', { [kind]: handler('a') }, { concurrency: 3 });
    const b = runner('worker-b', { [kind]: handler('b') }, { concurrency: 3 });

    let taken = 0;
    for (let round = 0; round < 20 && taken < 24; round++) {
      const [byA, byB] = await Promise.all([a.runOnce(), b.runOnce()]);
      taken += byA + byB;
    }

    expect(taken).toBe(24);
    expect([...doneBy.keys()].sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 24 }, (_, n) => String(n)));
    for (const workers of doneBy.values()) expect(workers).toHaveLength(1);
    expect(new Set([...doneBy.values()].flat())).toEqual(new Set(['a', 'b']));
  });

  it("takes again a job whose runner died (its lease ran out), and the dead runner's late result is refused", async () => {
    const kind = kindName();
    const job = (await repo.enqueue({ kind }))!;
    // a worker that claimed it, then stopped heartbeating (its process was killed)
    const [claimed] = await repo.claim({ kinds: [kind], workerId: 'dead-worker', leaseMs: 200, limit: 1 });
    expect(claimed?.id).toBe(job.id);

    const ran: string[] = [];
    const survivor = runner('survivor', { [kind]: { run: async (_payload, { job: running }) => void ran.push(running.id) } }, { leaseMs: 200 });
    expect(await survivor.runOnce()).toBe(0); // the lease still holds
    await sleep(300);
    expect(await survivor.runOnce()).toBe(1);

    expect(ran).toEqual([job.id]);
    const finished = await repo.find(job.id);
    expect(finished).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(await repo.complete(job.id, 'dead-worker')).toBe(false);
  });

  it('keeps the lease of a long job by heartbeats, so no one else takes it', async () => {
    const kind = kindName();
    const job = (await repo.enqueue({ kind }))!;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const slow = runner('slow', { [kind]: { run: () => holding } }, { leaseMs: 150 });
    const other = runner('other', { [kind]: { run: async () => undefined } }, { leaseMs: 150 });

    const slowRun = slow.runOnce();
    await sleep(400);
    expect(await other.runOnce()).toBe(0);
    release();
    expect(await slowRun).toBe(1);
    expect(await repo.find(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries a failing job later with its error kept, and gives up after its last attempt', async () => {
    const kind = kindName();
    const job = (await repo.enqueue({ kind, maxAttempts: 2 }))!;
    const failing = runner('failing', { [kind]: { run: async () => Promise.reject(new Error('source file is unreadable')) } });

    expect(await failing.runOnce()).toBe(1);
    const retrying = (await repo.find(job.id))!;
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, error: 'source file is unreadable' });
    expect(retrying.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await failing.runOnce()).toBe(0); // not due yet

    await db.execute(`update jobs set run_at = now() where id = '${job.id}'`);
    expect(await failing.runOnce()).toBe(1);
    expect(await repo.find(job.id)).toMatchObject({ status: 'failed', attempts: 2, error: 'source file is unreadable' });
  });

  it('gives a running job back to the queue when its runner stops before it finishes', async () => {
    const kind = kindName();
    const job = (await repo.enqueue({ kind }))!;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const stopping = runner('stopping', {
      [kind]: {
        run: (_payload, { signal }) =>
          new Promise<void>((_resolve, reject) => {
            started();
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      },
    });
    await stopping.start();
    await running;
    await stopping.stop();

    expect(await repo.find(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const next = runner('next', { [kind]: { run: async () => undefined } });
    expect(await next.runOnce()).toBe(1);
  });

  it('keeps one live job per dedupe key', async () => {
    const kind = kindName();
    const first = await repo.enqueue({ kind, dedupeKey: `${kind}:file-1` });
    expect(first).not.toBeNull();
    expect(await repo.enqueue({ kind, dedupeKey: `${kind}:file-1` })).toBeNull();
    await runner('dedupe', { [kind]: { run: async () => undefined } }).runOnce();
    expect(await repo.enqueue({ kind, dedupeKey: `${kind}:file-1` })).not.toBeNull();
  });

  it('queues the next run of a recurring job once one finishes', async () => {
    const kind = kindName();
    let runs = 0;
    const recurring = runner('recurring', { [kind]: { everyMs: 60_000, run: async () => void (runs += 1) } });
    await recurring.start();
    await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
    await recurring.stop();

    const depth = await repo.depth();
    expect(depth.find((row) => row.kind === kind)).toEqual({ kind, status: 'queued', count: 1 });
    const [next] = await db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued')));
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('shows the queue depth in the metrics and refreshes popularity as a real job', async () => {
    const app = await buildTestApp();
    await app.ready();
    await app.jobs.enqueue('popularity.refresh');
    const metrics = await readMetrics(app);
    expect(metrics).toMatch(/jobs_queue_depth\{kind="popularity.refresh",status="queued"\} 1/);

    expect(await app.jobs.runOnce()).toBe(1);
    const after = await readMetrics(app);
    // the next refresh, an hour later, is what stays queued
    expect(after).toMatch(/jobs_queue_depth\{kind="popularity.refresh",status="queued"\} 1/);
    expect(await app.jobs.runOnce()).toBe(0);
    expect(after).toMatch(/jobs_finished_total\{kind="popularity.refresh",outcome="done"\} 1/);
  });
});

describe('background jobs in spans (tracing on)', () => {
  const exporter = new InMemorySpanExporter();
  const traced = jobSpans(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test'));

  it('gives each run a span named after its kind, with the job, the attempt and how it ended', async () => {
    const kind = kindName();
    const job = (await repo.enqueue({ kind }))!;
    await runner('traced', { [kind]: { run: async () => undefined } }, {}, traced).runOnce();

    const span = exporter.getFinishedSpans().find((finished) => finished.name === `job ${kind}`);
    expect(span?.attributes).toEqual({ 'parley.job.kind': kind, 'parley.job.id': job.id, 'parley.job.attempt': 1, 'parley.job.outcome': 'done' });
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a failed attempt as an error with what the handler threw', async () => {
    const kind = kindName();
    await repo.enqueue({ kind, maxAttempts: 2 });
    const unreadable = Object.assign(new Error('source file is unreadable'), { name: 'ParseError' });
    await runner('traced-failing', { [kind]: { run: async () => Promise.reject(unreadable) } }, {}, traced).runOnce();

    const span = exporter.getFinishedSpans().find((finished) => finished.name === `job ${kind}`);
    expect(span?.attributes).toMatchObject({ 'parley.job.outcome': 'retrying', 'error.type': 'ParseError' });
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'source file is unreadable' });
    expect(span?.events.map((event) => event.name)).toEqual(['exception']);
  });
});
