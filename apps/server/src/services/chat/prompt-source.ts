import type { Citation } from '@parley/contracts';
import { buildPrompt, type PromptInput } from '../../llm/prompt.js';
import { budgetAfterOverflow, type PromptBudget } from '../../llm/prompt-fit.js';
import type { Provider, StreamParams } from '../../llm/provider.js';
import type { TokenCounter } from '../../llm/token-count.js';
import type { AnswerSource } from './answer-relay.js';

export interface PromptSourceInput extends Omit<PromptInput, 'contextTokens' | 'maxOutputTokens' | 'counter'> {
  provider: Provider;
  /** What the model is asked with, but for sampling and max_tokens, which the prompt decides. */
  request: Omit<StreamParams, 'temperature' | 'topP' | 'maxOutputTokens'>;
  citations: Citation[];
  /** The model's window and output limit. */
  budget: PromptBudget;
  counter: TokenCounter;
}

/**
 * A model's prompt for a question (chat and agent preview alike), fitted to the model's window
 * by its token counter, which learns from the usage the service reports. After a context-length
 * refusal it offers one shorter prompt, fitted to the window the refusal named, whose max_tokens
 * also fits what is left (servers such as vLLM count it against the window).
 */
export function promptSource(input: PromptSourceInput): AnswerSource {
  const { provider, request, citations, counter } = input;
  const build = (budget: PromptBudget, retried: boolean): AnswerSource => {
    const prompt = buildPrompt({ ...input, ...budget, counter });
    const maxOutputTokens = retried ? Math.min(budget.maxOutputTokens, budget.contextTokens - prompt.countedTokens) : budget.maxOutputTokens;
    const source: AnswerSource = {
      provider,
      messages: prompt.messages,
      params: { ...request, temperature: prompt.temperature, topP: prompt.topP, maxOutputTokens },
      citations,
      measured: (reported) => counter.learn(prompt.messages, reported),
    };
    if (!retried) {
      source.shorter = (overflow) => {
        const next = budgetAfterOverflow({ ...budget, countedTokens: prompt.countedTokens, floorTokens: prompt.floorTokens }, overflow);
        return next ? build(next, true) : null;
      };
    }
    return source;
  };
  return build(input.budget, false);
}
