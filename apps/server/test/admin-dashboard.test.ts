import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DashboardData, DashboardDay } from '@parley/contracts';
import { jobRepo } from '../src/db/repos/job-repo.js';
import type { chatItems} from '../src/db/schema/index.js';
import { jobs, questionRefusals, unansweredQuestions, usageLedger, users, visitors } from '../src/db/schema/index.js';
import { knowledgeProcessJob } from '../src/services/knowledge/knowledge-processing.js';
import { post, readStream, savedChats, visitorCaller } from './chat-stream-helpers.js';
import { chat, items, officialApp, type Caller } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';
import { setBlockedKeywords } from './web-seeding.js';

const fake = await startFakeOpenAI({ models: ['fake-model'] });
afterAll(() => fake.close());
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model,other-model', VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

const dayMs = 24 * 60 * 60 * 1000;
const now = Date.now();
const day = (daysAgo: number) => new Date(now - daysAgo * dayMs).toISOString().slice(0, 10);
/** Noon (UTC) of the day `daysAgo` days back; today, a second ago. */
const at = (daysAgo: number) => (daysAgo === 0 ? new Date(now - 1000) : new Date(`${day(daysAgo)}T12:00:00Z`));

async function figures(operator: Caller): Promise<DashboardData> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: operator.headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const dayOf = (data: DashboardData, date: string): DashboardDay => {
  const found = data.days.find((entry) => entry.day === date);
  if (!found) throw new Error(`no day ${date}`);
  return found;
};

/** What the test inserted today (0), three days ago (3) and 40 days ago (40, outside the period). */
async function insertSiteActivity() {
  const newVisitor = async (daysAgo: number) =>
    (await db.insert(visitors).values({ deviceNumber: newDeviceNumber(), createdAt: at(daysAgo) }).returning())[0]!.id;
  const [v1, v2, v3, v4] = [await newVisitor(0), await newVisitor(0), await newVisitor(3), await newVisitor(40)];
  const [u1] = await db.insert(users).values([
    { username: `asker-${newDeviceNumber()}`, createdAt: at(0) },
    { username: `asker-${newDeviceNumber()}`, createdAt: at(3) },
    { username: `asker-${newDeviceNumber()}`, createdAt: at(40) },
  ]).returning();

  const ledger = (owner: { userId: string | null; visitorId: string | null }, daysAgo: number, model: string, promptTokens: number, completionTokens: number, messages: number) =>
    ({ ...owner, day: day(daysAgo), model, promptTokens, completionTokens, messages });
  await db.insert(usageLedger).values([
    ledger({ userId: null, visitorId: v1 }, 0, 'fake-model', 100, 50, 2),
    ledger({ userId: null, visitorId: v1 }, 3, 'fake-model', 10, 5, 1),
    ledger({ userId: null, visitorId: v3 }, 3, 'other-model', 20, 10, 1),
    // an answer's tokens without a question: v2 did not ask
    ledger({ userId: null, visitorId: v2 }, 0, 'fake-model', 7, 3, 0),
    ledger({ userId: u1!.id, visitorId: null }, 0, 'other-model', 1000, 500, 3),
    ledger({ userId: null, visitorId: v4 }, 40, 'fake-model', 9999, 9999, 5),
  ]);

  const official = await officialApp(app, db);
  const conversation = await chat(db, { userId: u1!.id, visitorId: null }, { appId: official.id });
  const turn = (daysAgo: number, answer: Partial<typeof chatItems.$inferInsert>) => [
    { role: 'user' as const, content: 'a question', createdAt: at(daysAgo) },
    { role: 'assistant' as const, content: 'an answer', model: 'fake-model', createdAt: at(daysAgo), ...answer },
  ];
  await items(db, conversation.id, [
    ...turn(0, { status: 'done', firstTokenMs: 100 }),
    ...turn(0, { status: 'done', firstTokenMs: 300 }),
    ...turn(0, { status: 'stopped', firstTokenMs: 200 }),
    ...turn(0, { status: 'error', errorKind: 'rate_limited' }),
    ...turn(0, { status: 'error', errorKind: 'moderated' }),
    ...turn(0, { status: 'error', errorKind: 'internal' }),
    ...turn(0, { status: 'streaming' }),
    ...turn(3, { status: 'done', firstTokenMs: 1000 }),
    ...turn(3, { status: 'error', errorKind: 'timeout' }),
    ...turn(40, { status: 'done', firstTokenMs: 5000 }),
  ]);

  const job = (status: 'queued' | 'running' | 'done' | 'failed', daysAgo: number, kind = knowledgeProcessJob) => ({
    kind,
    status,
    createdAt: at(daysAgo),
    finishedAt: status === 'done' || status === 'failed' ? at(daysAgo) : null,
  });
  await db.insert(jobs).values([
    job('queued', 0),
    job('running', 0),
    job('done', 3),
    job('failed', 3),
    job('failed', 40),
    job('queued', 0, 'popularity.refresh'),
  ]);

  const question = (text: string, daysAgo: number, answered = false) => ({
    appId: official.id,
    question: text,
    questionHash: `${text}-${newDeviceNumber()}`,
    askedAt: at(daysAgo),
    answeredAt: answered ? at(0) : null,
  });
  // questions the content check refused (never saved as chat items)
  await db.insert(questionRefusals).values([
    { appId: official.id, refusedBy: 'keywords', createdAt: at(0) },
    { appId: null, refusedBy: 'endpoint', createdAt: at(0) },
    { appId: official.id, refusedBy: 'keywords', createdAt: at(3) },
    { appId: official.id, refusedBy: 'keywords', createdAt: at(40) },
  ]);

  await db.insert(unansweredQuestions).values([
    question('open today', 0),
    question('answered today', 0, true),
    question('open three days', 3),
    question('open long ago', 40),
  ]);
}

