import { describe, expect, it } from 'vitest';
import { agentPaths, agentSharePaths, chatPaths } from '@parley/contracts';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor } from './fixtures/chats.js';
import { readStream } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000', OFFLINE_STREAM_DELAY_MS: '0' });
const db = (await testDatabase()).handle.db;

describe('GET /chat/get/shareNum, /chat/share and /share/agent', () => {
  it('gives an agent one unguessable share number whose landing page any visitor can open and chat from', async () => {
    const owner = await signedInUser(db, `maker-${Date.now()}`);
    const agent = await createAgent(app, owner, { name: 'Share me', visibility: 'unlisted', openingMessage: 'Hi, I explain spreads.' });

    const first = await call(app, owner, 'GET', agentSharePaths.shareNum, { id: agent.id });
    expect(first.statusCode).toBe(200);
    const { shareNum, path } = first.json().data;
    expect(shareNum).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(path).toBe(`/share/${shareNum}`);
    expect((await call(app, owner, 'GET', agentSharePaths.shareNum, { id: agent.id })).json().data.shareNum).toBe(shareNum);
    expect((await call(app, owner, 'GET', agentPaths.detail, { id: agent.id })).json().data.shareNum).toBe(shareNum);

    const guest = await visitor(app);
    const landing = await call(app, guest, 'GET', agentSharePaths.byShareNum, { shareNum });
    expect(landing.statusCode).toBe(200);
    expect(landing.json().data).toEqual({
      appId: agent.id,
      shareNum,
      name: 'Share me',
      intro: agent.intro,
      avatarUrl: null,
      category: 'forex',
      creatorName: expect.stringMatching(/^maker-/),
      openingMessage: 'Hi, I explain spreads.',
      suggestedQuestions: agent.suggestedQuestions,
      figures: { conversations: 0, users: 0, good: 0, bad: 0, likeRatio: null },
    });
    expect((await call(app, guest, 'GET', agentSharePaths.agent, { appId: agent.id })).json().data).toEqual(landing.json().data);

    const answer = await call(app, guest, 'POST', chatPaths.completions, { appId: agent.id, content: 'What is a spread?' });
    expect(answer.statusCode).toBe(200);
    expect(readStream(answer.body).done?.status).toBe('done');
    // unlisted: reachable by the link, never listed
    expect((await call(app, guest, 'GET', agentPaths.discover, { q: 'share' })).json().data.list).toEqual([]);
  });

  it('refuses to share a private agent: its owner is told why, everyone else finds nothing', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { visibility: 'private' });
    const mine = await call(app, owner, 'GET', agentSharePaths.shareNum, { id: agent.id });
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toMatchObject({ code: 10010, msg: 'A private agent cannot be shared. Make it unlisted or public first.' });
    for (const other of [await signedInUser(db), await visitor(app)]) {
      expect((await call(app, other, 'GET', agentSharePaths.shareNum, { id: agent.id })).statusCode).toBe(404);
      expect((await call(app, other, 'GET', agentSharePaths.agent, { appId: agent.id })).statusCode).toBe(404);
    }
  });

  it('stops a share link working once the agent turns private or is deleted', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { visibility: 'public' });
    const { shareNum } = (await call(app, await visitor(app), 'GET', agentSharePaths.shareNum, { id: agent.id })).json().data;
    const guest = await visitor(app);

    await call(app, owner, 'POST', agentPaths.update, { id: agent.id, name: agent.name, intro: agent.intro, systemPrompt: agent.systemPrompt, visibility: 'private' });
    expect((await call(app, guest, 'GET', agentSharePaths.byShareNum, { shareNum })).statusCode).toBe(404);

    await call(app, owner, 'POST', agentPaths.delete, { id: agent.id });
    expect((await call(app, owner, 'GET', agentSharePaths.byShareNum, { shareNum })).statusCode).toBe(404);
  });

  it('refuses share numbers that are not well-formed', async () => {
    const guest = await visitor(app);
    const response = await call(app, guest, 'GET', agentSharePaths.byShareNum, { shareNum: '../../etc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toEqual([{ path: 'shareNum', message: 'This share link is not valid' }]);
  });
});
