/**
 * The error bodies of OpenAI-compatible servers, read the same way whoever sent them. Each
 * vendor documents its own shape:
 * - OpenAI, DeepSeek, OpenRouter, Qwen (DashScope compatible mode), vLLM ≥ 0.10, llama.cpp:
 *   `{"error": {"message", "type", "code", ...}}`; llama.cpp adds `n_prompt_tokens` and `n_ctx`
 *   to its `exceed_context_size_error`.
 * - vLLM before 0.10: `{"object": "error", "message", "type", "code"}` at the top level.
 * - Ollama and DashScope's native API: `{"error": "text"}` / `{"code", "message", "request_id"}`.
 * - A proxy in front of any of them: an HTML or text page.
 */

/** What an upstream error says, in OpenAI's `error` object shape. */
export interface UpstreamError {
  message: string;
  type: string | null;
  code: string | number | null;
  /** llama.cpp's exceed_context_size_error: the prompt's size and the context's. */
  n_prompt_tokens?: number;
  n_ctx?: number;
}

/** Longest upstream message kept (for the log; users never see it). */
const maxMessageChars = 1000;

/**
 * An error response body rewritten into OpenAI's `{"error": {...}}` shape, so that the SDK's
 * error carries the vendor's message whatever shape the vendor used.
 */
export function asOpenAIErrorBody(text: string): string {
  return JSON.stringify({ error: readUpstreamError(text) });
}

/** The error object of a body in any of the shapes above. */
export function readUpstreamError(text: string): UpstreamError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { message: plainText(text), type: null, code: null };
  }
  return errorObjectOf(parsed) ?? { message: plainText(text), type: null, code: null };
}

/** The error object of a parsed body or in-stream chunk: `{error: {...}}`, `{error: "..."}` or a top-level `message`. */
export function errorObjectOf(value: unknown): UpstreamError | null {
  if (!isRecord(value)) return null;
  const inner = value.error;
  if (typeof inner === 'string') return { message: clip(inner), type: null, code: null };
  const source = isRecord(inner) ? inner : typeof value.message === 'string' ? value : null;
  if (!source) return null;
  const error: UpstreamError = {
    message: clip(typeof source.message === 'string' ? source.message : JSON.stringify(source.message ?? '')),
    type: typeof source.type === 'string' ? source.type : null,
    code: typeof source.code === 'string' || typeof source.code === 'number' ? source.code : null,
  };
  if (typeof source.n_prompt_tokens === 'number') error.n_prompt_tokens = source.n_prompt_tokens;
  if (typeof source.n_ctx === 'number') error.n_ctx = source.n_ctx;
  return error;
}

/** How far over the model's context a request went, as far as the error says. */
export interface ContextOverflow {
  /** The model's context window, in its own tokens. */
  limit: number | null;
  /** What the request's messages came to, in the model's tokens. */
  promptTokens: number | null;
  /** How many tokens over the window the request was. */
  overBy: number | null;
}

const contextPatterns: RegExp[] = [
  // OpenAI, DeepSeek, vLLM, OpenRouter: "This model's maximum context length is 4096 tokens."
  /maximum context length/i,
  // llama.cpp: "the request exceeds the available context size", "request (4476 tokens) exceeds the available context size (4096 tokens)"
  /exceeds? the available context size/i,
  // Ollama: "prompt too long; exceeded max context length by 540 tokens"
  /exceeded max context length/i,
  // DashScope: "Range of input length should be [1, 30720]"
  /range of input length should be/i,
  /context[ _]length[ _]exceeded|context window|input is too long|too many tokens|prompt is too long|input length exceeds/i,
];

/** Whether an upstream error is a context-length refusal, and what it says of the sizes. */
export function contextOverflowOf(error: UpstreamError): ContextOverflow | null {
  const { message } = error;
  const named =
    error.type === 'exceed_context_size_error' || error.code === 'context_length_exceeded' || contextPatterns.some((pattern) => pattern.test(message));
  if (!named) return null;
  const number = (pattern: RegExp) => {
    const found = pattern.exec(message)?.[1];
    return found === undefined ? null : Number(found);
  };
  const limit =
    error.n_ctx ??
    number(/maximum context length is (\d+)/i) ??
    number(/available context size \((\d+) tokens?\)/i) ??
    number(/range of input length should be \[\d+,\s*(\d+)\]/i);
  const promptTokens =
    error.n_prompt_tokens ??
    // vLLM: "you requested 5000 tokens (4000 in the messages, 1000 in the completion)"
    number(/\((\d+) in the messages/i) ??
    // vLLM: "your request has 2778 input tokens"; OpenAI: "your messages resulted in 9000 tokens"
    number(/(?:request has|messages resulted in) (\d+)/i) ??
    number(/request \((\d+) tokens?\) exceeds/i) ??
    // OpenRouter: "you requested about 9000 tokens (8000 of text input, ...)"
    number(/\((\d+) of text input/i);
  return { limit, promptTokens, overBy: number(/exceeded max context length by (\d+)/i) };
}

/** Seconds to wait before asking again, from `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
export function retryAfterSeconds(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const milliseconds = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0) return Math.ceil(milliseconds / 1000);
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function plainText(text: string): string {
  return clip(text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()) || '(no message)';
}

function clip(text: string): string {
  return text.length > maxMessageChars ? `${text.slice(0, maxMessageChars)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
