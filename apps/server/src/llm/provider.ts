import type { Citation, StreamErrorKind } from '@parley/contracts';
import type { ContextOverflow } from './vendor-errors.js';

/** One message of the prompt, in the OpenAI chat format every provider speaks. */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A passage retrieved for the question; the offline responder answers from these. */
export interface RetrievedPassage extends Citation {
  kind: 'passage' | 'qa';
  /** The question of a Q&A entry (its answer is the full `content`). */
  question: string | null;
  /** The whole passage or answer; `excerpt` is the short form shown under the answer. */
  content: string;
  /**
   * Set on facts from the site's broker tables (not a knowledge file): the offline responder
   * answers from them directly. `comparison` is the side-by-side table of the brokers a question names.
   */
  brokerData?: 'broker' | 'ranking' | 'comparison';
  /**
   * Full-text hits only: the share of the question's words in the chunk's title (a Q&A entry's
   * question with its other wordings, or a passage's heading), 0 to 1 like `score`. How closely
   * the question asks what a Q&A entry answers.
   */
  titleScore?: number;
}

export interface StreamParams {
  model: string;
  temperature: number;
  topP: number;
  maxOutputTokens: number;
  /** What retrieval found for the question (already in the system message for real models). */
  knowledge: RetrievedPassage[];
  /** The question as the user typed it. */
  question: string;
  /** Who answers (the app's name and intro); the offline responder greets with it. */
  assistant?: { name: string; intro: string; topics?: AssistantTopics };
}

/** What an assistant can help with, a few short phrases in each language: the offline responder lists them when it cannot answer. */
export interface AssistantTopics {
  zh: readonly string[];
  en: readonly string[];
}

export type ProviderChunk =
  | { type: 'delta'; text: string }
  /** The model's thinking (reasoning models), before the answer's text. */
  | { type: 'reasoning'; text: string }
  /** Token usage as the provider reports it (once, usually at the end); reasoning tokens are part of completionTokens. */
  | { type: 'usage'; promptTokens: number; completionTokens: number; reasoningTokens?: number | null }
  /** Why the model stopped, as it said (finish_reason: stop, length, content_filter, ...); `length` means the answer was cut short at the output limit. */
  | { type: 'finish'; reason: string }
  /** The model that wrote the answer, as the service names it (a router may pick another than asked). */
  | { type: 'model'; name: string };

/**
 * A model service. `stream` yields the answer as it is generated and stops the upstream
 * request when `signal` aborts. Failures are thrown as ProviderError.
 */
export interface Provider {
  readonly name: string;
  stream(messages: PromptMessage[], params: StreamParams, signal: AbortSignal): AsyncIterable<ProviderChunk>;
  /**
   * True when `stream` keeps reading while its reader holds a chunk and hands all text that came
   * meanwhile over at the next pull: a reader may then pull once per frame it sends, not once per
   * token, without slowing the answer. A paced source (the offline responder) leaves it unset.
   */
  readonly buffersText?: boolean;
  /** True when no model writes the text (a canned reply): the answer names no model and counts no tokens. */
  readonly withoutModel?: boolean;
  /**
   * The passages of `params.knowledge` the answer will draw on, when the provider knows in
   * advance (the offline responder does); without it every retrieved passage is cited.
   */
  sourcesFor?(params: Pick<StreamParams, 'question' | 'knowledge'>): RetrievedPassage[];
}

export interface ProviderErrorDetails {
  /** Upstream HTTP status, when there was one. */
  status?: number | null;
  /** What the model service itself said (for the operator's log; users read `message`). */
  upstreamMessage?: string | null;
  /** When the service said to ask again (429). */
  retryAfterSeconds?: number | null;
  /** A context-length refusal, with the sizes the service gave. */
  overflow?: ContextOverflow | null;
  cause?: unknown;
}

/** Why an answer failed, with a message in words a user understands. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: StreamErrorKind;
  readonly status: number | null;
  readonly upstreamMessage: string | null;
  readonly retryAfterSeconds: number | null;
  readonly overflow: ContextOverflow | null;

  constructor(kind: StreamErrorKind, message: string, details: ProviderErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status ?? null;
    this.upstreamMessage = details.upstreamMessage ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.overflow = details.overflow ?? null;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
