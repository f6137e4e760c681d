import type { Provider } from './provider.js';
import { streamPieces } from './text-pieces.js';

/**
 * A fixed reply (a strict agent's "no reliable source") as a provider: it streams like a model,
 * but no model wrote it, so it names none and counts no tokens.
 */
export function cannedReply(text: string): Provider {
  return {
    name: 'canned',
    withoutModel: true,
    stream: (_messages, _params, signal) => streamPieces(text, { promptTokens: 0, completionTokens: 0 }, signal),
  };
}
