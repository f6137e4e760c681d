import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usageRepo } from '../src/db/repos/usage-repo.js';
import { usageLedger } from '../src/db/schema/index.js';
import { userCaller, visitorCaller } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp();
const db = (await testDatabase()).handle.db;
const usage = usageRepo(db);
const today = () => new Date().toISOString().slice(0, 10);

describe('usage ledger', () => {
  it('adds up tokens and messages per owner, UTC day and model in one row each', async () => {
    const { owner } = await visitorCaller(app);
    await usage.record(owner, { model: 'a', promptTokens: 10, completionTokens: 5, messages: 1 });
    await usage.record(owner, { model: 'a', promptTokens: 3, completionTokens: 2, messages: 0 });
    await usage.record(owner, { model: 'b', promptTokens: 1, completionTokens: 1, messages: 1 });

    const rows = await db
      .select()
      .from(usageLedger)
      .where(eq(usageLedger.visitorId, owner.visitorId as string))
      .orderBy(asc(usageLedger.model));
    expect(rows).toEqual([
      expect.objectContaining({ model: 'a', day: today(), promptTokens: 13, completionTokens: 7, messages: 1 }),
      expect.objectContaining({ model: 'b', day: today(), promptTokens: 1, completionTokens: 1, messages: 1 }),
    ]);
    expect(await usage.messagesToday(owner)).toBe(2);
  });

  it("counts only today's messages for the visitor quota, and only the owner's", async () => {
    const { owner } = await visitorCaller(app);
    const other = await visitorCaller(app);
    await db.insert(usageLedger).values({ ...owner, day: '2000-01-01', model: 'a', messages: 40 });
    await usage.record(other.owner, { model: 'a', promptTokens: 0, completionTokens: 0, messages: 7 });
    expect(await usage.messagesToday(owner)).toBe(0);
    await usage.record(owner, { model: 'a', promptTokens: 0, completionTokens: 0, messages: 1 });
    expect(await usage.messagesToday(owner)).toBe(1);
  });

  it('sums a month by day across models, leaving out other months and owners', async () => {
    const { owner } = await userCaller();
    const other = await userCaller();
    await db.insert(usageLedger).values([
      { ...owner, day: '2024-02-01', model: 'a', promptTokens: 100, completionTokens: 10, messages: 2 },
      { ...owner, day: '2024-02-01', model: 'b', promptTokens: 50, completionTokens: 5, messages: 1 },
      { ...owner, day: '2024-02-29', model: 'a', promptTokens: 7, completionTokens: 3, messages: 1 },
      { ...owner, day: '2024-03-01', model: 'a', promptTokens: 999, completionTokens: 999, messages: 9 },
      { ...owner, day: '2024-01-31', model: 'a', promptTokens: 999, completionTokens: 999, messages: 9 },
      { ...other.owner, day: '2024-02-01', model: 'a', promptTokens: 999, completionTokens: 999, messages: 9 },
    ]);

    expect(await usage.monthUsage(owner, '2024-02')).toEqual([
      { day: '2024-02-01', promptTokens: 150, completionTokens: 15, messages: 3 },
      { day: '2024-02-29', promptTokens: 7, completionTokens: 3, messages: 1 },
    ]);
    expect(await usage.monthUsage(owner, '2023-02')).toEqual([]);
  });
});
