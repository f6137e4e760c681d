import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { continueInstruction } from '../src/llm/prompt.js';
import { post, readStream, savedChats, visitorCaller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { contentText, splitTokens } from './fake-openai/scenarios.js';
import { buildTestApp } from './helper.js';

const fake = await startFakeOpenAI({ models: ['r1'] });
afterAll(() => fake.close());

const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'r1', LLM_MAX_ANSWER_CHARS: '1000' });
const completions = '/core/chat/completions';

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok' });
});

const lastPrompt = () => (fake.requests.at(-1)?.body.messages ?? []).map((message) => `${message.role}: ${contentText(message.content)}`);

describe('a reasoning model’s thinking', () => {
  it('streams before the answer, is saved with how long it took, and never goes back as context', async () => {
    fake.setScenario({ kind: 'ok', reasoning: 'They ask about spreads. Keep it short.', text: 'A spread is a price gap.', intervalMs: 5 });
    const visitor = await visitorCaller(app);
    const stream = readStream((await post(app, visitor, completions, { content: 'What is a spread?' })).body);

    const thinking = stream.events.flatMap((event) => (event.event === 'reasoning' ? [event.data.text] : [])).join('');
    expect(thinking).toBe('They ask about spreads. Keep it short.');
    expect(stream.names.indexOf('reasoning')).toBeLessThan(stream.names.indexOf('delta'));
    expect(stream.text).toBe('A spread is a price gap.');
    expect(stream.usage).toMatchObject({ reasoningTokens: 7, reasoningMs: expect.any(Number) });
    const [, answer] = (await savedChats(visitor.owner)).items;
    expect(answer).toMatchObject({ content: 'A spread is a price gap.', reasoning: thinking, reasoningTokens: 7 });
    expect(answer?.reasoningMs).toBeGreaterThan(0);

    fake.setScenario({ kind: 'ok', text: 'Sure.' });
    await post(app, visitor, completions, { content: 'And leverage?', chatId: stream.start?.chatId });
    expect(lastPrompt().join('\n')).toContain('A spread is a price gap.');
    expect(lastPrompt().join('\n')).not.toContain('Keep it short');
  });
});

describe('an answer cut at the output limit', () => {
  it('is marked cut short, and Continue appends the rest to the same answer', async () => {
    fake.setScenario({ kind: 'ok', text: 'Step one, step', finishReason: 'length' });
    const visitor = await visitorCaller(app);
    const cut = readStream((await post(app, visitor, completions, { content: 'List the steps.' })).body);
    expect(cut.done).toEqual({ answerId: cut.start?.answerId, status: 'done', cutShort: true });
    expect((await savedChats(visitor.owner)).items[1]).toMatchObject({ cutShort: true, content: 'Step one, step' });

    fake.setScenario({ kind: 'ok', text: ' two, step three.' });
    const continued = readStream((await post(app, visitor, '/core/chat/continue', { chatId: cut.start?.chatId })).body);

    expect(continued.start).toMatchObject({ answerId: cut.start?.answerId, continuesFrom: 'Step one, step'.length });
    expect(continued.text).toBe(' two, step three.');
    expect(continued.done).toEqual({ answerId: cut.start?.answerId, status: 'done' });
    // the model sees its own part so far, then is asked to go on
    expect(lastPrompt().slice(-3)).toEqual(['user: List the steps.', 'assistant: Step one, step', `user: ${continueInstruction}`]);
    const { items } = await savedChats(visitor.owner);
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ content: 'Step one, step two, step three.', cutShort: false, status: 'done' });
    // both parts' tokens are counted on the one answer
    expect(items[1]?.completionTokens).toBe(splitTokens('Step one, step').length + splitTokens(' two, step three.').length);
  });

  it('refuses to continue an answer that was not cut short, and changes nothing', async () => {
    const visitor = await visitorCaller(app);
    const whole = readStream((await post(app, visitor, completions, { content: 'Hi' })).body);
    const refused = await post(app, visitor, '/core/chat/continue', { chatId: whole.start?.chatId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('not cut short');
    expect((await savedChats(visitor.owner)).items[1]).toMatchObject({ status: 'done', content: whole.text });
  });
});

describe('an answer longer than the site allows', () => {
  it('is cut at LLM_MAX_ANSWER_CHARS with a clear reason, keeping the text so far', async () => {
    fake.setScenario({ kind: 'ok', count: 600, intervalMs: 2 });
    const visitor = await visitorCaller(app);
    const stream = readStream((await post(app, visitor, completions, { content: 'Talk forever.' })).body);

    expect(stream.text.length).toBe(1000);
    expect(stream.error).toMatchObject({ kind: 'answer_too_long' });
    expect(stream.error?.message).toContain('1,000 characters');
    const [, answer] = (await savedChats(visitor.owner)).items;
    expect(answer).toMatchObject({ status: 'error', errorKind: 'answer_too_long' });
    expect(answer?.content.length).toBe(1000);
    // the model service was not left talking
    await vi.waitFor(() => expect(fake.requests.at(-1)?.closedEarly).toBe(true));
  });
});
