import { describe, expect, it } from 'vitest';
import { promptLimits, promptPaths } from '@parley/contracts';
import { signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

const list = (caller: Caller) => app.inject({ url: `${caller.prefix}${promptPaths.list}`, headers: caller.headers });
const save = (caller: Caller, prompts: unknown) =>
  app.inject({ method: 'POST', url: `${caller.prefix}${promptPaths.save}`, headers: caller.headers, payload: { prompts } });

const spread = { title: 'Spread check', content: 'Compare the EUR/USD spreads of these brokers:' };
const licence = { title: 'Licence lookup', content: 'Which regulator licenses this broker?' };

describe('prompt store sync for logged-in users', () => {
  it('is empty at first, then gives back the saved store in its order, to that user only', async () => {
    const me = await signedInUser(db);
    expect((await list(me)).json()).toMatchObject({ code: 0, data: { prompts: [] } });

    const saved = await save(me, [licence, spread]);
    expect(saved.json()).toEqual({ code: 0, msg: 'success', data: { prompts: [licence, spread] } });
    expect((await list(me)).json().data.prompts).toEqual([licence, spread]);
    expect((await list(await signedInUser(db))).json().data.prompts).toEqual([]);
  });

  it('replaces the whole store on the next save, an empty one included', async () => {
    const me = await signedInUser(db);
    await save(me, [licence, spread]);
    await save(me, [spread]);
    expect((await list(me)).json().data.prompts).toEqual([spread]);
    await save(me, []);
    expect((await list(me)).json().data.prompts).toEqual([]);
  });

  it('stores titles and contents trimmed', async () => {
    const me = await signedInUser(db);
    await save(me, [{ title: '  Spread check ', content: '\nCompare spreads.  ' }]);
    expect((await list(me)).json().data.prompts).toEqual([{ title: 'Spread check', content: 'Compare spreads.' }]);
  });

  it.each([
    ['a repeated title', [spread, { ...licence, title: spread.title }], '1.title', 'This title is already used by another prompt'],
    ['a repeated content', [spread, { ...licence, content: ` ${spread.content}` }], '1.content', 'This content is already used by another prompt'],
    ['an empty title', [{ ...spread, title: '   ' }], '0.title', 'title must not be empty'],
    ['a title too long', [{ ...spread, title: 'x'.repeat(promptLimits.titleMaxChars + 1) }], '0.title', `title must be at most ${promptLimits.titleMaxChars} characters`],
    ['a content of the wrong type', [{ ...spread, content: 42 }], '0.content', 'content must be text'],
    ['no list at all', { title: 'x' }, '', 'prompts must be a list'],
  ])('refuses %s, saying where, and keeps what was saved', async (_, prompts, path, message) => {
    const me = await signedInUser(db);
    await save(me, [licence]);
    const response = await save(me, prompts);
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContainEqual({ path: path ? `prompts.${path}` : 'prompts', message });
    expect((await list(me)).json().data.prompts).toEqual([licence]);
  });

  it('is for logged-in users only: visitors keep their store in the browser', async () => {
    const guest = await visitor(app);
    expect((await list(guest)).statusCode).toBe(404);
    expect((await save(guest, [spread])).statusCode).toBe(404);
  });
});
