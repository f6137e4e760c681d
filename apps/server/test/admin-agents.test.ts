import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { adminAgentPath, adminAgentsPaths, agentPaths, type AdminAgent, type AuditEntry } from '@parley/contracts';
import { apps, notifications } from '../src/db/schema/index.js';
import { agentForm, createAgent } from './fixtures/agents.js';
import { call, signedInUser, type Caller } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, newDeviceNumber, testDatabase } from './helper.js';
import { setBlockedKeywords } from './web-seeding.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const ops = await signedInOperator(db, `agent-ops-${newDeviceNumber().slice(-6)}`);
await setBlockedKeywords(db, ['casino']);

type Method = 'GET' | 'POST';
async function consoleCall(method: Method, url: string, payload?: object, caller: { headers: Record<string, string> } = ops) {
  const response = await app.inject({ method, url: `/api${url}`, headers: caller.headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}
const list = (query: Record<string, string>) => consoleCall('GET', `${adminAgentsPaths.list}?${new URLSearchParams(query).toString()}`);
const namesOf = (page: { list: AdminAgent[] }) => page.list.map((agent) => agent.name);

async function toldOwner(owner: Caller) {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, owner.owner.userId ?? '')).orderBy(desc(notifications.createdAt));
  return rows.map((row) => [row.kind, row.data]);
}
async function auditOf(targetId: string): Promise<AuditEntry[]> {
  return (await consoleCall('GET', `/admin/audit?q=${targetId}`)).body.data.list;
}

describe('every agent', () => {
  it('lists agents of every owner with owner, visibility, uses and rating, searched and filtered, never the official assistant', async () => {
    const tag = newDeviceNumber().slice(-6);
    const owner = await signedInUser(db, `owner-${tag}`);
    const open = await createAgent(app, owner, { name: `Open ${tag}`, visibility: 'public' });
    await createAgent(app, owner, { name: `Quiet ${tag}` });
    await db.update(apps).set({ conversationCount: 7, userCount: 3, goodCount: 3, badCount: 1 }).where(eq(apps.id, open.id));

    const all = (await list({ q: tag })).body.data;
    expect(namesOf(all)).toEqual([`Quiet ${tag}`, `Open ${tag}`]);
    expect(all.list[1]).toMatchObject({
      id: open.id,
      ownerId: owner.owner.userId,
      ownerName: `owner-${tag}`,
      visibility: 'public',
      hidden: false,
      reviewRequestedAt: null,
      figures: { conversations: 7, users: 3, good: 3, bad: 1, likeRatio: 0.75 },
    });
    expect(namesOf((await list({ q: tag, visibility: 'private' })).body.data)).toEqual([`Quiet ${tag}`]);
    expect(namesOf((await list({ q: tag, hidden: 'true' })).body.data)).toEqual([]);
    expect(namesOf((await list({ q: tag, limit: '1' })).body.data)).toEqual([`Quiet ${tag}`]);
    const next = (await list({ q: tag, limit: '1' })).body.data.nextCursor;
    expect(namesOf((await list({ q: tag, limit: '1', cursor: next })).body.data)).toEqual([`Open ${tag}`]);
    expect((await list({ q: '%' })).body.data.list).toEqual([]);
    const official = await db.select({ id: apps.id }).from(apps).where(eq(apps.isOfficial, true));
    const everything = (await list({ limit: '100' })).body.data.list.map((agent: AdminAgent) => agent.id);
    expect(everything).not.toContain(official[0]?.id);
  });

  it('refuses bad filters, naming them', async () => {
    const cases: [string, string][] = [
      [`${adminAgentsPaths.list}?visibility=everyone`, 'visibility'],
      [`${adminAgentsPaths.list}?hidden=maybe`, 'hidden'],
      [`${adminAgentsPaths.list}?held=1`, 'held'],
      [`${adminAgentsPaths.list}?q=${'x'.repeat(51)}`, 'q'],
      [`${adminAgentsPaths.list}?limit=500`, 'limit'],
      [`${adminAgentsPaths.list}?cursor=zzz`, 'cursor'],
      [adminAgentPath(adminAgentsPaths.detail, 'nope'), 'id'],
    ];
    for (const [url, field] of cases) {
      const { status, body } = await consoleCall('GET', url);
      expect({ url, status, code: body.code }).toEqual({ url, status: 400, code: 400 });
      expect(JSON.stringify(body)).toContain(field);
    }
  });
});

