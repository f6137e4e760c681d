import { z } from 'zod';
import { chatLimits } from './values/chats.js';

/**
 * The OpenAI-compatible API to one agent, for software outside Parley: the `openai` SDKs, curl,
 * and chat front ends that speak OpenAI. `Authorization: Bearer <agent key>` (agent-keys.ts).
 * Requests and answers have OpenAI's shapes; so do errors (`openAIError`), not Parley's envelope.
 *
 * What differs from OpenAI, by design:
 * - `model` is the agent's id (as `GET /v1/models` lists it) or `agent`, the key's agent.
 * - The agent answers as it does in Parley: its persona, knowledge, citations and moderation.
 *   `system` and `developer` messages are not passed to the model; earlier `user` and
 *   `assistant` messages are the conversation's context; the last message is the question.
 * - `citations`, beside `choices`, lists the knowledge passages the answer used (an extension;
 *   OpenAI clients ignore it). Streaming, it comes in the chunk before the first text.
 * - `temperature` and `top_p` apply unless the agent fixes them; `max_tokens` and
 *   `max_completion_tokens` are accepted, and the site's own output limit applies; `n` must be
 *   1; tools are not offered to the model.
 * - Each call is saved as a conversation of the agent (channel `api`) with its question and
 *   answer; the earlier messages it sends are its context, not saved again.
 */
export const openAIPrefix = '/v1';
/** Relative to `openAIPrefix`. */
export const openAIPaths = {
  chatCompletions: '/chat/completions',
  models: '/models',
} as const;

export const openAILimits = {
  messagesMax: 500,
  /** The question (the last message) is held to the chat's limit. */
  questionMaxChars: chatLimits.questionMaxChars,
} as const;

/** The alias `model` may take for the key's own agent. */
export const agentModelAlias = 'agent';

const textPart = z.object({ type: z.literal('text'), text: z.string() }).loose();
/** A message's content: a string, or parts of which the text parts are read (images and audio are not). */
const messageContent = z.union([z.string(), z.array(z.union([textPart, z.object({ type: z.string() }).loose()]))]).nullable();

export const openAIMessage = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function'], {
      error: 'role must be one of system, developer, user, assistant, tool',
    }),
    content: messageContent.optional(),
    name: z.string().optional(),
  })
  .loose();
export type OpenAIMessage = z.infer<typeof openAIMessage>;

export const openAIChatRequest = z
  .object({
    model: z.string({ error: 'model is required: the agent id that GET /v1/models lists' }).min(1, 'model is required'),
    messages: z
      .array(openAIMessage, { error: 'messages must be an array of messages' })
      .min(1, 'messages must hold at least one message')
      .max(openAILimits.messagesMax, `messages may hold at most ${openAILimits.messagesMax} messages`),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
    temperature: z.number().min(0, 'temperature must be between 0 and 2').max(2, 'temperature must be between 0 and 2').nullable().optional(),
    top_p: z.number().min(0, 'top_p must be between 0 and 1').max(1, 'top_p must be between 0 and 1').nullable().optional(),
    max_tokens: z.number().int().positive('max_tokens must be positive').nullable().optional(),
    max_completion_tokens: z.number().int().positive('max_completion_tokens must be positive').nullable().optional(),
    n: z.literal(1, { error: 'n must be 1: an agent gives one answer' }).nullable().optional(),
    user: z.string().optional(),
  })
  .loose();
export type OpenAIChatRequest = z.infer<typeof openAIChatRequest>;

/** A knowledge passage an answer used (the `citations` extension). */
export const openAICitation = z.object({
  file_name: z.string(),
  heading: z.string().nullable(),
  page: z.number().nullable(),
  excerpt: z.string(),
});
export type OpenAICitation = z.infer<typeof openAICitation>;

export const openAIUsage = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  completion_tokens_details: z.object({ reasoning_tokens: z.number() }).optional(),
});
export type OpenAIUsage = z.infer<typeof openAIUsage>;

export const openAIFinishReason = z.enum(['stop', 'length', 'content_filter']);

/** `stream: false`: the whole answer. */
export const openAIChatCompletion = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null(), reasoning_content: z.string().optional() }),
      finish_reason: openAIFinishReason,
      logprobs: z.null(),
    }),
  ),
  usage: openAIUsage,
  citations: z.array(openAICitation),
});
export type OpenAIChatCompletion = z.infer<typeof openAIChatCompletion>;

/** `stream: true`: each `data:` line of the event stream, then `data: [DONE]`. */
export const openAIChatChunk = z.object({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional(), reasoning_content: z.string().optional() }),
      finish_reason: openAIFinishReason.nullable(),
      logprobs: z.null(),
    }),
  ),
  usage: openAIUsage.nullable().optional(),
  citations: z.array(openAICitation).optional(),
});
export type OpenAIChatChunk = z.infer<typeof openAIChatChunk>;

export const openAIModel = z.object({ id: z.string(), object: z.literal('model'), created: z.number(), owned_by: z.string() });
export const openAIModelList = z.object({ object: z.literal('list'), data: z.array(openAIModel) });
export type OpenAIModelList = z.infer<typeof openAIModelList>;

/** OpenAI's error types, by what went wrong. */
export const openAIErrorTypes = ['invalid_request_error', 'authentication_error', 'not_found_error', 'rate_limit_error', 'insufficient_quota', 'server_error'] as const;

/** Every refusal of `/v1`, with OpenAI's status codes. */
export const openAIError = z.object({
  error: z.object({
    message: z.string(),
    type: z.enum(openAIErrorTypes),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAIError = z.infer<typeof openAIError>;
