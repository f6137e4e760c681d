/**
 * How the model servers operators run say no, as each documents or sends it, so that Parley is
 * tested against their real shapes:
 * - OpenAI (platform.openai.com/docs/guides/error-codes): `{"error": {"message", "type", "param", "code"}}`,
 *   429 with `retry-after`, context errors with code `context_length_exceeded`.
 * - DeepSeek (api-docs.deepseek.com/quick_start/error_codes): OpenAI's shape; 401 "Authentication Fails",
 *   402 "Insufficient Balance", 429 "Rate Limit Reached", 503 "Server Overloaded".
 * - Qwen, DashScope compatible mode (help.aliyun.com, "error codes"): OpenAI's shape with string codes
 *   (`invalid_api_key`, `model_not_found`, `invalid_parameter_error`) plus `id` and `request_id`.
 * - vLLM (docs.vllm.ai, OpenAI-compatible server): `{"object": "error", "message", "type", "param", "code"}`
 *   before 0.10, `{"error": {...}}` after; context errors name the window and the request's tokens.
 * - llama.cpp `llama-server` (tools/server/README.md): `{"error": {"code", "message", "type"}}`, with
 *   `exceed_context_size_error` carrying `n_prompt_tokens` and `n_ctx`; `unavailable_error` 503 while loading.
 * - Ollama (docs/openai.md, docs/api.md): `{"error": {"message", "type": "api_error", ...}}` on /v1,
 *   "prompt too long; exceeded max context length by N tokens".
 * - OpenRouter (openrouter.ai/docs/api-reference/errors): `{"error": {"code": <status>, "message", "metadata"}}`.
 */
export type Vendor = 'openai' | 'deepseek' | 'dashscope' | 'vllm' | 'vllm-legacy' | 'llamacpp' | 'ollama' | 'openrouter';

export type VendorFailure = 'auth' | 'model' | 'context' | 'rateLimit' | 'overloaded' | 'credit';

export interface VendorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The sizes a context refusal names: the window, and what the refused request came to. */
export interface ContextFigures {
  limit: number;
  promptTokens: number;
  completionTokens: number;
}

function openAIShape(message: string, type: string, code: string | number | null, extra: object = {}) {
  return { error: { message, type, param: null, code, ...extra } };
}

