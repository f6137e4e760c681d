// Background jobs across instances: a job claimed by an instance that is then killed is taken
// over by another once its lease runs out, and finished there.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import {
  adminDatabaseUrl,
  createScratchDatabase,
  postgresAvailable,
  skipOrFail,
  sqlClient,
  startInstance,
  type Instance,
} from './cluster.js';

const skip = skipOrFail((await postgresAvailable(adminDatabaseUrl())) ? [] : [`PostgreSQL at ${adminDatabaseUrl()}`], 'job-failover');

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  locked_by: string | null;
}

describe.skipIf(skip)('a background job whose instance dies', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: ReturnType<typeof sqlClient>;
  const started: Instance[] = [];
  const env = () => ({ DATABASE_URL: database.url, JOB_POLL_MS: '100', JOB_LEASE_MS: '2000', LOG_LEVEL: 'info' });

  beforeAll(async () => {
    database = await createScratchDatabase();
    sql = sqlClient(database.url);
  });
  afterAll(async () => {
    await Promise.all(started.map((instance) => instance.stop()));
    await sql?.close();
    await database?.drop();
  });

  it('is finished by another instance once the lease of the killed one runs out', async () => {
    // A popularity refresh waits on a table lock the test holds: A has claimed the job and is
    // running it when it is killed
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      const a = await startInstance('A', env());
      started.push(a);
      await locker.query('begin');
      await locker.query('lock table app_user_days in access exclusive mode');
      const [{ id } = { id: '' }] = await sql.query<{ id: string }>(`insert into jobs (kind) values ('popularity.refresh') returning id`);
      const byId = async () => (await sql.query<JobRow>('select id, status, attempts, locked_by from jobs where id = $1', [id]))[0];
      await vi.waitFor(async () => expect(await byId()).toMatchObject({ status: 'running', locked_by: expect.stringContaining(`:${a.child.pid}:`) }), {
        timeout: 15_000,
        interval: 100,
      });
      const taken = await byId();

      await a.kill();
      await locker.query('rollback');
      const b = await startInstance('B', env());
      started.push(b);

      await vi.waitFor(async () => expect((await byId())?.status).toBe('done'), { timeout: 20_000, interval: 200 });
      expect((await byId())?.attempts).toBe((taken?.attempts ?? 0) + 1);
      const doneBy = (instance: Instance) =>
        instance
          .output()
          .split('\n')
          .some((line) => line.includes('background job done') && line.includes(id));
      expect(doneBy(b)).toBe(true);
      expect(doneBy(a)).toBe(false);
    } finally {
      await locker.end().catch(() => undefined);
    }
  }, 90_000);
});
