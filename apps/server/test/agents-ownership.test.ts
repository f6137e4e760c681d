import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentPaths, agentSharePaths, chatPaths, errorCodes } from '@parley/contracts';
import { apps } from '../src/db/schema/index.js';
import { agentForm, createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

/** Every call that looks an agent up by its id, as `[name, method, path, input]`, run in this order. */
function lookups(id: string) {
  return [
    ['detail (the edit screen)', 'GET', agentPaths.detail, { id }],
    ['update', 'POST', agentPaths.update, { id, ...agentForm({ name: 'Mine now' }) }],
    ['preview with its knowledge', 'POST', agentPaths.preview, { draft: agentForm(), appId: id, content: 'Hello' }],
    ['share number', 'GET', agentSharePaths.shareNum, { id }],
    ['share landing page', 'GET', agentSharePaths.agent, { appId: id }],
    ['chat init', 'GET', chatPaths.chatInit, { appId: id }],
    ['first question', 'POST', chatPaths.completions, { appId: id, content: 'Hello' }],
    // last, so that the owner's run of these calls deletes only at the end
    ['delete', 'POST', agentPaths.delete, { id }],
  ] as const;
}

async function answers(caller: Caller, id: string) {
  const out: Record<string, { status: number; code: number | 'stream' }> = {};
  for (const [name, method, path, input] of lookups(id)) {
    const response = await call(app, caller, method, path, input);
    const streamed = String(response.headers['content-type']).startsWith('text/event-stream');
    out[name] = { status: response.statusCode, code: streamed ? 'stream' : response.json().code };
  }
  return out;
}

describe("someone else's private agent", () => {
  it('is not found, on every call that looks it up, by another account and by a visitor alike', async () => {
    const owner = await signedInUser(db);
    const secret = await createAgent(app, owner, { visibility: 'private' });
    const notFound = { status: 404, code: errorCodes.NOT_FOUND.code };

    for (const caller of [await signedInUser(db), await visitor(app)]) {
      const seen = await answers(caller, secret.id);
      expect(Object.keys(seen)).toHaveLength(lookups(secret.id).length);
      for (const [name, answer] of Object.entries(seen)) expect(answer, `${caller.kind}: ${name}`).toEqual(notFound);
      // exactly what an id that never existed gets: nothing tells the two apart
      expect(await answers(caller, randomUUID())).toEqual(seen);
    }

    const [row] = await db.select().from(apps).where(eq(apps.id, secret.id));
    expect(row).toMatchObject({ name: 'Leverage coach', deletedAt: null });
  });

  it('is opened, edited and chatted with by its owner', async () => {
    const owner = await signedInUser(db);
    const secret = await createAgent(app, owner, { visibility: 'private' });
    const seen = await answers(owner, secret.id);
    expect(seen).toMatchObject({
      'detail (the edit screen)': { status: 200, code: 0 },
      update: { status: 200, code: 0 },
      'preview with its knowledge': { status: 200, code: 'stream' },
      'chat init': { status: 200, code: 0 },
      'first question': { status: 200, code: 'stream' },
      // the owner is told why instead: a private agent cannot be shared
      'share number': { status: 409, code: errorCodes.AGENT_PRIVATE.code },
      'share landing page': { status: 409, code: errorCodes.AGENT_PRIVATE.code },
      delete: { status: 200, code: 0 },
    });
  });

  it('gives a caller with no token the same refusal as any other id: the token check answers first', async () => {
    const owner = await signedInUser(db);
    const secret = await createAgent(app, owner, { visibility: 'private' });
    for (const prefix of ['/api', '/api/visitor']) {
      const forSecret = await app.inject({ method: 'GET', url: `${prefix}${agentPaths.detail}`, query: { id: secret.id } });
      const forNothing = await app.inject({ method: 'GET', url: `${prefix}${agentPaths.detail}`, query: { id: randomUUID() } });
      expect([forSecret.statusCode, forSecret.json().code]).toEqual([forNothing.statusCode, forNothing.json().code]);
      expect(forSecret.statusCode).not.toBe(200);
      const deleting = await app.inject({ method: 'POST', url: `${prefix}${agentPaths.delete}`, payload: { id: secret.id } });
      expect(deleting.statusCode).not.toBe(200);
    }
    const [row] = await db.select().from(apps).where(eq(apps.id, secret.id));
    expect(row?.deletedAt).toBeNull();
  });
});

describe("someone else's public or unlisted agent", () => {
  it('cannot be edited or deleted: another account is refused, a visitor is asked to log in', async () => {
    const owner = await signedInUser(db);
    for (const visibility of ['public', 'unlisted'] as const) {
      const agent = await createAgent(app, owner, { visibility });
      for (const [caller, expected] of [
        [await signedInUser(db), { status: 403, code: errorCodes.FORBIDDEN.code }],
        [await visitor(app), { status: 403, code: errorCodes.LOGIN_REQUIRED.code }],
      ] as const) {
        for (const [method, path, input] of [
          ['GET', agentPaths.detail, { id: agent.id }],
          ['POST', agentPaths.update, { id: agent.id, ...agentForm({ name: 'Mine now', visibility }) }],
          ['POST', agentPaths.delete, { id: agent.id }],
        ] as const) {
          const response = await call(app, caller, method, path, input);
          expect({ status: response.statusCode, code: response.json().code }, `${caller.kind} ${path}`).toEqual(expected);
        }
        // but anyone may open it to chat
        expect((await call(app, caller, 'GET', chatPaths.chatInit, { appId: agent.id })).statusCode).toBe(200);
      }
      const [row] = await db.select().from(apps).where(eq(apps.id, agent.id));
      expect(row).toMatchObject({ name: 'Leverage coach', deletedAt: null, visibility });
    }
  });
});
