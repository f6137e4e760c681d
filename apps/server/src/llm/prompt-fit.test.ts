import { describe, expect, it } from 'vitest';
import { budgetAfterOverflow } from './prompt-fit.js';

const refused = { contextTokens: 8192, maxOutputTokens: 2048, countedTokens: 3000, floorTokens: 400 };

describe('the budget for asking again after a context-length refusal', () => {
  it("fits the window the service named, in our tokens by the ratio of its count to ours, with a tenth to spare", () => {
    // the service counted 1.5 of its tokens for each of ours: its 2,048-token window is 1,365 of ours
    const budget = budgetAfterOverflow(refused, { limit: 2048, promptTokens: 4500, overBy: null });
    // and the answer gets what the question and its sources leave of it
    expect(budget).toEqual({ contextTokens: 1228, maxOutputTokens: 1228 - 400 });
  });

  it('takes what Ollama says it went over by, when it names no window', () => {
    expect(budgetAfterOverflow(refused, { limit: null, promptTokens: null, overBy: 1000 })?.contextTokens).toBe(Math.floor(2000 * 0.9));
  });

  it('halves the prompt when the refusal gives no figures', () => {
    expect(budgetAfterOverflow(refused, { limit: null, promptTokens: null, overBy: null })?.contextTokens).toBe(Math.floor(((3000 + 2048) / 2) * 0.9));
  });

  it('gives up when the question and its sources alone leave no room for an answer', () => {
    expect(budgetAfterOverflow(refused, { limit: 420, promptTokens: 3000, overBy: null })).toBeNull();
  });

  it('gives up when the prompt already had no earlier turns and nothing would be smaller', () => {
    const bare = { contextTokens: 1000, maxOutputTokens: 100, countedTokens: 400, floorTokens: 400 };
    expect(budgetAfterOverflow(bare, { limit: 5000, promptTokens: 400, overBy: null })).toBeNull();
  });
});
