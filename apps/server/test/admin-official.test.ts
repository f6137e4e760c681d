import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { adminAgentPath, adminAgentsPaths, chatPaths, type AuditEntry } from '@parley/contracts';
import { apps, knowledgeChunks } from '../src/db/schema/index.js';
import { officialAssistantSeed } from '../src/seed/official-assistant.js';
import { call, signedInUser } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const ops = await signedInOperator(db, 'official-editor');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function consoleCall(method: Method, url: string, payload?: object) {
  const response = await app.inject({ method, url: `/api${url}`, headers: ops.headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}
const officialRow = async () => (await db.select().from(apps).where(eq(apps.isOfficial, true)))[0]!;
async function officialAudit(): Promise<AuditEntry[]> {
  return (await consoleCall('GET', '/admin/audit?action=official.update')).body.data.list;
}

describe('the official assistant', () => {
  it('shows its texts with the built-in ones, changes what is sent (audited, only what changed) and goes back to the built-in on null', async () => {
    const start = (await consoleCall('GET', adminAgentsPaths.official)).body.data;
    expect(start).toMatchObject({ current: { name: officialAssistantSeed.name }, builtIn: { name: officialAssistantSeed.name }, changed: [] });

    const changed = await consoleCall('POST', adminAgentsPaths.official, { name: '汇信客服', openingMessage: '你好！', intro: officialAssistantSeed.intro });
    expect(changed.body.data).toMatchObject({ current: { name: '汇信客服', openingMessage: '你好！' }, changed: ['name', 'intro', 'openingMessage'] });
    expect(await officialRow()).toMatchObject({ name: '汇信客服', openingMessage: '你好！' });
    const visitorSees = await call(app, await signedInUser(db), 'GET', chatPaths.homeInit, {});
    expect(JSON.stringify(visitorSees.json())).toContain('你好！');
    const [entry] = await officialAudit();
    expect(entry).toMatchObject({
      actorName: 'official-editor',
      targetType: 'agent',
      targetId: start.id,
      before: { name: officialAssistantSeed.name, openingMessage: officialAssistantSeed.openingMessage },
      after: { name: '汇信客服', openingMessage: '你好！' },
    });
    expect(Object.keys(entry?.after ?? {})).toEqual(['name', 'openingMessage']);

    const reset = await consoleCall('POST', adminAgentsPaths.official, { name: null, openingMessage: null, intro: null });
    expect(reset.body.data).toMatchObject({ current: { name: officialAssistantSeed.name }, changed: [] });
    expect((await officialAudit())[0]).toMatchObject({ after: { name: officialAssistantSeed.name } });
  });

  it('refuses bad values, naming the field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ suggestedQuestions: [] }, 'suggestedQuestions'],
      [{ suggestedQuestions: ['a', 'b', 'c', 'd', 'e'] }, 'suggestedQuestions'],
      [{ avatarUrl: 'http://plain.example.com/a.png' }, 'avatarUrl'],
      [{ name: ' ' }, 'name'],
      [{ systemPrompt: 42 }, 'systemPrompt'],
      [{ colour: 'blue' }, 'colour'],
    ];
    const before = await officialRow();
    for (const [payload, field] of cases) {
      const { status, body } = await consoleCall('POST', adminAgentsPaths.official, payload);
      expect({ payload, status, code: body.code }).toEqual({ payload, status: 400, code: 400 });
      expect(JSON.stringify(body)).toContain(field);
    }
    expect((await officialRow()).updatedAt).toEqual(before.updatedAt);
  });
});

describe("the official assistant's FAQ", () => {
  it('adds, changes and removes operator entries (the built-in FAQ stays), each audited', async () => {
    const start = (await consoleCall('GET', adminAgentsPaths.officialFaq)).body.data;
    expect(start.builtInCount).toBeGreaterThan(0);

    const added = (await consoleCall('POST', adminAgentsPaths.officialFaq, { question: '客服电话是多少？', answer: '请拨打 400-000-0000。' })).body.data;
    const second = (await consoleCall('POST', adminAgentsPaths.officialFaq, { question: 'Opening hours?', answer: '9 to 5.' })).body.data;
    expect((await consoleCall('GET', adminAgentsPaths.officialFaq)).body.data.list.slice(-2)).toEqual([added, second]);

    const changed = await consoleCall('PUT', adminAgentPath(adminAgentsPaths.officialFaqEntry, added.id), { question: '客服电话？', answer: '400-111-1111' });
    expect(changed.body.data).toEqual({ id: added.id, question: '客服电话？', answer: '400-111-1111' });
    const stored = await db.select().from(knowledgeChunks).where(and(eq(knowledgeChunks.id, added.id), isNotNull(knowledgeChunks.fileId)));
    expect(stored[0]).toMatchObject({ question: '客服电话？', content: '400-111-1111', kind: 'qa' });

    expect((await consoleCall('DELETE', adminAgentPath(adminAgentsPaths.officialFaqEntry, second.id))).body.data).toBeNull();
    const after = (await consoleCall('GET', adminAgentsPaths.officialFaq)).body.data;
    expect(after.list.map((entry: { id: string }) => entry.id)).not.toContain(second.id);
    expect(after.builtInCount).toBe(start.builtInCount);

    const audited = (await officialAudit()).slice(0, 4).map((entry) => [entry.before, entry.after]);
    expect(audited).toEqual([
      [{ faq: { question: 'Opening hours?', answer: '9 to 5.' } }, null],
      [{ faq: { question: '客服电话是多少？', answer: '请拨打 400-000-0000。' } }, { faq: { question: '客服电话？', answer: '400-111-1111' } }],
      [null, { faq: { question: 'Opening hours?', answer: '9 to 5.' } }],
      [null, { faq: { question: '客服电话是多少？', answer: '请拨打 400-000-0000。' } }],
    ]);
  });

  it('refuses an empty question or answer and an entry it does not have', async () => {
    const empty = await consoleCall('POST', adminAgentsPaths.officialFaq, { question: '', answer: 'x' });
    expect({ status: empty.status, field: empty.body.data[0].path }).toEqual({ status: 400, field: 'question' });
    const long = await consoleCall('POST', adminAgentsPaths.officialFaq, { question: 'q', answer: 'x'.repeat(10_001) });
    expect({ status: long.status, field: long.body.data[0].path }).toEqual({ status: 400, field: 'answer' });
    const missing = await consoleCall('PUT', adminAgentPath(adminAgentsPaths.officialFaqEntry, '00000000-0000-4000-8000-000000000000'), { question: 'q', answer: 'a' });
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 10001 });
    const badId = await consoleCall('DELETE', adminAgentPath(adminAgentsPaths.officialFaqEntry, 'seven'));
    expect({ status: badId.status, code: badId.body.code }).toEqual({ status: 400, code: 400 });
  });
});
