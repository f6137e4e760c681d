import { describe, expect, it } from 'vitest';
import { agentPaths, chatPaths, type AuditEntry, type KeywordList, type KeywordsChange } from '@parley/contracts';
import { defaultBlockedKeywords } from '../src/services/agents/default-blocked-keywords.js';
import { post, visitorCaller } from './chat-stream-helpers.js';
import { agentForm } from './fixtures/agents.js';
import { call, type Caller } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, testDatabase } from './helper.js';

/** MODERATION_CHAT left at its default (`input`): a saved list is checked on chat questions. */
const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const unchecked = await buildTestApp({ MODERATION_CHAT: 'off' });
const db = (await testDatabase()).handle.db;
const operator = await signedInOperator(db, 'keyword-keeper');

async function send(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, on = app, caller: Caller = operator) {
  const response = await on.inject({ method, url: `/api${path}`, headers: caller.headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: unknown } };
}

const list = async (on = app) => (await send('GET', '/admin/models/keywords', undefined, on)).body.data as KeywordList;
const add = (keywords: unknown) => send('POST', '/admin/models/keywords/add', { keywords });
const remove = (keywords: unknown) => send('POST', '/admin/models/keywords/remove', { keywords });
const test = async (text: string, on = app) => (await send('POST', '/admin/models/keywords/test', { text }, on)).body.data;

async function keywordAudit(): Promise<AuditEntry[]> {
  const { body } = await send('GET', '/admin/audit?action=keywords.update');
  return (body.data as { list: AuditEntry[] }).list;
}

describe('the keyword list on the model service page', () => {
  it('shows the shipped list until operators save one, checked on publishing but not on chats', async () => {
    expect(await list()).toEqual({ keywords: [...defaultBlockedKeywords], saved: false, checksChats: false });
    const shipped = defaultBlockedKeywords[0] ?? '';
    expect(await test(`All about ${shipped} here`)).toEqual({ matched: shipped, blocksPublishing: true, refusesInChat: false });
  });

  it('adds words not listed yet, once each whatever their case or width, and writes the change to the audit log', async () => {
    const before = await list();
    const { status, body } = await add(['Lucky Slots', 'ＬＵＣＫＹ slots', '  spin-to-win  ', before.keywords[0]]);
    expect(status).toBe(200);
    const changed = body.data as KeywordsChange;
    expect(changed.added).toEqual(['Lucky Slots', 'spin-to-win']);
    expect(changed.keywords).toEqual([...before.keywords, 'Lucky Slots', 'spin-to-win']);
    expect(changed).toMatchObject({ saved: true, checksChats: true, removed: [] });
    expect(await list()).toEqual({ keywords: changed.keywords, saved: true, checksChats: true });

    const [entry] = await keywordAudit();
    expect(entry).toMatchObject({
      action: 'keywords.update',
      actorName: 'keyword-keeper',
      targetType: 'keywords',
      before: { count: before.keywords.length, saved: false },
      after: { count: before.keywords.length + 2, saved: true, added: ['Lucky Slots', 'spin-to-win'] },
    });
  });

  it('changes nothing, and writes no audit entry, when every word is listed already', async () => {
    const entries = (await keywordAudit()).length;
    const { status, body } = await add(['lucky slots']);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ added: [], removed: [] });
    expect(await keywordAudit()).toHaveLength(entries);
  });

  it('says which listed word a text contains, and that chats now refuse it', async () => {
    expect(await test('Try our LUCKY SLOTS tonight')).toEqual({ matched: 'Lucky Slots', blocksPublishing: true, refusesInChat: true });
    expect(await test('A question about spreads')).toEqual({ matched: null, blocksPublishing: false, refusesInChat: false });
    // with MODERATION_CHAT=off the list keeps agents from being published only
    expect(await test('Try our lucky slots', unchecked)).toEqual({ matched: 'Lucky Slots', blocksPublishing: true, refusesInChat: false });
  });

  it('puts the change in force at once: a chat question and an agent with the new word are refused', async () => {
    const visitor = await visitorCaller(app);
    const refused = await post(app, visitor, chatPaths.completions, { content: 'Where can I play spin-to-win?' });
    expect(refused.json()).toMatchObject({ code: 10011 });
    const publishing = await call(app, operator, 'POST', agentPaths.create, agentForm({ name: 'Spin-to-win helper', visibility: 'public' }));
    expect(publishing.statusCode).toBe(422);
    expect(JSON.stringify(publishing.json())).toContain('spin-to-win');
  });

  it('takes words off the list, audited with what went', async () => {
    const before = await list();
    const { status, body } = await remove(['LUCKY SLOTS']);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ removed: ['Lucky Slots'], added: [] });
    expect((await list()).keywords).toEqual(before.keywords.filter((word) => word !== 'Lucky Slots'));
    const [entry] = await keywordAudit();
    expect(entry).toMatchObject({
      before: { count: before.keywords.length, saved: true },
      after: { count: before.keywords.length - 1, saved: true, removed: ['Lucky Slots'] },
    });
    expect(await test('lucky slots')).toMatchObject({ matched: null });
  });

  it('refuses to remove a word that is not on the list, naming it, and removes nothing', async () => {
    const before = await list();
    const { status, body } = await remove(['spin-to-win', 'never listed']);
    expect({ status, code: body.code }).toEqual({ status: 400, code: 400 });
    expect(body.msg).toContain('keywords.1');
    expect(body.msg).toContain('never listed');
    expect(await list()).toEqual(before);
  });

  it('refuses bad input, naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/admin/models/keywords/add', { keywords: [] }, 'keywords'],
      ['/admin/models/keywords/add', {}, 'keywords'],
      ['/admin/models/keywords/add', { keywords: ['  '] }, 'keywords.0'],
      ['/admin/models/keywords/add', { keywords: ['fine', 'x'.repeat(51)] }, 'keywords.1'],
      ['/admin/models/keywords/remove', { keywords: 'spin-to-win' }, 'keywords'],
      ['/admin/models/keywords/test', { text: '' }, 'text'],
      ['/admin/models/keywords/test', { text: 'x'.repeat(8001) }, 'text'],
    ];
    const before = await list();
    for (const [path, payload, field] of cases) {
      const { status, body } = await send('POST', path, payload);
      expect({ path, payload: JSON.stringify(payload).slice(0, 40), status }).toEqual({ path, payload: JSON.stringify(payload).slice(0, 40), status: 400 });
      expect(JSON.stringify(body.data)).toContain(`"path":"${field}"`);
    }
    expect(await list()).toEqual(before);
  });
});
