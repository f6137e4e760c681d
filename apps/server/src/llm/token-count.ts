import type { PromptMessage } from './provider.js';
import { estimateTokens } from './token-estimate.js';

/** Per-message framing tokens (role, separators) in the chat format. */
const messageOverheadTokens = 4;
/** The tokens that prime the answer after the last message. */
const replyPrimingTokens = 2;

/** Counts a prompt's tokens as a model will: exactly for OpenAI's models, calibrated for others. */
export interface TokenCounter {
  /** One message, framing included. */
  message(message: PromptMessage): number;
  /** A whole prompt, answer priming included. */
  prompt(messages: readonly PromptMessage[]): number;
  /** The service counted `reported` tokens for `messages`: later estimates move toward its count. */
  learn(messages: readonly PromptMessage[], reported: number): void;
  /** True when a real tokenizer counts (the figure is the model's own). */
  readonly exact: boolean;
}

type Encode = (text: string) => number;

/** The encoding of OpenAI's models by name; null for models of other families. */
function openAIEncoding(model: string): 'o200k_base' | 'cl100k_base' | null {
  const name = model.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|chatgpt-|o1|o3|o4)/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return null;
}

const loadedEncodings = new Map<string, Encode>();

/**
 * Loads the tokenizers the configured models need (OpenAI's BPE tables take about 60 MB and
 * 150 ms, so only when an OpenAI model is offered).
 */
export async function loadTokenizers(models: readonly string[]): Promise<void> {
  const wanted = new Set(models.map(openAIEncoding).filter((encoding) => encoding !== null));
  const noSpecial = { disallowedSpecial: new Set<string>() };
  for (const encoding of wanted) {
    if (loadedEncodings.has(encoding)) continue;
    const { countTokens } =
      encoding === 'o200k_base' ? await import('gpt-tokenizer/encoding/o200k_base') : await import('gpt-tokenizer/encoding/cl100k_base');
    loadedEncodings.set(encoding, (text) => countTokens(text, noSpecial));
  }
}

/** The calibration's bounds: a service that counts 3× our estimate is more likely wrong than our estimate. */
const minScale = 0.5;
const maxScale = 3;
/** How far each report moves the calibration (a moving average over about ten answers). */
const learningRate = 0.2;

/**
 * A counter for `model`: OpenAI's tokenizer when the model is one of theirs (and it was
 * loaded), else the CJK-aware estimate scaled by what the service reported for earlier prompts.
 * The scale starts a little above 1, so a new model's first prompts err toward fitting.
 */
export function createTokenCounter(model: string): TokenCounter {
  const encoding = openAIEncoding(model);
  const encode = encoding ? loadedEncodings.get(encoding) : undefined;
  if (encode) {
    const message = (item: PromptMessage) => encode(item.content) + messageOverheadTokens;
    return {
      exact: true,
      message,
      prompt: (messages) => messages.reduce((sum, item) => sum + message(item), replyPrimingTokens),
      learn: () => undefined,
    };
  }
  let scale = 1.1;
  const raw = (messages: readonly PromptMessage[]) =>
    messages.reduce((sum, item) => sum + estimateTokens(item.content) + messageOverheadTokens, replyPrimingTokens);
  return {
    exact: false,
    message: (item) => Math.ceil((estimateTokens(item.content) + messageOverheadTokens) * scale),
    prompt: (messages) => Math.ceil(raw(messages) * scale),
    learn(messages, reported) {
      const estimated = raw(messages);
      if (estimated < 16 || reported <= 0) return;
      const seen = Math.min(maxScale, Math.max(minScale, reported / estimated));
      scale += (seen - scale) * learningRate;
    },
  };
}

/** One counter per model, kept for the process: each learns from its own service's reports. */
export function createTokenCounters() {
  const counters = new Map<string, TokenCounter>();
  return (model: string): TokenCounter => {
    let counter = counters.get(model);
    // a tokenizer that loaded since the estimate was made replaces it
    const encoding = openAIEncoding(model);
    if (!counter || (!counter.exact && encoding !== null && loadedEncodings.has(encoding))) {
      counter = createTokenCounter(model);
      counters.set(model, counter);
    }
    return counter;
  };
}
