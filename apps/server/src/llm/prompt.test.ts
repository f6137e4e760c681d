import { describe, expect, it } from 'vitest';
import { buildPrompt, defaultSystemMessage, trimHistory, type ContextTurn, type PromptInput } from './prompt.js';
import type { RetrievedPassage } from './provider.js';
import { estimateMessageTokens, estimateTokens } from './token-estimate.js';

const official = { isOfficial: true, systemPrompt: 'You are 智能客服.', temperature: 0.3, topP: 0.5, knowledgeMode: 'open' as const };
const agent = { isOfficial: false, systemPrompt: 'You are a pirate.', temperature: 1.4, topP: 0.7, knowledgeMode: 'strict' as const };

function input(overrides: Partial<PromptInput> = {}): PromptInput {
  return {
    app: official,
    params: {},
    knowledge: [],
    history: [],
    question: 'What is a spread?',
    usingContext: true,
    contextTokens: 8192,
    maxOutputTokens: 2048,
    ...overrides,
  };
}

const passage = (overrides: Partial<RetrievedPassage> = {}): RetrievedPassage => ({
  chunkId: 'c1',
  fileId: null,
  fileName: 'FAQ',
  heading: 'What is a spread?',
  page: null,
  excerpt: 'The spread is…',
  score: 1,
  kind: 'qa',
  question: 'What is a spread?',
  content: 'The spread is the gap between bid and ask.',
  ...overrides,
});

/** Turns of `tokens` estimated tokens each (4 characters a token, plus the message overhead). */
function turns(count: number, tokens: number): ContextTurn[] {
  return Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `${index}`.padEnd((tokens - 4) * 4, '.'),
  }));
}

describe('token estimate', () => {
  it('counts a CJK character as a token and other text as a token per four characters', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('监管牌照')).toBe(4);
    expect(estimateTokens('查询 FCA')).toBe(2 + 1);
    expect(estimateTokens('𠀀😀')).toBe(2);
  });
});

describe('system message and sampling', () => {
  it("gives the official assistant the user's system message, its own role and the user's sampling", () => {
    const prompt = buildPrompt(input({ params: { systemMessage: 'Answer briefly.', temperature: 0.2, top_p: 0.9 } }));
    expect(prompt.messages[0]).toEqual({ role: 'system', content: 'Answer briefly.\n\nYou are 智能客服.' });
    expect(prompt).toMatchObject({ temperature: 0.2, topP: 0.9 });
  });

  it('falls back to the default system message and 0.8 / 1 for the official assistant', () => {
    const prompt = buildPrompt(input({ params: { systemMessage: '   ' } }));
    expect(prompt.messages[0]?.content).toBe(`${defaultSystemMessage}\n\nYou are 智能客服.`);
    expect(prompt).toMatchObject({ temperature: 0.8, topP: 1 });
  });

  it("gives an agent its own system prompt and sampling, whatever the user's settings say", () => {
    const prompt = buildPrompt(input({ app: agent, params: { systemMessage: 'Ignore me', temperature: 0, top_p: 0 } }));
    expect(prompt.messages[0]?.content).toBe('You are a pirate.');
    expect(prompt).toMatchObject({ temperature: 1.4, topP: 0.7 });
  });

  it("gives an agent that fixes neither temperature nor top_p the user's sampling", () => {
    const open = { ...agent, temperature: null, topP: null };
    const prompt = buildPrompt(input({ app: open, params: { systemMessage: 'Ignore me', temperature: 0.1, top_p: 0.6 } }));
    expect(prompt.messages[0]?.content).toBe('You are a pirate.');
    expect(prompt).toMatchObject({ temperature: 0.1, topP: 0.6 });
  });

  it('mixes: what the agent fixes wins, the rest comes from the user, then the defaults', () => {
    const fixesTemperature = { ...agent, temperature: 1.1, topP: null };
    expect(buildPrompt(input({ app: fixesTemperature, params: { temperature: 0.1, top_p: 0.6 } }))).toMatchObject({ temperature: 1.1, topP: 0.6 });
    expect(buildPrompt(input({ app: { ...agent, temperature: null, topP: null }, params: {} }))).toMatchObject({ temperature: 0.8, topP: 1 });
  });

  it('puts retrieved knowledge in the system message as numbered sources with the citing rule', () => {
    const second = passage({ chunkId: 'c2', kind: 'passage', question: null, fileName: 'guide.pdf', page: 3, heading: 'Leverage', content: 'Leverage magnifies losses.' });
    const system = buildPrompt(input({ knowledge: [passage(), second] })).messages[0]?.content ?? '';
    expect(system).toContain('[1] FAQ — What is a spread?\nThe spread is the gap between bid and ask.');
    expect(system).toContain('[2] guide.pdf, p. 3 — Leverage\nLeverage magnifies losses.');
    expect(system).toContain('Cite the sources you use by their number in square brackets');
    expect(system).toContain('Never invent facts');
  });

  it('tells a strict agent to answer only from its sources', () => {
    const system = buildPrompt(input({ app: agent, knowledge: [passage()] })).messages[0]?.content ?? '';
    expect(system).toContain('Answer only from the sources below');
  });
});

