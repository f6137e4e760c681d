import { describe, expect, it } from 'vitest';
import { agentPaths, brokerPaths, chatPaths, nulCharacterMessage, settingsPaths } from '@parley/contracts';
import { agentForm } from './fixtures/agents.js';
import { agent, call, chatWithTurns, signedInUser, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

describe('a NUL character in any text of a request', () => {
  it.each([
    ['a question', 'POST', `${chatPaths.completions}`, { content: 'What is a pip?\u0000' }, 'content'],
    ['an agent name', 'POST', agentPaths.create, agentForm({ name: 'Pip\u0000tutor' }), 'name'],
    ['a broker search', 'GET', brokerPaths.search, { kw: 'lan\u0000hai' }, 'kw'],
    ['a settings name', 'POST', settingsPaths.save, { settings: { name: 'Ann\u0000' } }, 'settings.name'],
  ] as const)('is refused with 400 on its field: %s', async (_what, method, path, payload, field) => {
    const me = await signedInUser(db);
    const response = await call(app, me, method, path, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: [{ path: field, message: nulCharacterMessage }] });
  });

  it('is refused inside a list too (a feedback note)', async () => {
    const owner = await visitor(app);
    const { chat, items } = await chatWithTurns(db, owner.owner, { appId: (await agent(db)).id });
    const target = { appId: chat.appId, chatId: chat.id, chatItemId: items[1]!.id };
    const refused = await call(app, owner, 'POST', chatPaths.updateUserFeedback, { ...target, customFeedbacks: ['fine', 'bad\u0000'] });
    expect(refused.json()).toMatchObject({ code: 400, data: [{ path: 'customFeedbacks.1', message: nulCharacterMessage }] });
  });
});
