import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, startHttpProxy, startSocks5Proxy } from '../../test/fake-openai/index.js';
import { createOpenAIProvider } from './openai-provider.js';
import type { ProviderChunk } from './provider.js';
import { parseSocksProxy, type ProxySettings } from './proxy-dispatcher.js';

const fake = await startFakeOpenAI({ scenario: { kind: 'echo' } });
const httpProxy = await startHttpProxy();
const socksProxy = await startSocks5Proxy();
afterAll(() => Promise.all([fake.close(), httpProxy.close(), socksProxy.close()]));

async function askThrough(proxies: ProxySettings) {
  const provider = createOpenAIProvider({
    baseUrl: fake.url,
    apiKey: 'test-key',
    firstChunkTimeoutMs: 2000,
    stallTimeoutMs: 1000,
    ...proxies,
  });
  const chunks: ProviderChunk[] = [];
  const params = { model: 'fake-model', temperature: 1, topP: 1, maxOutputTokens: 64, knowledge: [], question: 'hi' };
  for await (const chunk of provider.stream([{ role: 'user', content: 'via proxy' }], params, new AbortController().signal)) {
    chunks.push(chunk);
  }
  return chunks.map((chunk) => (chunk.type === 'delta' ? chunk.text : '')).join('');
}

const fakeHost = new URL(fake.url).host;

describe('model requests through a proxy', () => {
  it('go through the HTTPS_PROXY when one is set', async () => {
    expect(await askThrough({ httpsProxy: httpProxy.url, socksProxy: '' })).toBe('echo: via proxy');
    expect(httpProxy.targets).toContain(fakeHost);
  });

  it('go through the SOCKS_PROXY when one is set, even with an HTTPS_PROXY too', async () => {
    const before = httpProxy.targets.length;

    expect(await askThrough({ httpsProxy: httpProxy.url, socksProxy: socksProxy.url })).toBe('echo: via proxy');
    expect(socksProxy.targets).toContain(fakeHost);
    expect(httpProxy.targets).toHaveLength(before);
  });
});

describe('parseSocksProxy', () => {
  it.each([
    ['socks5://127.0.0.1:9050', { type: 5, host: '127.0.0.1', port: 9050 }],
    ['socks5h://proxy.example', { type: 5, host: 'proxy.example', port: 1080 }],
    ['socks4://10.0.0.1:1081', { type: 4, host: '10.0.0.1', port: 1081 }],
    ['socks5://me:p%40ss@[::1]:1080', { type: 5, host: '::1', port: 1080, userId: 'me', password: 'p@ss' }],
  ])('reads %s', (value, expected) => {
    expect(parseSocksProxy(value)).toEqual(expected);
  });
});
