import { describe, expect, it } from 'vitest';
import { createOfflineResponder, offlineThresholds, planOfflineAnswer, questionMatch } from './offline-responder.js';
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

// entries as full-text search returns them: `titleScore` is the share of the question's words in
// the entry's question and its other wordings ("存钱" is one of the deposit entry's)
const deposit = qa('如何入金？入金一般多久到账？', '银行卡通常几分钟到几小时，电汇 1 至 5 个工作日。', { titleScore: 1 });
const fees = qa('What does forex trading cost, and how are spreads, fees and commissions charged?', 'Spread, commission and swap.', {
  titleScore: 1,
});
const withdrawal = qa('如何安全出金？出金被拒怎么办？', '原路出金，先小额试出金。', { score: 0.6, titleScore: 0.2 });
const ranking: RetrievedPassage = {
  ...qa('', '**Top 3 of the problem platforms** (data as of 2026-11-02):\n1. QuickWin FX', { kind: 'passage', question: null }),
  fileName: "Parley's broker data",
  heading: 'problem platforms · 2026-11-02',
  brokerData: 'ranking',
};
const topics = {
  zh: ['外汇经纪商的监管牌照，以及如何查询', '开户材料、入金和出金'],
  en: ["forex brokers' licences, and how to check one", 'opening an account, deposits and withdrawals'],
};

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

  it('says plainly in English that it cannot answer, and nothing of how the site is set up', () => {
    const plan = planOfflineAnswer(params('How do I cook pasta?'));
    expect(plan.sources).toEqual([]);
    expect(plan.text).toBe("Sorry, I can't answer that from what I know. Try rephrasing your question, or pick one of the suggested questions.");
  });

  it('says it in Chinese when the question is mostly Chinese', () => {
    const plan = planOfflineAnswer(params('今天天气怎么样？'));
    expect(plan.text).toBe('抱歉，根据我现有的知识，我无法回答这个问题。您可以换个说法再问一次，或点击推荐问题。');
  });

  it('answers with the entry whose other wordings hold the question\'s words, though its own question is worded apart', () => {
    expect(questionMatch('怎么往交易账户里存钱', deposit.question ?? '')).toBeNull();
    expect(planOfflineAnswer(params('怎么往交易账户里存钱', [withdrawal, deposit]))).toEqual({ text: deposit.content, sources: [deposit] });
  });

  it('between entries holding all the question\'s words, answers with the one whose own question is closest', () => {
    const spreadFound = { ...spread, titleScore: 1 };
    expect(planOfflineAnswer(params('What is a spread?', [fees, spreadFound])).sources).toEqual([spreadFound]);
    expect(planOfflineAnswer(params('How are fees and commissions charged?', [spreadFound, fees])).sources).toEqual([fees]);
  });

  it('does not answer, or quote, an entry written for another question that shares only a few of its words', () => {
    expect(withdrawal.titleScore).toBeLessThan(offlineThresholds.qaTitle);
    expect(withdrawal.score).toBeLessThan(offlineThresholds.qaQuote);
    const plan = planOfflineAnswer(params('今天出金的人多吗', [withdrawal]));
    expect(plan.sources).toEqual([]);
    expect(plan.text).toMatch(/^抱歉，根据我现有的知识，我无法回答这个问题。/);
  });

  it('says what it can help with, in the language of the question, when nothing it knows matches well enough', () => {
    const chinese = planOfflineAnswer({ ...params('今天天气怎么样？', [withdrawal]), assistant: { name: '智能客服', intro: '', topics } });
    expect(chinese.sources).toEqual([]);
    expect(chinese.text).toBe(
      '抱歉，根据我现有的知识，我无法回答这个问题。\n\n我可以解答这些方面的问题：\n\n- 外汇经纪商的监管牌照，以及如何查询\n- 开户材料、入金和出金\n\n' +
        '您可以换个说法再问一次，或点击推荐问题。',
    );
    const english = planOfflineAnswer({ ...params('Write me a poem about the sea'), assistant: { name: 'Helper', intro: '', topics } }).text;
    expect(english).toMatch(/^Sorry, I can't answer that from what I know\.\n\nI can help with:\n\n- forex brokers' licences, and how to check one\n- opening an account/);
    expect(english).toMatch(/\n\nTry rephrasing your question, or pick one of the suggested questions\.$/);
  });

  it('lists a ranking the question asks for before an entry that only shares words with it, not before one asking the same', () => {
    const problems = qa('How can I spot a problem platform?', 'Be very careful if you see any of these.', { titleScore: 0.75 });
    expect(planOfflineAnswer(params('Which brokers are on the problem platforms ranking?', [ranking, problems])).sources).toEqual([ranking]);
    expect(planOfflineAnswer(params('How can I spot a problem platform?', [ranking, problems])).sources).toEqual([problems]);
  });

  it('matches a question the same whatever number it names', () => {
    const known = "How do I check a forex broker's licence?";
    expect(questionMatch('How do I check a broker licence in 2025?', known)).toBe(questionMatch('How do I check a broker licence?', known));
    expect(questionMatch('How do I check a broker licence?', known)).not.toBeNull();
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