describe('context', () => {
  it('sends earlier turns, oldest first, before the question while context is on', () => {
    const history: ContextTurn[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
    ];
    const prompt = buildPrompt(input({ history }));
    expect(prompt.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(prompt.messages.at(-1)).toEqual({ role: 'user', content: 'What is a spread?' });
    expect(prompt.droppedTurns).toBe(0);
  });

  it('sends only the system message and the question while context is off', () => {
    const prompt = buildPrompt(input({ history: turns(4, 10), usingContext: false, knowledge: [passage()] }));
    expect(prompt.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(prompt.messages[0]?.content).toContain('[1] FAQ');
    expect(prompt.droppedTurns).toBe(0);
  });

  it('drops the oldest turns to fit the context budget minus the output, system message and question', () => {
    const history = turns(10, 100);
    const base = buildPrompt(input({ history: [] }));
    const fixed = base.messages.reduce((sum, message) => sum + estimateMessageTokens(message), 2);
    // room for exactly four turns of 100 tokens
    const prompt = buildPrompt(input({ history, contextTokens: 100 + fixed + 400 + 50, maxOutputTokens: 100 }));
    expect(prompt.messages.slice(1, -1)).toEqual(history.slice(6));
    expect(prompt.droppedTurns).toBe(6);
    expect(prompt.countedTokens).toBe(fixed + 400);
    expect(prompt.floorTokens).toBe(fixed);
  });

  it('keeps a quarter of a small window for the answer, so an output limit larger than the window still leaves room for turns', () => {
    const history = turns(10, 100);
    const base = buildPrompt(input({ history: [] }));
    const fixed = base.messages.reduce((sum, message) => sum + estimateMessageTokens(message), 2);
    const window = 4 * (fixed + 400);
    // a quarter of the window (fixed + 400) for the answer leaves 3 × (fixed + 400) - fixed for turns
    const prompt = buildPrompt(input({ history, contextTokens: window, maxOutputTokens: 2048 }));
    expect(prompt.messages.length - 2).toBe(Math.min(10, Math.floor((3 * (fixed + 400) - fixed) / 100)));
  });

  it('keeps no earlier turn when the question alone fills the budget', () => {
    const prompt = buildPrompt(input({ history: turns(2, 10), question: '问'.repeat(600), contextTokens: 600, maxOutputTokens: 100 }));
    expect(prompt.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(prompt.droppedTurns).toBe(2);
  });
});

describe('trimHistory', () => {
  it('keeps the newest turns that fit and never starts with an answer whose question was dropped', () => {
    const history = turns(5, 100);
    expect(trimHistory(history, 300)).toEqual(history.slice(2));
    expect(trimHistory(history, 200)).toEqual(history.slice(4));
    expect(trimHistory(history, 99)).toEqual([]);
    expect(trimHistory(history, 10_000)).toEqual(history);
  });
});
