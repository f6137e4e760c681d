import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../test/fake-openai/index.js';
import { loadConfig } from '../config.js';
import { createProvider } from './create-provider.js';
import type { Provider } from './provider.js';

const fake = await startFakeOpenAI({ scenario: { kind: 'echo' } });
afterAll(() => fake.close());

const offline: Provider = {
  name: 'offline',
  async *stream() {
    yield { type: 'delta', text: 'offline answer' };
  },
};

describe('createProvider', () => {
  it('uses the offline responder when no model service is configured', () => {
    expect(createProvider(loadConfig({}), { offline })).toBe(offline);
  });

  it('uses the OpenAI-compatible service at LLM_BASE_URL when one is configured', async () => {
    const config = loadConfig({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'configured-key', LLM_MODELS: 'fake-model' });
    const provider = createProvider(config, { offline });
    const params = { model: 'fake-model', temperature: 1, topP: 1, maxOutputTokens: 64, knowledge: [], question: 'q' };

    let text = '';
    for await (const chunk of provider.stream([{ role: 'user', content: 'q' }], params, new AbortController().signal)) {
      if (chunk.type === 'delta') text += chunk.text;
    }

    expect(provider.name).toBe('openai-compatible');
    expect(text).toBe('echo: q');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer configured-key');
  });
});
