import { describe, expect, it } from 'vitest';
import { settingsPaths, type UserSettings } from '@parley/contracts';
import { post, userCaller, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { buildTestApp } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });

const mine: UserSettings = {
  avatarUrl: 'https://example.com/me.png',
  name: 'Lin',
  description: 'Forex research',
  systemMessage: 'Answer briefly.',
  temperature: 0.3,
  top_p: 0.9,
  theme: 'dark',
  language: 'en-US',
};

const read = (caller: Caller) => app.inject({ url: `${caller.prefix}${settingsPaths.get}`, headers: caller.headers });
const save = (caller: Caller, settings: unknown) => post(app, caller, settingsPaths.save, { settings });

describe('settings sync for logged-in users', () => {
  it('has nothing saved at first', async () => {
    const response = await read(await userCaller());
    expect(response.json()).toMatchObject({ code: 0, data: { settings: null, updatedAt: null } });
  });

  it('gives back what was saved, to any browser with a token of that user', async () => {
    const me = await userCaller();
    const saved = await save(me, mine);
    expect(saved.json()).toMatchObject({ code: 0, data: { settings: mine, updatedAt: expect.any(String) } });
    // Another browser: the same user, another token.
    const other = { ...me, headers: (await userCaller()).headers };
    expect((await read(me)).json().data.settings).toEqual(mine);
    expect((await read(other)).json().data.settings).toBeNull();
  });

  it('replaces the whole record on the next save', async () => {
    const me = await userCaller();
    await save(me, mine);
    await save(me, { ...mine, temperature: 1.5, language: 'zh-CN' });
    expect((await read(me)).json().data.settings).toMatchObject({ temperature: 1.5, language: 'zh-CN', name: 'Lin' });
  });

  it.each([
    ['a temperature over 2', { temperature: 2.5 }, 'temperature must be between 0 and 2'],
    ['a top_p over 1', { top_p: 1.1 }, 'top_p must be between 0 and 1'],
    ['an avatar link that is not http(s)', { avatarUrl: 'javascript:alert(1)' }, 'avatarUrl must start with http:// or https://'],
    ['a name over 40 characters', { name: 'n'.repeat(41) }, 'name must be at most 40 characters'],
    ['an unknown language', { language: 'fr-FR' }, 'language'],
  ])('refuses %s and keeps the saved record', async (_, change, message) => {
    const me = await userCaller();
    await save(me, mine);
    const response = await save(me, { ...mine, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain(message);
    expect((await read(me)).json().data.settings).toEqual(mine);
  });

  it('is not offered to visitors, who keep settings in the browser', async () => {
    const visitor = await visitorCaller(app);
    expect((await read(visitor)).statusCode).toBe(404);
    expect((await save(visitor, mine)).statusCode).toBe(404);
  });

  it('needs a valid user token', async () => {
    const response = await app.inject({ url: `/api${settingsPaths.get}` });
    expect(response.statusCode).toBe(401);
  });
});
