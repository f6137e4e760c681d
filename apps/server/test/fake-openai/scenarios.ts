import type { Vendor, VendorFailure } from './vendor-shapes.js';

/** How the fake model service answers the next chat completion requests. */
export type FakeScenario =
  /** A normal answer: `tokens`, or `text` split into words, or `count` numbered tokens. */
  | ({ kind: 'ok' } & AnswerShape)
  /** Answers with what it was asked, so callers can assert on the prompt that was sent. */
  | { kind: 'echo'; format?: 'last' | 'transcript'; intervalMs?: number }
  /** An OpenAI-style error body with this status, before any stream starts. */
  | { kind: 'httpError'; status: number; message?: string; type?: string; code?: string | null }
  /** Waits before sending the response headers, then answers normally. */
  | ({ kind: 'slowHeaders'; delayMs: number } & AnswerShape)
  /** Sends `tokens` chunks, then nothing more while keeping the socket open. */
  | { kind: 'stallAfter'; tokens: number; intervalMs?: number }
  /** Sends `tokens` chunks, then destroys the socket without `[DONE]`. */
  | { kind: 'cutAfter'; tokens: number; intervalMs?: number }
  /** Closes the connection without answering, like a stale keep-alive socket; `times` times, then answers. */
  | { kind: 'dropConnection'; times?: number }
  /** Valid stream headers, then data lines that are not chunks (default: not JSON at all). */
  | { kind: 'garbage'; lines?: string[] }
  /** Valid stream headers, then these SSE frames as written (comments, named events, data), then `[DONE]`. */
  | { kind: 'frames'; frames: string[] }
  /** A vendor's own refusal (vendor-shapes.ts), status, headers and body as that vendor sends them. */
  | { kind: 'vendorError'; vendor: Vendor; failure: VendorFailure }
  /**
   * A model with a window of `limit` tokens (the fake's count, 4 characters a token): a prompt
   * that does not fit is refused in the vendor's words, one that fits is answered.
   */
  | ({ kind: 'contextWindow'; vendor: Vendor; limit: number } & AnswerShape);

export interface AnswerShape {
  tokens?: string[];
  text?: string;
  count?: number;
  /** Pause between chunks. */
  intervalMs?: number;
  /** Pause between the response headers and the first chunk. */
  firstTokenDelayMs?: number;
  /**
   * Sends this many chunks, then waits for `FakeOpenAI.proceed()` before the rest: a model that
   * pauses mid-answer for as long as a test needs (0: before the first chunk).
   */
  pauseAfter?: number;
  /** The model the chunks name as theirs, as a router that picks one does (default: the one asked for). */
  servedModel?: string;
  /** Thinking streamed before the answer, in words. */
  reasoning?: string;
  /**
   * How the thinking comes: `reasoning_content` deltas (DeepSeek, Qwen, llama.cpp), `reasoning`
   * deltas (vLLM, Ollama, OpenRouter) or inline `<think>…</think>` in the content (default the first).
   */
  reasoningAs?: 'reasoning_content' | 'reasoning' | 'think';
  /** The last chunk's finish_reason (default stop; `length` for an answer cut at max_tokens). */
  finishReason?: 'stop' | 'length';
}

export interface PromptMessage {
  role: string;
  content: unknown;
}

export const defaultAnswer = 'Hello from the fake model.';

/** Splits text into word tokens that join back to exactly the same text. */
export function splitTokens(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).filter((token) => token !== '');
}

export function numberedTokens(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `t${index} `);
}

export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('');
  }
  return '';
}

export function echoText(messages: PromptMessage[], format: 'last' | 'transcript' = 'last'): string {
  if (format === 'transcript') {
    return messages.map((message) => `${message.role}: ${contentText(message.content)}`).join('\n');
  }
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  return `echo: ${lastUser ? contentText(lastUser.content) : ''}`;
}

export function answerTokens(shape: AnswerShape): string[] {
  if (shape.tokens) return shape.tokens;
  if (shape.text !== undefined) return splitTokens(shape.text);
  if (shape.count !== undefined) return numberedTokens(shape.count);
  return splitTokens(defaultAnswer);
}

/** The tokens a scenario streams for this prompt (empty for scenarios that never stream tokens). */
export function plannedTokens(scenario: FakeScenario, messages: PromptMessage[]): string[] {
  switch (scenario.kind) {
    case 'ok':
    case 'slowHeaders':
    case 'contextWindow':
      return answerTokens(scenario);
    case 'dropConnection':
      return answerTokens({});
    case 'echo':
      return splitTokens(echoText(messages, scenario.format));
    case 'stallAfter':
    case 'cutAfter':
      return numberedTokens(scenario.tokens);
    default:
      return [];
  }
}

/** A rough token count (4 characters a token), enough for usage figures. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
