import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chunkSearchFields } from '../src/db/repos/knowledge-search-repo.js';
import { questionHash } from '../src/db/repos/unanswered-repo.js';
import { apps, chatItems, knowledgeChunks, unansweredQuestions } from '../src/db/schema/index.js';
import { createAgent, post, readStream, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model'] });
afterAll(() => fake.close());
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'test-key', LLM_MODELS: 'fake-model' });
const db = (await testDatabase()).handle.db;
const owner = await userCaller();
const completions = '/core/chat/completions';

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'echo', format: 'transcript' });
});

async function agentWithKnowledge(knowledgeMode: 'strict' | 'open') {
  const agent = await createAgent(owner.owner.userId as string, { name: `Broker help (${knowledgeMode})`, knowledgeMode });
  const content = 'Withdrawals requested before 12:00 GMT are processed the same business day.';
  await db
    .insert(knowledgeChunks)
    .values({ appId: agent.id, kind: 'passage', heading: 'Withdrawals', content, ...chunkSearchFields({ title: 'Withdrawals', body: content }) });
  return agent;
}

async function ask(appId: string, content: string) {
  return readStream((await post(app, await visitorCaller(app), completions, { appId, content })).body);
}

const unanswered = (appId: string) =>
  db.select().from(unansweredQuestions).where(eq(unansweredQuestions.appId, appId)).orderBy(unansweredQuestions.askedAt);

describe('a strict agent', () => {
  it('says plainly it has no reliable source, without asking the model, and counts the question for its owner', async () => {
    const agent = await agentWithKnowledge('strict');
    const first = await ask(agent.id, 'What is the minimum deposit?');
    expect(fake.requests).toHaveLength(0);
    expect(first.text).toBe(
      "Sorry, I have no reliable source in my knowledge base for this question, so I won't guess. Try rephrasing it, or ask this agent's creator to add the information.",
    );
    expect(first.citations).toEqual([]);
    expect(first.done).toMatchObject({ status: 'done' });
    // no model wrote it: the answer names none and counts no tokens, live and once saved
    expect(first.usage).toEqual({ promptTokens: 0, completionTokens: 0, model: null });
    const [saved] = await db.select().from(chatItems).where(eq(chatItems.id, first.done!.answerId));
    expect(saved).toMatchObject({ model: null, promptTokens: 0, completionTokens: 0 });

    // the same question spelled a little differently counts once more; a Chinese one is answered in Chinese
    await ask(agent.id, '  what is the MINIMUM deposit ');
    const chinese = await ask(agent.id, '最低入金是多少？');
    expect(chinese.text).toMatch(/^抱歉，我的知识库里没有找到能可靠回答这个问题的资料/);
    const rows = await unanswered(agent.id);
    expect(rows.map((row) => [row.question, row.askCount])).toEqual([
      ['What is the minimum deposit?', 2],
      ['最低入金是多少？', 1],
    ]);
    expect(rows[0]?.questionHash).toBe(questionHash('what is the minimum deposit'));
    expect(rows[0]!.lastAskedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.askedAt.getTime());
  });

  it('answers through the model, citing the passage, when its knowledge covers the question; greetings still reach the model', async () => {
    const agent = await agentWithKnowledge('strict');
    const covered = await ask(agent.id, 'When are withdrawals processed?');
    expect(fake.requests).toHaveLength(1);
    expect(covered.citations.map((citation) => citation.heading)).toEqual(['Withdrawals']);
    expect(covered.text).toContain('Answer only from the sources below.');
    expect(covered.usage).toMatchObject({ model: 'fake-model' });

    const hello = await ask(agent.id, 'Hello!');
    expect(fake.requests).toHaveLength(2);
    expect(hello.text).toContain('user: Hello!');
    expect(await unanswered(agent.id)).toEqual([]);
  });
});

describe('an open agent', () => {
  it('lets the model answer a question its knowledge does not cover, and still counts it for the owner', async () => {
    const agent = await agentWithKnowledge('open');
    const stream = await ask(agent.id, 'What is the minimum deposit?');
    expect(fake.requests).toHaveLength(1);
    expect(stream.text).toContain('user: What is the minimum deposit?');
    expect((await unanswered(agent.id)).map((row) => row.question)).toEqual(['What is the minimum deposit?']);
  });
});

describe('the official assistant', () => {
  it("puts a question its FAQ does not cover on the operators' list, and still lets the model answer it", async () => {
    const [official] = await db.update(apps).set({ knowledgeMode: 'strict' }).where(eq(apps.isOfficial, true)).returning();
    const answer = await ask(official!.id, 'What is the quantum chromodynamics deposit?');
    expect(fake.requests).toHaveLength(1);
    const rows = await unanswered(official!.id);
    expect(rows.map((row) => [row.question, row.lastChatItemId])).toEqual([['What is the quantum chromodynamics deposit?', answer.start!.questionId]]);
  });
});
