import type { Provider } from './provider.js';
import { streamPieces } from './text-pieces.js';
import { estimateTokens } from './token-estimate.js';

/**
 * A fixed reply (a strict agent's "no reliable source") as a provider: it streams like a model
 * and reports the reply's tokens, with no prompt read.
 */
export function cannedReply(text: string): Provider {
  return {
    name: 'canned',
    stream: (_messages, _params, signal) => streamPieces(text, { promptTokens: 0, completionTokens: estimateTokens(text) }, signal),
  };
}
