import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminUserPath, adminUsersPaths, type AdminUser, type AuditEntry } from '@parley/contracts';
import { apps, chats, usageLedger, users, visitors } from '../src/db/schema/index.js';
import { deltas, openStream, userCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { createAgent } from './fixtures/agents.js';
import { signedInUser, type Caller } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ models: ['fake-model'] });
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'fake-model' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const db = (await testDatabase()).handle.db;
afterAll(async () => {
  await app.close();
  await fake.close();
});

type Method = 'GET' | 'POST';
async function consoleCall(caller: { headers: Record<string, string> }, method: Method, url: string, payload?: object) {
  const response = await app.inject({ method, url: `/api${url}`, headers: caller.headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

const listOf = (caller: Caller, query: Record<string, string>) => consoleCall(caller, 'GET', `${adminUsersPaths.list}?${new URLSearchParams(query).toString()}`);
const userIdOf = (caller: Caller) => caller.owner.userId ?? '';
const identityCode = async (caller: { headers: Record<string, string> }) => (await app.inject({ url: '/api/identity', headers: caller.headers })).json().code;

async function auditOf(reader: Caller, targetId: string): Promise<AuditEntry[]> {
  return (await consoleCall(reader, 'GET', `/admin/audit?q=${targetId}`)).body.data.list;
}

describe('finding accounts', () => {
  it('searches by name or by phone digits, newest first, phones masked, a page at a time', async () => {
    const ops = await signedInOperator(db);
    const tag = newDeviceNumber().slice(-8);
    const older = await signedInUser(db, `findme-old-${tag}`);
    const newer = await signedInUser(db, `findme-new-${tag}`);
    await db.update(users).set({ mobile: `139${tag}` }).where(eq(users.id, userIdOf(older)));
    await db.update(users).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(users.id, userIdOf(older)));

    const byName = await listOf(ops, { q: `FINDME-%-${tag}` });
    expect(byName.body.data.list).toEqual([]);
    const both = await listOf(ops, { q: `findme` });
    const found = both.body.data.list.filter((user: AdminUser) => user.username.endsWith(tag)).map((user: AdminUser) => user.username);
    expect(found).toEqual([`findme-new-${tag}`, `findme-old-${tag}`]);

    const byPhone = await listOf(ops, { q: `+86 139${tag}` });
    expect(byPhone.body.data.list).toHaveLength(1);
    expect(byPhone.body.data.list[0]).toMatchObject({ id: userIdOf(older), areaCode: '86', mobileMasked: `139****${tag.slice(-4)}`, operator: false, disabledAt: null });
    expect(JSON.stringify(byPhone.body)).not.toContain(`139${tag}`);
    const byPart = await listOf(ops, { q: tag.slice(2) });
    expect(byPart.body.data.list.map((user: AdminUser) => user.id)).toContain(userIdOf(older));

    const first = await listOf(ops, { q: `findme-`, limit: '1' });
    expect(first.body.data.list[0].id).toBe(userIdOf(newer));
    const second = await listOf(ops, { q: `findme-`, limit: '1', cursor: first.body.data.nextCursor });
    expect(second.body.data.list[0].id).not.toBe(userIdOf(newer));
  });

  it('counts accounts and visitors, never listing visitors', async () => {
    const ops = await signedInOperator(db);
    const before = (await consoleCall(ops, 'GET', adminUsersPaths.counts)).body.data;
    await db.insert(visitors).values([{ deviceNumber: newDeviceNumber() }, { deviceNumber: newDeviceNumber(), lastSeenAt: new Date(Date.now() - 40 * 86_400_000) }]);
    const after = (await consoleCall(ops, 'GET', adminUsersPaths.counts)).body.data;
    expect(after.visitors - before.visitors).toBe(2);
    expect(after.visitorsLast30Days - before.visitorsLast30Days).toBe(1);
    expect(after.accounts).toBeGreaterThanOrEqual(1);
    expect(after.operators).toBeGreaterThanOrEqual(1);
  });

  it("shows an account's activity: chats, questions, agents, tokens this month, last seen", async () => {
    const ops = await signedInOperator(db);
    const person = await signedInUser(db, `active-${newDeviceNumber().slice(-6)}`);
    const userId = userIdOf(person);
    const agent = await createAgent(app, person);
    await db.insert(chats).values([{ userId, appId: agent.id, title: 'one' }, { userId, appId: agent.id, title: 'gone', deletedAt: new Date() }]);
    const today = new Date().toISOString().slice(0, 10);
    await db.insert(usageLedger).values([
      { userId, day: today, model: 'fake-model', promptTokens: 120, completionTokens: 30, messages: 3 },
      { userId, day: '2020-01-01', model: 'fake-model', promptTokens: 1000, completionTokens: 1000, messages: 2 },
    ]);
    const { status, body } = await consoleCall(ops, 'GET', adminUserPath(adminUsersPaths.detail, userId));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: userId, chats: 1, questions: 5, agents: 1, tokensThisMonth: 150, month: today.slice(0, 7) });
    expect(Date.parse(body.data.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses bad input, naming the field', async () => {
    const ops = await signedInOperator(db);
    const cases: [Method, string, object | undefined, string][] = [
      ['GET', `${adminUsersPaths.list}?q=${'x'.repeat(51)}`, undefined, 'q'],
      ['GET', `${adminUsersPaths.list}?limit=0`, undefined, 'limit'],
      ['GET', `${adminUsersPaths.list}?cursor=nonsense`, undefined, 'cursor'],
      ['GET', adminUserPath(adminUsersPaths.detail, 'someone'), undefined, 'id'],
      ['POST', adminUserPath(adminUsersPaths.disable, '42'), undefined, 'id'],
      ['POST', adminUserPath(adminUsersPaths.operator, ops.userId), { operator: 'yes' }, 'operator'],
      ['POST', adminUserPath(adminUsersPaths.remove, ops.userId), {}, 'confirmText'],
    ];
    for (const [method, url, payload, field] of cases) {
      const { status, body } = await consoleCall(ops, method, url, payload);
      expect({ url, status, code: body.code }).toEqual({ url, status: 400, code: 400 });
      expect(JSON.stringify(body)).toContain(field);
    }
    const missing = await consoleCall(ops, 'GET', adminUserPath(adminUsersPaths.detail, '00000000-0000-4000-8000-000000000000'));
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 10001 });
  });
});

