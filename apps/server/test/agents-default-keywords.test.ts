import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminModelsPaths, agentPaths } from '@parley/contracts';
import { users } from '../src/db/schema/index.js';
import { defaultBlockedKeywords } from '../src/services/agents/default-blocked-keywords.js';
import { agentForm } from './fixtures/agents.js';
import { call, signedInUser, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

// a site as installed: no keyword list saved, no moderation endpoint
const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

async function operator(): Promise<Caller> {
  const caller = await signedInUser(db);
  await db.update(users).set({ isOperator: true }).where(eq(users.id, caller.owner.userId!));
  return caller;
}

const publish = async (me: Caller, fields: Parameters<typeof agentForm>[0]) =>
  call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', ...fields }));

describe('the keyword list a site starts with', () => {
  it.each([
    ['a scam group for a name', { name: '稳赚不赔内幕群' }, 'name', '稳赚不赔'],
    ['promised returns', { intro: 'Guaranteed profits every week with my signals.' }, 'intro', 'guaranteed profits'],
    ['gambling', { name: '网络赌博技巧' }, 'name', '网络赌博'],
    ['weapons', { intro: 'Guns for sale, ask me.' }, 'intro', 'guns for sale'],
    ['abuse, in Russian', { intro: 'Если проиграл, убей себя.' }, 'intro', 'убей себя'],
  ])('keeps out %s', async (_what, fields, path, word) => {
    const me = await signedInUser(db);
    const response = await publish(me, fields);
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toContainEqual(expect.objectContaining({ path, source: 'keywords', word }));
  });

  it('lets an agent that explains risk, leverage and scams be published', async () => {
    const me = await signedInUser(db);
    const response = await publish(me, {
      name: 'Forex risk tutor',
      intro: 'Explains leverage, margin calls and how to spot a Ponzi-like platform that promises returns.',
      suggestedQuestions: ['Is any profit guaranteed?', '什么是杠杆？'],
    });
    expect(response.json()).toMatchObject({ code: 0, data: { visibility: 'public' } });
  });

  it('is what an operator reads, to extend or replace; an empty list switches keywords off', async () => {
    const ops = await operator();
    expect((await call(app, ops, 'GET', adminModelsPaths.keywords)).json().data.keywords).toEqual([...defaultBlockedKeywords]);
    await call(app, ops, 'POST', adminModelsPaths.removeKeywords, { keywords: [...defaultBlockedKeywords] });
    expect((await call(app, ops, 'GET', adminModelsPaths.keywords)).json().data.keywords).toEqual([]);
    const me = await signedInUser(db);
    expect((await publish(me, { name: '稳赚不赔内幕群' })).json().code).toBe(0);
  });
});