describe('the dashboard', () => {
  it('counts what happened on the site today and in the last 30 UTC days, day by day, from the rows themselves', async () => {
    const operator = await signedInOperator(db);
    const before = await figures(operator);
    expect(before.period.firstToken.measured).toBe(0);
    await insertSiteActivity();
    const after = await figures(operator);

    expect(after.days).toHaveLength(30);
    expect([after.from, after.to]).toEqual([day(29), day(0)]);
    expect(after.days.map((entry) => entry.day)).toEqual(Array.from({ length: 30 }, (_, index) => day(29 - index)));

    const added = (pick: (figures: DashboardData['today']) => number) => ({
      today: pick(after.today) - pick(before.today),
      threeDaysAgo: pick(dayOf(after, day(3))) - pick(dayOf(before, day(3))),
      period: pick(after.period) - pick(before.period),
    });
    expect(added((f) => f.newVisitors)).toEqual({ today: 2, threeDaysAgo: 1, period: 3 });
    expect(added((f) => f.signUps)).toEqual({ today: 1, threeDaysAgo: 1, period: 2 });
    // v1 asked on both days, v3 three days ago; v2's row counts tokens but no question
    expect(added((f) => f.askingVisitors)).toEqual({ today: 1, threeDaysAgo: 2, period: 2 });
    expect(added((f) => f.questions)).toEqual({ today: 7, threeDaysAgo: 2, period: 9 });
    expect(added((f) => f.answers.done)).toEqual({ today: 2, threeDaysAgo: 1, period: 3 });
    expect(added((f) => f.answers.stopped)).toEqual({ today: 1, threeDaysAgo: 0, period: 1 });
    expect(added((f) => f.answers.error)).toEqual({ today: 2, threeDaysAgo: 1, period: 3 });
    // the withdrawn answer and two refused questions today, one refused question three days ago
    expect(added((f) => f.answers.refused)).toEqual({ today: 3, threeDaysAgo: 1, period: 4 });
    expect(added((f) => f.upstreamErrors)).toEqual({ today: 1, threeDaysAgo: 1, period: 2 });
    expect(added((f) => f.promptTokens)).toEqual({ today: 1107, threeDaysAgo: 30, period: 1137 });
    expect(added((f) => f.completionTokens)).toEqual({ today: 553, threeDaysAgo: 15, period: 568 });
    expect(added((f) => f.knowledgeJobs.queued)).toEqual({ today: 2, threeDaysAgo: 2, period: 4 });
    expect(added((f) => f.knowledgeJobs.failed)).toEqual({ today: 0, threeDaysAgo: 1, period: 1 });
    expect(added((f) => f.unanswered)).toEqual({ today: 2, threeDaysAgo: 1, period: 3 });

    // percentiles of the period are over all its answers, not of the days' percentiles
    expect(after.today.firstToken).toEqual({ p50Ms: 200, p95Ms: 290, measured: 3 });
    expect(dayOf(after, day(3)).firstToken).toEqual({ p50Ms: 1000, p95Ms: 1000, measured: 1 });
    expect(after.period.firstToken).toEqual({ p50Ms: 250, p95Ms: 895, measured: 4 });

    const model = (name: string) => after.tokensByModel.find((entry) => entry.model === name);
    expect(model('fake-model')).toEqual({
      model: 'fake-model',
      today: { promptTokens: 107, completionTokens: 53 },
      period: { promptTokens: 117, completionTokens: 58 },
    });
    expect(model('other-model')).toEqual({
      model: 'other-model',
      today: { promptTokens: 1000, completionTokens: 500 },
      period: { promptTokens: 1020, completionTokens: 510 },
    });
    expect(after.tokensByModel[0]?.model).toBe('other-model');

    expect(after.errorsByKind).toEqual(
      expect.arrayContaining([
        { kind: 'rate_limited', today: 1, period: 1 },
        { kind: 'internal', today: 1, period: 1 },
        { kind: 'timeout', today: 0, period: 1 },
      ]),
    );
    expect(after.errorsByKind.map((entry) => entry.kind)).not.toContain('moderated');
    expect(after.now.knowledgeJobsWaiting - before.now.knowledgeJobsWaiting).toBe(2);
    expect(after.now.unansweredOpen - before.now.unansweredOpen).toBe(3);
  });

  it('adds the days up to the period, but not who asked or how fast (those are over the whole period)', async () => {
    const data = await figures(await signedInOperator(db));
    const sum = (pick: (entry: DashboardDay) => number) => data.days.reduce((total, entry) => total + pick(entry), 0);
    expect(sum((entry) => entry.questions)).toBe(data.period.questions);
    expect(sum((entry) => entry.answers.error)).toBe(data.period.answers.error);
    expect(sum((entry) => entry.answers.refused)).toBe(data.period.answers.refused);
    expect(sum((entry) => entry.promptTokens)).toBe(data.period.promptTokens);
    expect(sum((entry) => entry.newVisitors)).toBe(data.period.newVisitors);
    expect(data.errorsByKind.reduce((total, entry) => total + entry.period, 0)).toBe(data.period.answers.error);
    expect(dayOf(data, data.to)).toEqual({ day: data.to, ...data.today });
  });

  it('records how long a streamed answer took to its first text, and counts it', async () => {
    const operator = await signedInOperator(db);
    const before = await figures(operator);
    fake.setScenario({ kind: 'ok', text: 'Late but here.', firstTokenDelayMs: 150 });
    const visitor = await visitorCaller(app);
    const stream = readStream((await post(app, visitor, '/core/chat/completions', { content: 'Are you there?' })).body);
    expect(stream.done?.status).toBe('done');
    const [, answer] = (await savedChats(visitor.owner)).items;
    expect(answer?.firstTokenMs).toBeGreaterThanOrEqual(150);
    expect(answer?.firstTokenMs).toBeLessThan(5000);

    const after = await figures(operator);
    expect(after.today.firstToken.measured - before.today.firstToken.measured).toBe(1);
    expect(after.today.questions - before.today.questions).toBe(1);
    expect(after.today.answers.done - before.today.answers.done).toBe(1);
    expect(after.today.askingVisitors - before.today.askingVisitors).toBe(1);
  });

  it('counts a question the content check refused as refused, though it was never saved', async () => {
    const operator = await signedInOperator(db);
    await setBlockedKeywords(db, ['online casino']);
    try {
      const before = await figures(operator);
      const visitor = await visitorCaller(app);
      const refused = await post(app, visitor, '/core/chat/completions', { content: 'Which online casino pays best?' });
      expect(refused.json()).toMatchObject({ code: 10011 });
      const after = await figures(operator);
      expect(after.today.answers.refused - before.today.answers.refused).toBe(1);
      expect(after.today.questions - before.today.questions).toBe(0);
    } finally {
      await setBlockedKeywords(db, []);
    }
  });
});

describe('finished jobs', () => {
  it('keeps knowledge jobs for the dashboard’s month while other kinds go after a week', async () => {
    const finished = (kind: string, daysAgo: number) => ({ kind, status: 'done' as const, createdAt: at(daysAgo), finishedAt: at(daysAgo) });
    const [recentKnowledge, oldKnowledge, recentOther] = await db
      .insert(jobs)
      .values([finished(knowledgeProcessJob, 10), finished(knowledgeProcessJob, 32), finished('popularity.refresh', 10)])
      .returning();
    await jobRepo(db).purgeFinished(new Date(now - 7 * dayMs), { kinds: [knowledgeProcessJob], before: new Date(now - 31 * dayMs) });
    const left = async (id: string) => (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id))).length;
    expect([await left(recentKnowledge!.id), await left(oldKnowledge!.id), await left(recentOther!.id)]).toEqual([1, 0, 0]);
  });
});
