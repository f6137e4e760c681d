import { describe, expect, it } from 'vitest';
import { accountPaths, agentPaths, chatPaths } from '@parley/contracts';
import { agentForm } from './fixtures/agents.js';
import { call, signedInUser } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

// shaped like a UUID (36 characters of hex digits and hyphens) without being one
const lookalikes = ['-'.repeat(36), '0f8fad5b-d9cb-469f-a165-70867728950z', '0f8fad5bd9cb-469f-a165-70867728950e-'];

describe('an id that only looks like one', () => {
  it.each(lookalikes)('is a 400 as an agent avatar: %s', async (id) => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', agentPaths.create, agentForm({ avatarUrl: `/files/images/${id}` }));
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContainEqual(expect.objectContaining({ path: 'avatarUrl' }));
  });

  it.each(lookalikes)('is a 400 as a profile picture: %s', async (id) => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', accountPaths.updateProfile, { headUrl: `/files/images/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContainEqual(expect.objectContaining({ path: 'headUrl' }));
  });

  it.each(lookalikes)('is a 400 for a picture and a chat: %s', async (id) => {
    expect((await app.inject({ url: `/files/images/${id}` })).statusCode).toBe(400);
    const me = await signedInUser(db);
    expect((await call(app, me, 'GET', chatPaths.chatInit, { chatId: id })).statusCode).toBe(400);
  });
});
