import { expect, it } from 'vitest';
import { knowledgeSearchRepo } from '../src/db/repos/knowledge-search-repo.js';
import { qualityQuestions } from '../bench/knowledge-corpus/index.js';
import { measureQuality, seedQualityCorpus } from '../bench/knowledge-quality.js';
import { testDatabase } from './helper.js';

const db = (await testDatabase()).handle.db;
const { appId, chunkIds } = await seedQualityCorpus(db);
const search = knowledgeSearchRepo(db).search;

it('the quality set has at least 40 questions in Chinese and English over the shipped corpus', () => {
  const chinese = qualityQuestions.filter((item) => /\p{Script=Han}/u.test(item.question));
  expect(qualityQuestions.length).toBeGreaterThanOrEqual(40);
  expect(chinese.length).toBeGreaterThanOrEqual(15);
  expect(qualityQuestions.length - chinese.length).toBeGreaterThanOrEqual(15);
});

it('text search finds a right passage in the top 5 for at least 90% of the questions, Chinese and English alike', async () => {
  const report = await measureQuality((question, limit) => search(appId, question, limit), chunkIds);
  expect(report.misses.length, JSON.stringify(report.misses, null, 1)).toBeLessThanOrEqual(Math.floor(report.questions * 0.1));
  expect(report.recallAt5).toBeGreaterThanOrEqual(0.9);
  expect(report.mrr).toBeGreaterThanOrEqual(0.75);
  for (const script of [/\p{Script=Han}/u, /^[^\p{Script=Han}]*$/u]) {
    const subset = qualityQuestions.filter((item) => script.test(item.question));
    expect((await measureQuality((question, limit) => search(appId, question, limit), chunkIds, subset)).recallAt5).toBeGreaterThanOrEqual(0.9);
  }
});
