import { describe, expect, it } from 'vitest';
import { createTokenCounter, createTokenCounters, loadTokenizers } from './token-count.js';

const prompt = [
  { role: 'system' as const, content: 'You are a helpful assistant.' },
  { role: 'user' as const, content: 'What is a spread in forex trading?' },
];

describe('counting a prompt as the model will', () => {
  it("counts OpenAI's models with their own tokenizer once it is loaded", async () => {
    await loadTokenizers(['gpt-4o-mini']);
    const counter = createTokenCounter('gpt-4o-mini');
    expect(counter.exact).toBe(true);
    // o200k_base: 6 and 8 tokens, plus 4 of framing each and 2 that prime the answer
    expect(counter.prompt(prompt)).toBe(6 + 4 + 8 + 4 + 2);
    // text that spells a special token is counted as text, not refused
    expect(counter.message({ role: 'user', content: '<|endoftext|>' })).toBeGreaterThan(4);
  });

  it('estimates other models, and moves toward what their service reports', () => {
    const counter = createTokenCounter('qwen3:8b');
    expect(counter.exact).toBe(false);
    const before = counter.prompt(prompt);
    // the service counts twice what the estimate says, answer after answer
    for (let answer = 0; answer < 20; answer++) counter.learn(prompt, before * 2);
    const after = counter.prompt(prompt);
    expect(after).toBeGreaterThan(before * 1.6);
    expect(after).toBeLessThanOrEqual(before * 2);
  });

  it('keeps one counter per model, so each learns from its own reports', () => {
    const counterFor = createTokenCounters();
    expect(counterFor('deepseek-chat')).toBe(counterFor('deepseek-chat'));
    expect(counterFor('deepseek-chat')).not.toBe(counterFor('qwen-max'));
  });
});
