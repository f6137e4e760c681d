import { describe, expect, it } from 'vitest';
import { createOfflineResponder, planOfflineAnswer, questionMatch } from './offline-responder.js';
import type { ProviderChunk, RetrievedPassage, StreamParams } from './provider.js';

const qa = (question: string, content: string, overrides: Partial<RetrievedPassage> = {}): RetrievedPassage => ({
  chunkId: question,
  fileId: null,
  fileName: 'FAQ',
  heading: question,
  page: null,
  excerpt: content.slice(0, 40),
  score: 1,
  kind: 'qa',
  question,
  content,
  ...overrides,
});

const spread = qa('What is a spread, and what are pips and lots?', 'The spread is the gap between the bid and the ask price.');
const licence = qa('如何查询外汇经纪商的监管牌照？', '到监管机构官网查询，核对公司名称和网址。');
const manual = qa('', 'Leverage magnifies both gains and losses.', {
  kind: 'passage',
  question: null,
  fileName: 'trading-guide.pdf',
  heading: 'Leverage',
  page: 4,
});

function params(question: string, knowledge: RetrievedPassage[] = []): StreamParams {
  return {
    model: 'offline',
    temperature: 0.8,
    topP: 1,
    maxOutputTokens: 2048,
    knowledge,
    question,
    assistant: { name: '智能客服', intro: '我可以解答外汇经纪商监管方面的问题。' },
  };
}

async function collect(stream: AsyncIterable<ProviderChunk>) {
  const chunks: ProviderChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const deltas = chunks.filter((chunk) => chunk.type === 'delta');
  return { chunks, deltas, text: deltas.map((chunk) => chunk.text).join(''), usage: chunks.find((chunk) => chunk.type === 'usage') };
}

describe('planOfflineAnswer', () => {
  it('answers with the Q&A entry whose question matches, citing only that entry', () => {
    const plan = planOfflineAnswer(params('What is a spread?', [manual, spread]));
    expect(plan).toEqual({ text: spread.content, sources: [spread] });
  });

  it('matches a question worded a little differently', () => {
    expect(planOfflineAnswer(params('怎么查询外汇经纪商的监管牌照', [licence])).text).toBe(licence.content);
    expect(questionMatch('MT4服务器怎么看', '什么是 MT4/MT5 服务器？如何核实？')).not.toBeNull();
    expect(questionMatch('how do I cook pasta', 'What is a spread, and what are pips and lots?')).toBeNull();
  });

  it('quotes the best passages with their sources when no Q&A entry matches', () => {
    const plan = planOfflineAnswer(params('Tell me about leverage', [manual, spread]));
    expect(plan.text).toMatch(/^Here is what I found in my knowledge base about your question:/);
    expect(plan.text).toContain('> Leverage magnifies both gains and losses.');
    expect(plan.text).toContain('— Source: trading-guide.pdf, p. 4 · Leverage');
    expect(plan.text).toContain(`— Source: FAQ · ${spread.question}`);
    expect(plan.sources).toEqual([manual, spread]);
  });

  it('says plainly in English that it cannot answer, and how an operator connects a model', () => {
    const plan = planOfflineAnswer(params('How do I cook pasta?'));
    expect(plan.sources).toEqual([]);
    expect(plan.text).toContain("Sorry, I can't answer that from what I know.");
    expect(plan.text).toContain('suggested questions');
    for (const setting of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODELS']) expect(plan.text).toContain(setting);
  });

  it('says it in Chinese when the question is mostly Chinese', () => {
    const plan = planOfflineAnswer(params('今天天气怎么样？'));
    expect(plan.text).toMatch(/^抱歉，根据我现有的知识，我无法回答这个问题。/);
    expect(plan.text).toContain('`LLM_BASE_URL`、`LLM_API_KEY` 和 `LLM_MODELS`');
  });

  it('greets back, naming itself and what it helps with', () => {
    expect(planOfflineAnswer(params('你好！')).text).toBe(
      '您好！我是智能客服。我可以解答外汇经纪商监管方面的问题。\n\n请直接输入您的问题，或点击下方的推荐问题。',
    );
    const english = planOfflineAnswer(params('Hello there')).text;
    expect(english).toMatch(/^Hello! I'm 智能客服\. I answer questions from my knowledge base\./);
    expect(planOfflineAnswer(params('hi', [spread])).sources).toEqual([]);
  });
});

describe('createOfflineResponder', () => {
  it('streams the answer in small pieces and reports estimated usage at the end', async () => {
    const responder = createOfflineResponder({ delayMs: 0 });
    const messages = [{ role: 'user' as const, content: 'What is a spread?' }];
    const { chunks, deltas, text, usage } = await collect(
      responder.stream(messages, params('What is a spread?', [spread]), new AbortController().signal),
    );
    expect(text).toBe(spread.content);
    expect(deltas.length).toBeGreaterThan(5);
    expect(chunks.at(-1)).toEqual(usage);
    expect(usage).toEqual({ type: 'usage', promptTokens: 2 + 4 + 5, completionTokens: 14 });
    expect(responder.name).toBe('offline');
  });

  it('waits OFFLINE_STREAM_DELAY_MS between pieces', async () => {
    const responder = createOfflineResponder({ delayMs: 20 });
    const started = performance.now();
    const { deltas } = await collect(responder.stream([], params('hi'), new AbortController().signal));
    expect(performance.now() - started).toBeGreaterThanOrEqual((deltas.length - 1) * 20 - 5);
  });

  it('stops at once when the signal aborts, even in the middle of a pause', async () => {
    const responder = createOfflineResponder({ delayMs: 10_000 });
    const controller = new AbortController();
    const received: string[] = [];
    const started = performance.now();
    for await (const chunk of responder.stream([], params('What is a spread?', [spread]), controller.signal)) {
      if (chunk.type === 'delta') received.push(chunk.text);
      setTimeout(() => controller.abort(), 20);
    }
    expect(received).toEqual(['The ']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
