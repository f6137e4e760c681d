import { describe, expect, it } from 'vitest';
import { cannedReply } from './canned-reply.js';
import type { ProviderChunk } from './provider.js';
import { chunkText, streamPieces } from './text-pieces.js';

async function collect(chunks: AsyncIterable<ProviderChunk>) {
  const all: ProviderChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('chunkText', () => {
  it('splits into small pieces that join back to exactly the same text', () => {
    const text = '监管牌照很重要。Check the FCA register:\n\n- status **Authorised**\n- 核对网址 https://register.fca.org.uk 😀';
    const chunks = chunkText(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThanOrEqual(15);
    for (const chunk of chunks) expect(chunk.trim().length).toBeLessThanOrEqual(30);
    expect(chunks.slice(0, 3)).toEqual(['监管牌', '照很重', '要。']);
  });
});

describe('streamPieces', () => {
  it('streams the pieces, then the usage it is given', async () => {
    const usage = { promptTokens: 7, completionTokens: 3 };
    expect(await collect(streamPieces('Hello there, 你好', usage, new AbortController().signal))).toEqual([
      { type: 'delta', text: 'Hello ' },
      { type: 'delta', text: 'there, ' },
      { type: 'delta', text: '你好' },
      { type: 'usage', ...usage },
    ]);
  });

  it('stops between pieces once its signal aborts, with no usage', async () => {
    const controller = new AbortController();
    const seen: ProviderChunk[] = [];
    for await (const chunk of streamPieces('one two three four', { promptTokens: 1, completionTokens: 4 }, controller.signal)) {
      seen.push(chunk);
      controller.abort();
    }
    expect(seen).toEqual([{ type: 'delta', text: 'one ' }]);
  });
});

describe('cannedReply', () => {
  it('is a provider that streams its fixed text, written by no model and counting no tokens', async () => {
    const reply = cannedReply('No reliable source.');
    const params = { model: 'm', temperature: 1, topP: 1, maxOutputTokens: 10, knowledge: [], question: 'q' };
    const chunks = await collect(reply.stream([{ role: 'user', content: 'a long question' }], params, new AbortController().signal));
    expect(chunks.map((chunk) => (chunk.type === 'delta' ? chunk.text : '')).join('')).toBe('No reliable source.');
    expect(chunks.at(-1)).toEqual({ type: 'usage', promptTokens: 0, completionTokens: 0 });
    expect(reply.withoutModel).toBe(true);
  });
});
