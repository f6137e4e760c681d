import { agentModelAlias, openAILimits, type ChatParams, type OpenAIChatRequest, type OpenAIError, type OpenAIMessage } from '@parley/contracts';
import type { ContextTurn } from '../../db/repos/context-turns.js';

/** A `/v1` call refused with OpenAI's status, type and code (routes/openai-api.ts sends it). */
export class OpenAIRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: OpenAIError['error']['type'],
    readonly code: string | null,
    message: string,
    readonly param: string | null = null,
    /** Seconds to wait before asking again (429). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'OpenAIRefusal';
  }

  get body(): OpenAIError {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

/** What a chat-completions call asks of the agent, read from OpenAI's request shape. */
export interface AgentQuestion {
  question: string;
  /** Earlier user and assistant messages, oldest first: the conversation's context. */
  history: ContextTurn[];
  params: ChatParams;
  stream: boolean;
  includeUsage: boolean;
}

/** A message's text: a string, or its text parts joined by new lines (images and audio are not read). */
function textOf(message: OpenAIMessage): string {
  const { content } = message;
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
    .join('\n');
}

/**
 * Reads a `/v1/chat/completions` request for the agent `agentId`: its model must name the agent,
 * its last message is the question (a user's, not empty, within the chat's limit), and earlier
 * user and assistant messages are the context; system, developer and tool messages are not
 * passed on, since the agent answers with its own persona.
 */
export function readAgentQuestion(request: OpenAIChatRequest, agentId: string): AgentQuestion {
  if (request.model !== agentId && request.model !== agentModelAlias) {
    throw new OpenAIRefusal(
      404,
      'invalid_request_error',
      'model_not_found',
      `The model \`${request.model}\` does not exist or this key cannot use it. This key answers as the agent \`${agentId}\` (GET /v1/models).`,
      'model',
    );
  }
  const last = request.messages.at(-1);
  if (!last || last.role !== 'user') {
    throw new OpenAIRefusal(400, 'invalid_request_error', null, 'The last message must be the question, with the role "user".', 'messages');
  }
  const question = textOf(last).trim();
  if (question === '') {
    throw new OpenAIRefusal(400, 'invalid_request_error', null, 'The last message has no text to answer.', 'messages');
  }
  if (question.length > openAILimits.questionMaxChars) {
    throw new OpenAIRefusal(
      400,
      'invalid_request_error',
      'string_above_max_length',
      `The question (the last message) is ${question.length} characters long; at most ${openAILimits.questionMaxChars} are answered.`,
      'messages',
    );
  }
  const history: ContextTurn[] = [];
  for (const message of request.messages.slice(0, -1)) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const content = textOf(message);
    if (content.trim() !== '') history.push({ role: message.role, content });
  }
  const params: ChatParams = {};
  if (request.temperature != null) params.temperature = request.temperature;
  if (request.top_p != null) params.top_p = request.top_p;
  return {
    question,
    history,
    params,
    stream: request.stream === true,
    includeUsage: request.stream === true && request.stream_options?.include_usage === true,
  };
}
