import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentKeyLimits, agentKeyPaths } from '@parley/contracts';
import { users } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

async function operator() {
  const caller = await signedInUser(db);
  await db.update(users).set({ isOperator: true }).where(eq(users.id, caller.owner.userId!));
  return caller;
}

describe('API keys to an agent', () => {
  it("are made by the agent's owner, shown once, listed without their secret and revoked at once", async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { name: 'Keyed' });

    const made = await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: '  Website  ', ratePerMinute: 30, monthlyTokens: 50_000 });
    expect(made.statusCode).toBe(200);
    const { key, secret } = made.json().data;
    expect(secret).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ appId: agent.id, appName: 'Keyed', name: 'Website', prefix: secret.slice(0, 11), ratePerMinute: 30, monthlyTokens: 50_000, tokensThisMonth: 0, lastUsedAt: null, revokedAt: null });

    const defaults = (await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'Defaults' })).json().data.key;
    expect(defaults).toMatchObject({ ratePerMinute: agentKeyLimits.ratePerMinute.default, monthlyTokens: agentKeyLimits.monthlyTokens.default });
    const unlimited = (await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'No budget', monthlyTokens: null })).json().data.key;
    expect(unlimited.monthlyTokens).toBeNull();

    const listed = await call(app, owner, 'GET', agentKeyPaths.list, { appId: agent.id });
    expect(listed.json().data.keys.map((listedKey: { name: string }) => listedKey.name)).toEqual(['No budget', 'Defaults', 'Website']);
    expect(listed.body).not.toContain(secret);

    const revoked = await call(app, owner, 'POST', agentKeyPaths.revoke, { id: key.id });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.key.revokedAt).toEqual(expect.any(String));
    // revoking again keeps the first time
    expect((await call(app, owner, 'POST', agentKeyPaths.revoke, { id: key.id })).json().data.key.revokedAt).toBe(revoked.json().data.key.revokedAt);
  });

  it("are nobody else's business: another user, a visitor and an unknown agent get what a missing agent gets", async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { visibility: 'public' });
    const { key } = (await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'Mine' })).json().data;

    const stranger = await signedInUser(db);
    for (const response of [
      await call(app, stranger, 'GET', agentKeyPaths.list, { appId: agent.id }),
      await call(app, stranger, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'Theirs' }),
      await call(app, stranger, 'POST', agentKeyPaths.revoke, { id: key.id }),
      await call(app, owner, 'GET', agentKeyPaths.list, { appId: crypto.randomUUID() }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
    const guest = await visitor(app);
    const asked = await call(app, guest, 'GET', agentKeyPaths.list, { appId: agent.id });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe(10009);
    // the operators' list does not exist for anyone else
    expect((await call(app, stranger, 'GET', agentKeyPaths.all)).statusCode).toBe(404);
    expect((await call(app, owner, 'GET', agentKeyPaths.list, { appId: agent.id })).json().data.keys[0].revokedAt).toBeNull();
  });

  it('can be listed and revoked by an operator, for any agent', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { name: 'Watched' });
    const { key } = (await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'Leaked' })).json().data;
    const admin = await operator();
    const all = (await call(app, admin, 'GET', agentKeyPaths.all)).json().data.keys;
    expect(all).toContainEqual(expect.objectContaining({ id: key.id, appName: 'Watched', name: 'Leaked' }));
    const revoked = await call(app, admin, 'POST', agentKeyPaths.revoke, { id: key.id });
    expect(revoked.json().data.key.revokedAt).toEqual(expect.any(String));
  });

  it('refuses bad input with what is wrong, and an eleventh key in use until one is revoked', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner);
    const bad = async (body: object) => {
      const response = await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, ...body });
      expect(response.statusCode).toBe(400);
      return response.json().msg as string;
    };
    expect(await bad({ name: '   ' })).toContain('Give the key a name');
    expect(await bad({ name: 'x'.repeat(41) })).toContain('At most 40 characters');
    expect(await bad({ name: 'Rate', ratePerMinute: 0 })).toContain('at least 1');
    expect(await bad({ name: 'Rate', ratePerMinute: 1.5 })).toContain('must be a whole number');
    expect(await bad({ name: 'Budget', monthlyTokens: 10 })).toContain('at least 1000');
    expect((await call(app, owner, 'POST', agentKeyPaths.revoke, { id: 'nope' })).statusCode).toBe(400);

    const made = [];
    for (let index = 0; index < agentKeyLimits.activePerAgent; index++) {
      made.push((await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: `Key ${index}` })).json().data.key);
    }
    const eleventh = await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'One more' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().msg).toBe('An agent can have at most 10 keys in use. Revoke one you no longer need first.');
    await call(app, owner, 'POST', agentKeyPaths.revoke, { id: made[0].id });
    expect((await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'One more' })).statusCode).toBe(200);
  });
});