describe('disabling and enabling', () => {
  it('ends the sessions at once: the next call gets -104, a streaming answer stops, and enabling lets them sign in again', async () => {
    const ops = await signedInOperator(db, `disabler-${newDeviceNumber().slice(-6)}`);
    const person = await userCaller();
    const userId = person.owner.userId ?? '';
    fake.setScenario({ kind: 'ok', count: 300, intervalMs: 20 });
    const stream = await openStream(address, person, '/core/chat/completions', { content: 'Count to 300' });
    await stream.readUntil(deltas(2));

    const disabled = await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.disable, userId));
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.disabledAt).toEqual(expect.any(String));
    expect(await identityCode(person)).toBe(-104);
    expect((await app.inject({ url: '/api/notifications/unread-count', headers: person.headers })).json()).toMatchObject({ code: -104 });
    expect((await stream.readAll()).done?.status).toBe('stopped');

    const enabled = await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.enable, userId));
    expect(enabled.body.data.disabledAt).toBeNull();
    // the ended session stays ended: they sign in again
    expect(await identityCode(person)).toBe(60000);

    const [enable, disable] = await auditOf(ops, userId);
    expect(disable).toMatchObject({ action: 'user.disable', actorName: expect.stringMatching(/^disabler-/), targetType: 'user', before: { disabled: false }, after: { disabled: true } });
    expect(enable).toMatchObject({ action: 'user.enable', before: { disabled: true }, after: { disabled: false } });
  });

  it('takes the console from a disabled operator, and keeps operators from disabling themselves', async () => {
    const ops = await signedInOperator(db);
    const other = await signedInOperator(db);
    const self = await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.disable, ops.userId));
    expect({ status: self.status, code: self.body.code }).toEqual({ status: 409, code: 10002 });
    await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.disable, other.userId));
    expect((await consoleCall(other, 'GET', '/admin/me')).status).toBe(404);
    const twice = await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.disable, other.userId));
    expect(twice.status).toBe(200);
    expect((await auditOf(ops, other.userId)).filter((entry) => entry.action === 'user.disable')).toHaveLength(1);
  });
});

describe('the operator role', () => {
  it('is granted and revoked, each audited; an operator cannot revoke their own', async () => {
    const ops = await signedInOperator(db);
    const person = await signedInUser(db);
    const url = adminUserPath(adminUsersPaths.operator, userIdOf(person));
    expect((await consoleCall(ops, 'POST', url, { operator: true })).body.data.operator).toBe(true);
    expect((await consoleCall(person, 'GET', '/admin/me')).status).toBe(200);
    expect((await consoleCall(ops, 'POST', url, { operator: false })).body.data.operator).toBe(false);
    expect((await consoleCall(person, 'GET', '/admin/me')).status).toBe(404);
    expect((await auditOf(ops, userIdOf(person))).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['operator.revoke', { operator: true }, { operator: false }],
      ['operator.grant', { operator: false }, { operator: true }],
    ]);
    const self = await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.operator, ops.userId), { operator: false });
    expect({ status: self.status, code: self.body.code }).toEqual({ status: 409, code: 10002 });
  });
});

describe('deleting an account', () => {
  it('asks for the username typed out, then deletes as its owner could, audited with what it was', async () => {
    const ops = await signedInOperator(db);
    const name = `leaving-${newDeviceNumber().slice(-6)}`;
    const person = await signedInUser(db, name);
    const userId = userIdOf(person);
    await db.update(users).set({ mobile: '13700001234' }).where(eq(users.id, userId));
    const agent = await createAgent(app, person, { visibility: 'public' });
    const url = adminUserPath(adminUsersPaths.remove, userId);

    const wrong = await consoleCall(ops, 'POST', url, { confirmText: name.toUpperCase() });
    expect({ status: wrong.status, code: wrong.body.code, field: wrong.body.data[0].path }).toEqual({ status: 400, code: 400, field: 'confirmText' });
    expect(await identityCode(person)).toBe(0);

    expect((await consoleCall(ops, 'POST', url, { confirmText: name })).body).toEqual({ code: 0, msg: 'success', data: null });
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect((await db.select().from(apps).where(eq(apps.id, agent.id)))[0]).toMatchObject({ ownerId: null, visibility: 'private', deletedAt: expect.any(Date) });
    expect(await identityCode(person)).toBe(60000);
    const [entry] = await auditOf(ops, userId);
    expect(entry).toMatchObject({ action: 'user.delete', targetLabel: name, before: { username: name, mobile: '137****1234' }, after: null });
    expect((await consoleCall(ops, 'GET', adminUserPath(adminUsersPaths.detail, userId))).status).toBe(404);
  });

  it('keeps an operator from deleting their own account here', async () => {
    const ops = await signedInOperator(db, `self-${newDeviceNumber().slice(-6)}`);
    const self = await consoleCall(ops, 'POST', adminUserPath(adminUsersPaths.remove, ops.userId), { confirmText: 'x' });
    expect({ status: self.status, code: self.body.code }).toEqual({ status: 409, code: 10002 });
  });
});
