import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usageLedger } from '../src/db/schema/index.js';
import { officialSuggestedQuestions } from '../src/seed/official-assistant.js';
import { officialFaq } from '../src/seed/official-faq.js';
import { createAgent, post, readStream, savedChats, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0' });
const db = (await testDatabase()).handle.db;
const completions = '/core/chat/completions';

function faqAnswer(question: string): string {
  const entry = officialFaq.find((faq) => faq.zh[0] === question || faq.en[0] === question);
  if (!entry) throw new Error(`no FAQ entry for ${question}`);
  return (entry.zh[0] === question ? entry.zh[1] : entry.en[1]).trim();
}

describe('asking the official assistant offline', () => {
  it("answers a visitor's question from the FAQ with its source, as a stream of events", async () => {
    const visitor = await visitorCaller(app);
    const question = '如何查询外汇经纪商的监管牌照？';

    const response = await post(app, visitor, completions, { content: `  ${question} ` });

    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['x-request-id']).toBeTruthy();
    const stream = readStream(response.body);
    expect(stream.names[0]).toBe('start');
    expect(stream.names[1]).toBe('citations');
    expect(stream.names.slice(-2)).toEqual(['usage', 'done']);
    expect(new Set(stream.names.slice(2, -2))).toEqual(new Set(['delta']));
    expect(stream.text).toBe(faqAnswer(question));
    expect(stream.start).toMatchObject({ title: question, model: 'offline' });
    expect(stream.citations).toEqual([
      expect.objectContaining({ fileId: null, fileName: 'FAQ', heading: question, page: null, score: 1 }),
    ]);
    expect(stream.done).toEqual({ answerId: stream.start?.answerId, status: 'done' });

    const saved = await savedChats(visitor.owner);
    expect(saved.chats).toEqual([expect.objectContaining({ id: stream.start?.chatId, title: question, visitorId: visitor.owner.visitorId })]);
    expect(saved.items).toEqual([
      expect.objectContaining({ id: stream.start?.questionId, role: 'user', content: question, status: 'done' }),
      expect.objectContaining({
        id: stream.start?.answerId,
        role: 'assistant',
        content: stream.text,
        status: 'done',
        error: null,
        model: 'offline',
        citations: stream.citations,
        promptTokens: stream.usage?.promptTokens,
        completionTokens: stream.usage?.completionTokens,
      }),
    ]);
    expect(stream.usage?.promptTokens).toBeGreaterThan(0);
    expect(stream.usage?.completionTokens).toBeGreaterThan(100);
  });

  it.each(officialSuggestedQuestions)('answers the suggested question "%s" with its FAQ answer', async (question) => {
    const stream = readStream((await post(app, await visitorCaller(app), completions, { content: question })).body);
    expect(stream.text).toBe(faqAnswer(question));
    expect(stream.citations.map((citation) => citation.heading)).toEqual([question]);
  });

  it('says plainly that it cannot answer what its knowledge does not cover, without citations', async () => {
    const stream = readStream((await post(app, await visitorCaller(app), completions, { content: 'How do I bake bread?' })).body);
    expect(stream.names).not.toContain('citations');
    expect(stream.text).toContain("Sorry, I can't answer that from what I know.");
    // the visitor is told what the assistant knows about, not how the site's operator sets it up
    expect(stream.text).not.toContain('LLM_BASE_URL');
    expect(stream.done?.status).toBe('done');
  });

  it('adds the next question to the same chat and keeps its title', async () => {
    const visitor = await visitorCaller(app);
    const first = readStream((await post(app, visitor, completions, { content: 'hello' })).body);
    const second = readStream(
      (await post(app, visitor, completions, { chatId: first.start?.chatId, content: 'What is a spread?' })).body,
    );

    expect(second.start).toMatchObject({ chatId: first.start?.chatId, title: 'hello' });
    expect(second.text).toBe(faqAnswer('What is a spread, and what are pips and lots?'));
    const saved = await savedChats(visitor.owner);
    expect(saved.chats).toHaveLength(1);
    expect(saved.items.map((item) => [item.role, item.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
  });

  it('names a new chat after its first question, on one line and at most 60 characters', async () => {
    const question = `Line one\n\nline two ${'x'.repeat(80)}`;
    const stream = readStream((await post(app, await visitorCaller(app), completions, { content: question })).body);
    expect(stream.start?.title).toBe(`Line one line two ${'x'.repeat(42)}`);
  });

  it('serves signed-in users under /api the same way', async () => {
    const user = await userCaller();
    const stream = readStream((await post(app, user, completions, { content: '你好' })).body);
    expect(stream.text).toMatch(/^您好！我是智能客服。/);
    expect((await savedChats(user.owner)).chats[0]?.userId).toBe(user.owner.userId);
  });

  it('adds each question to the usage ledger of its owner, day and model', async () => {
    const visitor = await visitorCaller(app);
    const usages = [];
    for (const content of ['What is a spread?', 'What is context mode?']) {
      usages.push(readStream((await post(app, visitor, completions, { content })).body).usage);
    }

    const rows = await db
      .select()
      .from(usageLedger)
      .where(eq(usageLedger.visitorId, visitor.owner.visitorId as string));
    expect(rows).toEqual([
      expect.objectContaining({
        day: new Date().toISOString().slice(0, 10),
        model: 'offline',
        messages: 2,
        promptTokens: (usages[0]?.promptTokens ?? 0) + (usages[1]?.promptTokens ?? 0),
        completionTokens: (usages[0]?.completionTokens ?? 0) + (usages[1]?.completionTokens ?? 0),
      }),
    ]);
  });

  it('answers from an agent\'s own knowledge, not the official FAQ', async () => {
    const owner = await userCaller();
    const agent = await createAgent(owner.owner.userId as string, { name: 'Spread bot', intro: 'I explain spreads.' });
    const stream = readStream((await post(app, owner, completions, { appId: agent.id, content: 'What is a spread?' })).body);
    expect(stream.names).not.toContain('citations');
    expect(stream.text).toContain("Sorry, I can't answer that from what I know.");
    expect((await savedChats(owner.owner)).chats[0]?.appId).toBe(agent.id);
  });
});
