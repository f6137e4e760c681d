import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderChunk } from './provider.js';

const cjkRun = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]{1,3}/y;
const otherRun = /\s*[^\s\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]*\s*/y;

/** Splits text into model-sized pieces (up to three CJK characters, or a word with its spaces) that join back exactly. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let index = 0;
  while (index < text.length) {
    cjkRun.lastIndex = index;
    const cjk = cjkRun.exec(text);
    if (cjk) {
      chunks.push(cjk[0]);
      index += cjk[0].length;
      continue;
    }
    otherRun.lastIndex = index;
    const other = otherRun.exec(text)?.[0] ?? '';
    const piece = other === '' ? text.slice(index, index + 1) : other;
    chunks.push(piece);
    index += piece.length;
  }
  return chunks;
}

/**
 * A text known in advance, streamed in model-sized pieces `delayMs` apart, then its usage. Even
 * without a delay a stop request gets the chance to land between pieces.
 */
export async function* streamPieces(
  text: string,
  usage: { promptTokens: number; completionTokens: number },
  signal: AbortSignal,
  delayMs = 0,
): AsyncGenerator<ProviderChunk> {
  for (const piece of chunkText(text)) {
    if (signal.aborted) return;
    yield { type: 'delta', text: piece };
    try {
      await (delayMs > 0 ? sleep(delayMs, undefined, { signal }) : new Promise((resolve) => setImmediate(resolve)));
    } catch {
      return;
    }
  }
  yield { type: 'usage', ...usage };
}
