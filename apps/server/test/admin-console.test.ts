import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as contracts from '@parley/contracts';
import { authTokens, users } from '../src/db/schema/index.js';
import { signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

/** Every console path the contracts name (each admin*Paths object), so a section added later is covered too. */
const consolePaths = Object.entries(contracts)
  .filter(([name]) => /^admin\w*Paths$/.test(name))
  .flatMap(([, paths]) => Object.values(paths as Record<string, string>))
  .map((path) => `/api${path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')}`);

function consoleCall(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, callerHeaders: Record<string, string> = {}) {
  return app.inject({ method, url, headers: callerHeaders, ...(method === 'GET' ? {} : { payload: {} }) });
}

describe('who may use the operator console', () => {
  it('names its calls under /admin', () => {
    expect(consolePaths).toContain('/api/admin/me');
    expect(consolePaths).toContain('/api/admin/audit');
  });

  it('answers 404 to every non-operator on every console call and method, as if the call did not exist', async () => {
    const user = await signedInUser(db);
    const disabledOperator = await signedInOperator(db);
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledOperator.userId));
    const expiredOperator = await signedInOperator(db);
    await db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, expiredOperator.userId));
    const callers: [string, Record<string, string>][] = [
      ['nobody', {}],
      ['a visitor', (await visitor(app)).headers],
      ['a signed-in user', user.headers],
      ['a disabled operator', disabledOperator.headers],
      ['an operator whose session expired', expiredOperator.headers],
      ['a made-up token', { authorization: 'Bearer not-a-real-token-000000000000000000000' }],
    ];
    for (const [who, callerHeaders] of callers) {
      for (const path of consolePaths) {
        for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
          const response = await consoleCall(method, path, callerHeaders);
          expect({ who, method, path, status: response.statusCode, code: response.json().code, allow: response.headers.allow }).toEqual({
            who,
            method,
            path,
            status: 404,
            code: 404,
            allow: undefined,
          });
        }
      }
    }
  });

  it('tells an operator who they are', async () => {
    const operator = await signedInOperator(db, 'console-ops');
    const response = await consoleCall('GET', '/api/admin/me', operator.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: operator.userId, username: 'console-ops' });
  });

  it('stops answering an operator whose role was revoked, at once', async () => {
    const operator = await signedInOperator(db);
    expect((await consoleCall('GET', '/api/admin/me', operator.headers)).statusCode).toBe(200);
    await app.services.userAdmin.revokeOperator('cli', operator.userId);
    expect((await consoleCall('GET', '/api/admin/me', operator.headers)).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  async function auditPage(caller: Caller, query: Record<string, string> = {}) {
    const response = await consoleCall('GET', `/api/admin/audit?${new URLSearchParams(query).toString()}`, caller.headers);
    return { status: response.statusCode, body: response.json() };
  }

  it('lists changes newest first, filtered by action, target or a name, a page at a time', async () => {
    const reader = await signedInOperator(db, 'audit-reader');
    const granter = await signedInOperator(db, 'audit-granter');
    const { userAdmin } = app.services;
    const promoted = await signedInUser(db, 'audit-promoted');
    const promotedId = promoted.owner.userId ?? '';
    await userAdmin.grantOperator({ userId: granter.userId, username: 'audit-granter' }, promotedId);
    await userAdmin.revokeOperator('cli', promotedId);

    const { body } = await auditPage(reader, { q: 'audit-promoted' });
    expect(body.data.list.map((entry: contracts.AuditEntry) => [entry.action, entry.actorName, entry.actorId, entry.targetLabel])).toEqual([
      ['operator.revoke', 'admin CLI', null, 'audit-promoted'],
      ['operator.grant', 'audit-granter', granter.userId, 'audit-promoted'],
    ]);
    expect(body.data.list[1]).toMatchObject({ targetType: 'user', targetId: promotedId, before: { operator: false }, after: { operator: true } });

    const granted = await auditPage(reader, { q: 'audit-promoted', action: 'operator.grant' });
    expect(granted.body.data.list).toHaveLength(1);
    const byActor = await auditPage(reader, { actorId: granter.userId });
    expect(byActor.body.data.list.map((entry: contracts.AuditEntry) => entry.targetLabel)).toEqual(['audit-promoted']);

    const first = await auditPage(reader, { q: 'audit-promoted', limit: '1' });
    expect(first.body.data.list[0].action).toBe('operator.revoke');
    const second = await auditPage(reader, { q: 'audit-promoted', limit: '1', cursor: first.body.data.nextCursor });
    expect(second.body.data.list[0].action).toBe('operator.grant');
    expect(second.body.data.nextCursor).toBeNull();
  });

  it('treats a search as text, not as a pattern', async () => {
    const reader = await signedInOperator(db);
    const { body } = await auditPage(reader, { q: '%' });
    expect(body.data.list).toEqual([]);
  });

  it('refuses a filter or page link it does not know, naming it', async () => {
    const reader = await signedInOperator(db);
    const cases: [Record<string, string>, string][] = [
      [{ action: 'agent.delete-everything' }, 'action'],
      [{ targetType: 'planet' }, 'targetType'],
      [{ actorId: 'someone' }, 'actorId'],
      [{ limit: '0' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await auditPage(reader, query);
      expect({ query, status, code: body.code }).toEqual({ query, status: 400, code: 400 });
      expect(JSON.stringify(body)).toContain(field);
    }
  });

  it('keeps an operator from revoking their own role in the console', async () => {
    const operator = await signedInOperator(db, 'self-revoker');
    const { userAdmin } = app.services;
    await expect(userAdmin.revokeOperator({ userId: operator.userId, username: 'self-revoker' }, operator.userId)).rejects.toMatchObject({
      errorName: 'CONFLICT',
    });
  });
});
