import { describe, expect, it } from 'vitest';
import { officialTopics } from '../src/seed/official-assistant.js';
import { officialFaq } from '../src/seed/official-faq.js';
import { classifyAnswer, measureOfflineQuality, officialAsker } from '../bench/offline-quality-measure.js';
import { offlineHoldoutQuestions, offlineQualityQuestions } from '../bench/offline-quality-set.js';
import { buildTestApp } from './helper.js';

// the official assistant with no model service, as a fresh install starts it (demo brokers included)
const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0', DEMO_DATA: 'on', VISITOR_DAILY_MESSAGES: '1000', CHAT_RATE_LIMIT: '1000' });
const ask = await officialAsker(app);

function entry(id: string) {
  const found = officialFaq.find((faq) => faq.id === id);
  if (!found) throw new Error(`no FAQ entry ${id}`);
  return found;
}

describe('the official assistant offline, asked as customers ask', () => {
  it.each([
    ['怎么开户？需要准备什么材料？', 'open-account'],
    ['入金多久到账？', 'deposit'],
    ['我想投诉一个外汇平台', 'complaint'],
    ['点差和手续费怎么收？', 'fees'],
    ['点差是什么？', 'spread'],
    ['How do I open an account and what documents do I need?', 'open-account'],
    ['What fees and commissions will I pay?', 'fees'],
  ])('answers "%s" with the FAQ entry %s, in the language asked', async (question, id) => {
    const { text, citations } = await ask(question);
    const [asked, answer] = /\p{Script=Han}/u.test(question) ? entry(id).zh : entry(id).en;
    expect(citations.map((citation) => citation.heading)).toEqual([asked]);
    expect(text).toBe(answer.trim());
  });

  it.each([
    ['入金多久到账？', '我入金了3000美元，多久到账？'],
    ['用杠杆有什么风险', '用500倍杠杆有什么风险'],
    ['How long does a deposit take to arrive?', 'How long does a deposit of 250 take to arrive?'],
  ])('answers "%s" and "%s" from the same entry: a number does not change the match', async (plain, withNumber) => {
    const first = classifyAnswer((await ask(plain)).citations);
    expect(first.kind).toBe('faq');
    expect(classifyAnswer((await ask(withNumber)).citations)).toMatchObject({ kind: 'faq', id: first.kind === 'faq' ? first.id : '' });
  });

  it('declines what the FAQ does not cover, listing what it can help with in Chinese for a Chinese question', async () => {
    const { text, citations } = await ask('今天天气怎么样？');
    expect(citations).toEqual([]);
    expect(text).toMatch(/^抱歉，根据我现有的知识，我无法回答这个问题。\n\n我可以解答这些方面的问题：\n\n/);
    for (const topic of officialTopics.zh) expect(text).toContain(`- ${topic}`);
  });

  it('declines in English for an English question, without quoting an unrelated entry', async () => {
    const { text, citations } = await ask('Will EUR/USD go up next week?');
    expect(citations).toEqual([]);
    expect(text).toMatch(/^Sorry, I can't answer that from what I know\.\n\nI can help with:\n\n/);
    for (const topic of officialTopics.en) expect(text).toContain(`- ${topic}`);
    expect(text).not.toContain('Here is what I found');
  });

  it("answers the web journeys' suggested questions from their entries", async () => {
    const licence = await ask("How do I check a forex broker's licence?");
    expect(licence.citations.map((citation) => citation.heading)).toEqual([entry('licence-check').en[0]]);
    expect(licence.text).toMatch(/licen[cs]e/i);
    const platform = await ask('How can I spot a problem platform?');
    expect(platform.citations.map((citation) => citation.heading)).toEqual([entry('problem-platform').en[0]]);
    expect(platform.text).toMatch(/platform/i);
    const leverage = await ask('What are the risks of leveraged forex trading?');
    expect(leverage.citations.map((citation) => citation.heading)).toEqual([entry('leverage-risk').en[0]]);
  });
});

describe('the offline quality set', () => {
  it('names only FAQ entries that exist, and holds at least 40 questions in Chinese and English with some to decline', () => {
    const ids = new Set(officialFaq.map((faq) => faq.id));
    for (const item of [...offlineQualityQuestions, ...offlineHoldoutQuestions]) {
      if (item.expected !== 'none') for (const id of item.expected) expect(ids, item.question).toContain(id);
    }
    const chinese = offlineQualityQuestions.filter((item) => /\p{Script=Han}/u.test(item.question));
    expect(offlineQualityQuestions.length).toBeGreaterThanOrEqual(40);
    expect(chinese.length).toBeGreaterThanOrEqual(15);
    expect(offlineQualityQuestions.length - chinese.length).toBeGreaterThanOrEqual(15);
    expect(offlineQualityQuestions.filter((item) => item.expected === 'none').length).toBeGreaterThanOrEqual(8);
  });

  it('is answered from the right entry at least 95% of the time, never from a wrong one, and declined where it should be', async () => {
    const classified = async (question: string) => classifyAnswer((await ask(question)).citations);
    const report = await measureOfflineQuality(classified, offlineQualityQuestions);
    const misses = JSON.stringify(report.misses, null, 1);
    expect(report.top1Accuracy, misses).toBeGreaterThanOrEqual(0.95);
    expect(report.wrongAnswerRate, misses).toBe(0);
    expect(report.correctRefusalRate, misses).toBe(1);
    // the held-out questions were not tuned on: a looser bar, to catch a change that only fits the set
    const holdout = await measureOfflineQuality(classified, offlineHoldoutQuestions);
    expect(holdout.top1Accuracy, JSON.stringify(holdout.misses, null, 1)).toBeGreaterThanOrEqual(0.8);
    expect(holdout.wrongAnswerRate, JSON.stringify(holdout.misses, null, 1)).toBeLessThanOrEqual(0.1);
  });
});
