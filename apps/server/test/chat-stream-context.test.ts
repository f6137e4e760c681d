import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { post, readStream, savedChats, visitorCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { contentText } from './fake-openai/scenarios.js';
import { buildTestApp, readMetrics } from './helper.js';

const fake = await startFakeOpenAI({ models: ['small-model'] });
afterAll(() => fake.close());

// the operator left the window at 4,096 tokens; the server really has 1,100 (4,400 characters by the fake's count;
// the official assistant's system message alone takes about 820)
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'small-model', LLM_CONTEXT_TOKENS: '4096', LLM_MAX_OUTPUT_TOKENS: '64' });
const completions = '/core/chat/completions';
const window = { kind: 'contextWindow', vendor: 'llamacpp', limit: 1100 } as const;

beforeEach(() => {
  fake.reset();
  fake.setScenario({ ...window, text: 'Short answer.' });
});

/** Asks in the chat and answers the stream. */
async function ask(visitor: Awaited<ReturnType<typeof visitorCaller>>, content: string, chatId?: string) {
  return readStream((await post(app, visitor, completions, { content, ...(chatId ? { chatId } : {}) })).body);
}

const promptOf = (index: number) => (fake.requests[index]?.body.messages ?? []).map((message) => contentText(message.content)).join('\n');

describe('a conversation that outgrows the model’s window', () => {
  it('is trimmed to the window the server names and asked once more, by itself', async () => {
    const visitor = await visitorCaller(app);
    fake.setScenario({ ...window, text: 'A long answer. '.repeat(40) });
    const first = await ask(visitor, `First question ${'about spreads '.repeat(10)}`);
    const chatId = first.start?.chatId;
    const second = await ask(visitor, `Second question ${'about leverage '.repeat(10)}`, chatId);
    expect([first.error, second.error]).toEqual([undefined, undefined]);
    fake.reset();
    fake.setScenario({ ...window, text: 'It fits now.' });

    const third = await ask(visitor, 'Third question?', chatId);

    expect(third.error).toBeUndefined();
    expect(third.text).toBe('It fits now.');
    // refused once in llama.cpp's words, then asked with the older turns left out
    expect(fake.requests).toHaveLength(2);
    expect(promptOf(1).length).toBeLessThan(promptOf(0).length);
    expect(promptOf(1)).toContain('Third question?');
    expect(promptOf(1)).not.toContain('First question');
    expect(await readMetrics(app)).toMatch(/chat_context_retries_total [1-9]/);
  });

  it('says "too long" with the ways out when even the question alone does not fit, and the next question is not weighed down by it', async () => {
    const visitor = await visitorCaller(app);
    const tooLong = await ask(visitor, 'Please read this. '.repeat(80));

    expect(tooLong.error).toMatchObject({ kind: 'context_too_long', status: 400 });
    expect(tooLong.error?.message).toContain('new chat');
    const [, failed] = (await savedChats(visitor.owner)).items;
    // sources went out before the model was asked; the failed answer keeps none
    expect(failed).toMatchObject({ status: 'error', errorKind: 'context_too_long', completionTokens: 0, promptTokens: 0, citations: [] });

    fake.reset();
    const next = await ask(visitor, 'Something short?', tooLong.start?.chatId);
    expect(next.text).toBe('Short answer.');
    // the failed question is not carried into the next prompt
    expect(fake.requests).toHaveLength(1);
    expect(promptOf(0)).not.toContain('Please read this.');
  });
});
