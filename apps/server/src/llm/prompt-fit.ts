import type { ContextOverflow } from './vendor-errors.js';

/** The sizes a prompt was built to, in the counter's tokens. */
export interface PromptBudget {
  /** The window the prompt was fitted to (prompt and answer). */
  contextTokens: number;
  /** max_tokens sent with it. */
  maxOutputTokens: number;
}

export interface RefusedPrompt extends PromptBudget {
  /** What the refused prompt came to by our count. */
  countedTokens: number;
  /** The least any prompt for this question takes: system message, sources and question, with no earlier turns. */
  floorTokens: number;
}

/** Below this, an answer is not worth asking for. */
const minOutputTokens = 32;
/** Of the window the service reported, the share a retried prompt is fitted to: our count is not the service's. */
const safety = 0.9;

/**
 * The budget for asking again after a context-length refusal, or null when no smaller prompt
 * is possible. The window is the service's when it named one, in our tokens by the ratio of its
 * count of the refused prompt to ours; without figures, the prompt is halved. Earlier turns go
 * first; the answer's room shrinks only when the question and its sources alone need it.
 */
export function budgetAfterOverflow(refused: RefusedPrompt, overflow: ContextOverflow): PromptBudget | null {
  const ratio = overflow.promptTokens && refused.countedTokens > 0 ? overflow.promptTokens / refused.countedTokens : 1;
  let window: number;
  if (overflow.limit !== null) window = overflow.limit / ratio;
  else if (overflow.overBy !== null) window = refused.countedTokens - overflow.overBy / ratio;
  else window = (refused.countedTokens + Math.min(refused.maxOutputTokens, refused.contextTokens / 4)) / 2;
  const contextTokens = Math.floor(Math.min(window * safety, refused.contextTokens));
  // the answer gets what the question and its sources leave, up to its limit
  const maxOutputTokens = Math.min(refused.maxOutputTokens, contextTokens - refused.floorTokens);
  if (maxOutputTokens < minOutputTokens) return null;
  const smaller = contextTokens < refused.contextTokens || maxOutputTokens < refused.maxOutputTokens;
  // a prompt that was already as short as it gets (no earlier turns) and keeps its output room would be refused again
  if (!smaller || (refused.countedTokens <= refused.floorTokens && maxOutputTokens === refused.maxOutputTokens)) return null;
  return { contextTokens, maxOutputTokens };
}