/** The refusal `vendor` sends for `failure` (context figures for a context refusal). */
export function vendorError(vendor: Vendor, failure: VendorFailure, figures: ContextFigures = { limit: 1024, promptTokens: 1500, completionTokens: 256 }): VendorResponse {
  const none = {};
  const { limit, promptTokens, completionTokens } = figures;
  switch (vendor) {
    case 'openai':
      if (failure === 'auth') return { status: 401, headers: none, body: openAIShape('Incorrect API key provided: sk-****. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key') };
      if (failure === 'model') return { status: 404, headers: none, body: openAIShape('The model `gpt-9` does not exist or you do not have access to it.', 'invalid_request_error', 'model_not_found') };
      if (failure === 'context') return { status: 400, headers: none, body: openAIShape(`This model's maximum context length is ${limit} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`, 'invalid_request_error', 'context_length_exceeded') };
      if (failure === 'rateLimit') return { status: 429, headers: { 'retry-after': '20' }, body: openAIShape('Rate limit reached for requests per min (RPM): Limit 3, Used 3. Please try again in 20s.', 'requests', 'rate_limit_exceeded') };
      if (failure === 'credit') return { status: 429, headers: none, body: openAIShape('You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota') };
      return { status: 503, headers: none, body: openAIShape('The engine is currently overloaded, please try again later.', 'server_error', null) };
    case 'deepseek':
      if (failure === 'auth') return { status: 401, headers: none, body: openAIShape('Authentication Fails, Your api key: ****abcd is invalid', 'authentication_error', 'invalid_request_error') };
      if (failure === 'credit') return { status: 402, headers: none, body: openAIShape('Insufficient Balance', 'unknown_error', 'invalid_request_error') };
      if (failure === 'model') return { status: 400, headers: none, body: openAIShape('Model Not Exist', 'invalid_request_error', 'invalid_request_error') };
      if (failure === 'context') return { status: 400, headers: none, body: openAIShape(`This model's maximum context length is ${limit} tokens. However, you requested ${promptTokens + completionTokens} tokens (${promptTokens} in the messages, ${completionTokens} in the completion). Please reduce the length of the messages or completion.`, 'invalid_request_error', 'invalid_request_error') };
      if (failure === 'rateLimit') return { status: 429, headers: none, body: openAIShape('Rate Limit Reached', 'rate_limit_error', 'rate_limit_error') };
      return { status: 503, headers: none, body: openAIShape('Server Overloaded', 'server_error', 'server_error') };
    case 'dashscope': {
      const ids = { id: 'chatcmpl-0', request_id: '2d5d8a3c-0000-0000-0000-000000000000' };
      if (failure === 'auth') return { status: 401, headers: none, body: { ...openAIShape('Incorrect API key provided. ', 'invalid_request_error', 'invalid_api_key'), ...ids } };
      if (failure === 'model') return { status: 404, headers: none, body: { ...openAIShape('The model `qwen-ultra` does not exist or you do not have access to it.', 'invalid_request_error', 'model_not_found'), ...ids } };
      if (failure === 'context') return { status: 400, headers: none, body: { ...openAIShape(`<400> InternalError.Algo.InvalidParameter: Range of input length should be [1, ${limit}]`, 'invalid_request_error', 'invalid_parameter_error'), ...ids } };
      if (failure === 'rateLimit') return { status: 429, headers: none, body: { ...openAIShape('Requests rate limit exceeded, please try again later.', 'limit_requests', 'limit_requests'), ...ids } };
      if (failure === 'credit') return { status: 400, headers: none, body: { ...openAIShape('Access denied, please make sure your account is in good standing.', 'Arrearage', 'Arrearage'), ...ids } };
      return { status: 500, headers: none, body: { ...openAIShape('An internal error has occured, please try again later or contact service support.', 'internal_error', 'internal_error'), ...ids } };
    }
    case 'vllm':
    case 'vllm-legacy': {
      const shape = (message: string, type: string, code: number) =>
        vendor === 'vllm' ? { error: { message, type, param: null, code } } : { object: 'error', message, type, param: null, code };
      if (failure === 'auth') return { status: 401, headers: none, body: { error: 'Unauthorized' } };
      if (failure === 'model') return { status: 404, headers: none, body: shape('The model `missing` does not exist.', 'NotFoundError', 404) };
      if (failure === 'context') return { status: 400, headers: none, body: shape(`This model's maximum context length is ${limit} tokens. However, you requested ${promptTokens + completionTokens} tokens (${promptTokens} in the messages, ${completionTokens} in the completion). Please reduce the length of the messages or completion.`, 'BadRequestError', 400) };
      if (failure === 'rateLimit') return { status: 429, headers: none, body: shape('Too many requests', 'RateLimitError', 429) };
      return { status: 503, headers: none, body: shape('The server is not ready.', 'ServiceUnavailableError', 503) };
    }
    case 'llamacpp':
      if (failure === 'auth') return { status: 401, headers: none, body: { error: { code: 401, message: 'Invalid API Key', type: 'authentication_error' } } };
      if (failure === 'model') return { status: 404, headers: none, body: { error: { code: 404, message: 'model not found', type: 'not_found_error' } } };
      if (failure === 'context') return { status: 400, headers: none, body: { error: { code: 400, message: `request (${promptTokens} tokens) exceeds the available context size (${limit} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: promptTokens, n_ctx: limit } } };
      if (failure === 'rateLimit') return { status: 429, headers: none, body: { error: { code: 429, message: 'too many requests', type: 'rate_limit_error' } } };
      return { status: 503, headers: none, body: { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } } };
    case 'ollama':
      if (failure === 'auth') return { status: 401, headers: none, body: openAIShape('unauthorized', 'api_error', null) };
      if (failure === 'model') return { status: 404, headers: none, body: openAIShape(`model "qwen3:99b" not found, try pulling it first`, 'api_error', null) };
      if (failure === 'context') return { status: 400, headers: none, body: openAIShape(`prompt too long; exceeded max context length by ${Math.max(1, promptTokens - limit)} tokens`, 'api_error', null) };
      if (failure === 'rateLimit') return { status: 429, headers: none, body: openAIShape('too many requests', 'api_error', null) };
      return { status: 500, headers: none, body: openAIShape('llama runner process has terminated: exit status 2', 'api_error', null) };
    case 'openrouter': {
      const shape = (code: number, message: string) => ({ error: { code, message, metadata: { provider_name: 'Fake' } }, user_id: 'user_1' });
      if (failure === 'auth') return { status: 401, headers: none, body: shape(401, 'No auth credentials found') };
      if (failure === 'credit') return { status: 402, headers: none, body: shape(402, 'Insufficient credits. Add more using https://openrouter.ai/credits') };
      if (failure === 'model') return { status: 404, headers: none, body: shape(404, 'No endpoints found for fake/model.') };
      if (failure === 'context') return { status: 400, headers: none, body: shape(400, `This endpoint's maximum context length is ${limit} tokens. However, you requested about ${promptTokens + completionTokens} tokens (${promptTokens} of text input, ${completionTokens} in the output). Please reduce the length of either one.`) };
      if (failure === 'rateLimit') return { status: 429, headers: { 'retry-after': '7' }, body: shape(429, 'Rate limit exceeded: free-models-per-min.') };
      return { status: 502, headers: none, body: shape(502, 'Provider returned error') };
    }
  }
}

/** Whether `vendor` counts max_tokens against the window (vLLM, OpenRouter, DeepSeek) or only the prompt (llama.cpp, Ollama, OpenAI, DashScope). */
export function countsCompletion(vendor: Vendor): boolean {
  return vendor === 'vllm' || vendor === 'vllm-legacy' || vendor === 'openrouter' || vendor === 'deepseek';
}