describe('hiding and restoring', () => {
  it("hides with a reason the owner reads, restores with one, and audits both; the agent leaves discover and comes back", async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { name: `Hideable ${newDeviceNumber().slice(-6)}`, visibility: 'public' });
    const inDiscover = async () => (await call(app, owner, 'GET', agentPaths.discover, { q: agent.name, pageSize: 60 })).json().data.list.some((card: { id: string }) => card.id === agent.id);

    const noReason = await consoleCall('POST', adminAgentPath(adminAgentsPaths.hide, agent.id), { reason: '  ' });
    expect({ status: noReason.status, field: noReason.body.data[0].path }).toEqual({ status: 400, field: 'reason' });

    const hidden = await consoleCall('POST', adminAgentPath(adminAgentsPaths.hide, agent.id), { reason: 'Promises returns' });
    expect(hidden.body.data).toMatchObject({ hidden: true, hiddenReason: 'Promises returns' });
    expect(await inDiscover()).toBe(false);
    const again = await consoleCall('POST', adminAgentPath(adminAgentsPaths.hide, agent.id), { reason: 'x' });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 10002 });

    const restored = await consoleCall('POST', adminAgentPath(adminAgentsPaths.restore, agent.id), { reason: 'Fixed after your edit' });
    expect(restored.body.data).toMatchObject({ hidden: false, hiddenReason: null });
    expect(await inDiscover()).toBe(true);

    expect((await toldOwner(owner)).slice(0, 2)).toEqual([
      ['app_restored', { appId: agent.id, appName: agent.name, reason: 'Fixed after your edit' }],
      ['app_hidden', { appId: agent.id, appName: agent.name, reason: 'Promises returns' }],
    ]);
    expect((await auditOf(agent.id)).map((entry) => [entry.action, entry.actorName, entry.before, entry.after])).toEqual([
      ['agent.restore', expect.stringMatching(/^agent-ops-/), { hidden: true, reason: 'Promises returns' }, { hidden: false, reason: 'Fixed after your edit' }],
      ['agent.hide', expect.stringMatching(/^agent-ops-/), { hidden: false }, { hidden: true, reason: 'Promises returns' }],
    ]);
  });

  it('answers 404 for an agent that does not exist', async () => {
    const missing = await consoleCall('POST', adminAgentPath(adminAgentsPaths.hide, '00000000-0000-4000-8000-000000000000'), { reason: 'x' });
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 10001 });
  });
});

describe('the review queue', () => {
  async function heldAgent(owner: Caller, name: string) {
    const form = agentForm({ name, visibility: 'public', intro: 'Best casino bonuses' });
    const refused = await call(app, owner, 'POST', agentPaths.create, form);
    expect(refused.json().code).toBe(10007);
    const held = await call(app, owner, 'POST', agentPaths.requestReview, form);
    expect(held.statusCode).toBe(200);
    return held.json().data as { id: string; visibility: string; reviewRequestedAt: string | null };
  }

  it('keeps what the content check refused private until an operator approves it; the owner is told', async () => {
    const owner = await signedInUser(db);
    const name = `Held ${newDeviceNumber().slice(-6)}`;
    const held = await heldAgent(owner, name);
    expect(held).toMatchObject({ visibility: 'private', reviewRequestedAt: expect.any(String) });

    const queue = (await list({ held: 'true', q: name })).body.data;
    expect(queue.held).toBeGreaterThanOrEqual(1);
    expect(namesOf(queue)).toEqual([name]);
    const detail = (await consoleCall('GET', adminAgentPath(adminAgentsPaths.detail, held.id))).body.data;
    expect(detail).toMatchObject({ intro: 'Best casino bonuses', reviewProblems: [{ path: 'intro', source: 'keywords', word: 'casino' }] });

    const approved = await consoleCall('POST', adminAgentPath(adminAgentsPaths.approve, held.id));
    expect(approved.body.data).toMatchObject({ visibility: 'public', reviewRequestedAt: null, publishedAt: expect.any(String) });
    expect((await toldOwner(owner))[0]).toEqual(['app_published', { appId: held.id, appName: name }]);
    expect((await auditOf(held.id))[0]).toMatchObject({ action: 'agent.approve', before: { visibility: 'private', review: 'requested' }, after: { visibility: 'public', review: 'approved' } });
    const twice = await consoleCall('POST', adminAgentPath(adminAgentsPaths.approve, held.id));
    expect({ status: twice.status, code: twice.body.code }).toEqual({ status: 409, code: 10002 });
  });

  it('declines with a reason the owner reads; the agent stays private', async () => {
    const owner = await signedInUser(db);
    const name = `Declined ${newDeviceNumber().slice(-6)}`;
    const held = await heldAgent(owner, name);
    const missing = await consoleCall('POST', adminAgentPath(adminAgentsPaths.decline, held.id), {});
    expect({ status: missing.status, field: missing.body.data[0].path }).toEqual({ status: 400, field: 'reason' });
    const declined = await consoleCall('POST', adminAgentPath(adminAgentsPaths.decline, held.id), { reason: 'Gambling ads are not allowed' });
    expect(declined.body.data).toMatchObject({ visibility: 'private', reviewRequestedAt: null });
    expect((await toldOwner(owner))[0]).toEqual(['app_review_declined', { appId: held.id, appName: name, reason: 'Gambling ads are not allowed' }]);
    expect((await auditOf(held.id))[0]).toMatchObject({ action: 'agent.decline', after: { review: 'declined', reason: 'Gambling ads are not allowed' } });
  });

  it('publishes at once a form the check lets through, refuses one not going public, and a later save withdraws the request', async () => {
    const owner = await signedInUser(db);
    const clean = await call(app, owner, 'POST', agentPaths.requestReview, agentForm({ visibility: 'public' }));
    expect(clean.json().data).toMatchObject({ visibility: 'public', reviewRequestedAt: null });
    const privately = await call(app, owner, 'POST', agentPaths.requestReview, agentForm({ visibility: 'private' }));
    expect({ status: privately.statusCode, field: privately.json().data[0].path }).toEqual({ status: 400, field: 'visibility' });

    const held = await heldAgent(owner, `Withdrawn ${newDeviceNumber().slice(-6)}`);
    const saved = await call(app, owner, 'POST', agentPaths.update, { ...agentForm({ intro: 'Calmer now' }), id: held.id });
    expect(saved.json().data.reviewRequestedAt).toBeNull();
    const other = await signedInUser(db);
    const notTheirs = await call(app, other, 'POST', agentPaths.requestReview, { ...agentForm({ visibility: 'public' }), id: held.id });
    expect(notTheirs.statusCode).toBe(404);
  });
});
