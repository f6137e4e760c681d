import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { agentAnalyticsPaths, agentKeyPaths, chatPaths, knowledgePaths, type AgentAnalytics } from '@parley/contracts';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { readStream } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0', VISITOR_TOKEN_RATE_LIMIT: '1000' });
const baseURL = `${await app.listen({ port: 0, host: '127.0.0.1' })}/v1`;
const db = (await testDatabase()).handle.db;
const today = new Date().toISOString().slice(0, 10);

/** Asks the agent on the site and answers the saved answer's ids. */
async function ask(caller: Caller, appId: string, content: string) {
  const response = await call(app, caller, 'POST', chatPaths.completions, { appId, content });
  const stream = readStream(response.body);
  return { chatId: stream.start?.chatId as string, answerId: stream.start?.answerId as string };
}

async function analytics(owner: Caller, appId: string): Promise<AgentAnalytics> {
  const response = await call(app, owner, 'GET', agentAnalyticsPaths.summary, { appId });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe("an agent's analytics for its owner", () => {
  it('count the last 30 days by channel, askers, answers, thumbs, notes, unanswered and top questions, leaving the owner out', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { name: 'Spread desk', visibility: 'public' });
    await call(app, owner, 'POST', knowledgePaths.createEntry, { appId: agent.id, entry: { kind: 'qa', question: 'What is a spread?', content: 'The gap between bid and ask.' } });

    const [guest, member] = [await visitor(app), await signedInUser(db)];
    const first = await ask(guest, agent.id, 'What is a spread?');
    await ask(guest, agent.id, 'what is a spread');
    const rated = await ask(member, agent.id, 'What are spreads?');
    await ask(member, agent.id, 'Which broker has the lowest fees in 2026?');
    await ask(owner, agent.id, 'Owner trying their own agent');
    await call(app, guest, 'POST', chatPaths.updateUserFeedback, { appId: agent.id, chatId: first.chatId, chatItemId: first.answerId, userGoodFeedback: true });
    await call(app, member, 'POST', chatPaths.updateUserFeedback, {
      appId: agent.id,
      chatId: rated.chatId,
      chatItemId: rated.answerId,
      userBadFeedback: true,
      customFeedbacks: ['Too short'],
    });
    const { secret } = (await call(app, owner, 'POST', agentKeyPaths.create, { appId: agent.id, name: 'Site' })).json().data;
    await new OpenAI({ baseURL, apiKey: secret, maxRetries: 0 }).chat.completions.create({ model: agent.id, messages: [{ role: 'user', content: 'What is a spread?' }] });

    const figures = await analytics(owner, agent.id);
    expect(figures).toMatchObject({ appId: agent.id, name: 'Spread desk', to: today });
    expect(figures.days).toHaveLength(30);
    const day = figures.days.at(-1);
    expect(day).toMatchObject({
      day: today,
      conversations: { site: 4, share: 0, api: 1, widget: 0 },
      questions: { site: 4, share: 0, api: 1, widget: 0 },
      users: 1,
      visitors: 1,
      answers: { done: 5, stopped: 0, error: 0 },
      good: 1,
      bad: 1,
    });
    expect(day?.completionTokens).toBeGreaterThan(0);
    expect(figures.days.slice(0, -1).every((earlier) => earlier.questions.site === 0)).toBe(true);
    expect(figures.totals).toMatchObject({ conversations: { site: 4, api: 1 }, questions: { site: 4, api: 1 }, users: 1, visitors: 1, good: 1, bad: 1 });
    expect(figures.topQuestions[0]).toEqual({ question: 'What is a spread?', count: 4, wordings: 2 });
    expect(figures.topQuestions.map((top) => top.question)).not.toContain('Owner trying their own agent');
    expect(figures.feedback).toEqual([
      { at: expect.any(String), rating: 'bad', notes: ['Too short'], question: 'What are spreads?', answer: expect.any(String) },
      { at: expect.any(String), rating: 'good', notes: [], question: 'What is a spread?', answer: 'The gap between bid and ask.' },
    ]);
    expect(figures.unanswered.open).toBeGreaterThanOrEqual(1);
    expect(figures.unanswered.questions.map((open) => open.question)).toContain('Which broker has the lowest fees in 2026?');
  });

  it('export the same days as a CSV file named after the agent', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { name: '点差 desk', visibility: 'public' });
    await ask(await visitor(app), agent.id, 'What is a spread?');
    const response = await call(app, owner, 'GET', agentAnalyticsPaths.csv, { appId: agent.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''%E7%82%B9%E5%B7%AE%20desk%20`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'day,conversations_site,conversations_share,conversations_api,conversations_widget,questions_site,questions_share,questions_api,questions_widget,users,visitors,answers_done,answers_stopped,answers_error,thumbs_up,thumbs_down,prompt_tokens,completion_tokens',
    );
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toMatch(new RegExp(`^${today},1,0,0,0,1,0,0,0,0,1,1,0,0,0,0,\\d+,\\d+$`));
  });

  it("are the owner's alone", async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { visibility: 'public' });
    const stranger = await call(app, await signedInUser(db), 'GET', agentAnalyticsPaths.summary, { appId: agent.id });
    expect(stranger.statusCode).toBe(404);
    const guest = await call(app, await visitor(app), 'GET', agentAnalyticsPaths.csv, { appId: agent.id });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().code).toBe(10009);
    expect((await call(app, owner, 'GET', agentAnalyticsPaths.summary, { appId: 'nope' })).statusCode).toBe(400);
  });
});
