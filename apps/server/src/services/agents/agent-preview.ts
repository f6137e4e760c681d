import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { previewAgentRequest } from '@parley/contracts';
import type { AgentRepo } from '../../db/repos/agent-repo.js';
import type { KnowledgeSearchRepo } from '../../db/repos/knowledge-search-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import type { UsageRepo } from '../../db/repos/usage-repo.js';
import { AppError } from '../../platform/app-error.js';
import type { Provider, RetrievedPassage } from '../../llm/provider.js';
import type { TokenCounter } from '../../llm/token-count.js';
import { SseWriter } from '../../platform/sse-writer.js';
import { relayAnswer, toCitation, type AnswerSource, type StreamContext } from '../chat/answer-relay.js';
import { promptSource } from '../chat/prompt-source.js';

export type PreviewInput = z.output<typeof previewAgentRequest>;

export interface AgentPreviewDeps {
  agents: Pick<AgentRepo, 'findLive'>;
  knowledge: Pick<KnowledgeSearchRepo, 'search'>;
  llm: Provider;
  usage: Pick<UsageRepo, 'record'>;
  tokenCounter: (model: string) => TokenCounter;
  /** The chat's content check on questions (MODERATION_CHAT); throws QUESTION_REFUSED. */
  checkQuestion: (question: string, about: { log: FastifyBaseLogger; appId: string | null }) => Promise<void>;
  settings: {
    models: readonly string[];
    defaultModel: string;
    contextTokens: number;
    modelContextTokens?: Readonly<Record<string, number>>;
    maxOutputTokens: number;
    maxAnswerChars: number;
    minKnowledgeScore: number;
  };
}

/** A preview that is ready to stream: everything that can refuse it has been checked. */
export interface PreparedPreview {
  owner: Owner;
  input: PreviewInput;
  model: string;
  knowledge: RetrievedPassage[];
}

/**
 * The create screen's live preview: a draft configuration answers a question without anything
 * being saved (no agent, chat, message or usage row). With `appId` (the caller's own agent)
 * the answer may draw on that agent's knowledge.
 */
export function createAgentPreview(deps: AgentPreviewDeps) {
  const { settings } = deps;

  /** The draft's prompt: its persona, the agent's knowledge, the turns so far and the question. */
  function compose({ input, model, knowledge }: PreparedPreview): AnswerSource {
    const { draft } = input;
    const app = { isOfficial: false, systemPrompt: draft.systemPrompt, temperature: draft.temperature, topP: draft.top_p, knowledgeMode: 'open' as const };
    const sources = deps.llm.sourcesFor?.({ question: input.content, knowledge }) ?? knowledge;
    return promptSource({
      provider: deps.llm,
      request: { model, knowledge, question: input.content, assistant: { name: draft.name, intro: draft.intro } },
      app,
      params: {},
      knowledge,
      history: input.turns,
      question: input.content,
      usingContext: true,
      citations: sources.map(toCitation),
      budget: { contextTokens: settings.modelContextTokens?.[model] ?? settings.contextTokens, maxOutputTokens: settings.maxOutputTokens },
      counter: deps.tokenCounter(model),
    });
  }

  return {
    /** Everything that can refuse a preview, its question's content check last; `log` is the request's. */
    async prepare(owner: Owner, input: PreviewInput, log: FastifyBaseLogger): Promise<PreparedPreview> {
      // An agent named by id is looked up first: not the caller's, it is not found, for visitors too.
      const agent = input.appId ? await deps.agents.findLive(input.appId) : null;
      if (input.appId && (!agent || owner.userId === null || agent.row.ownerId !== owner.userId)) {
        throw new AppError('NOT_FOUND', 'This agent does not exist.');
      }
      if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
      await deps.checkQuestion(input.content, { log, appId: input.appId ?? null });
      let knowledge: RetrievedPassage[] = [];
      if (agent) {
        const found = await deps.knowledge.search(agent.row.id, input.content);
        knowledge = found.filter((passage) => passage.score >= settings.minKnowledgeScore);
      }
      const own = input.draft.model;
      const model = own && settings.models.includes(own) ? own : settings.defaultModel;
      return { owner, input, model, knowledge };
    },

    /** The preview's answer, relayed like a chat's; only its usage is recorded. */
    stream(prepared: PreparedPreview, res: ServerResponse, context: StreamContext): Promise<void> {
      const { owner, model } = prepared;
      const writer = new SseWriter(res);
      const controller = new AbortController();
      writer.onDisconnect(() => controller.abort());
      return relayAnswer({
        writer,
        signal: controller.signal,
        kind: 'preview',
        context: { ...context, log: context.log.child({ preview: true }) },
        start: { chatId: '', title: '', questionId: randomUUID(), answerId: randomUUID(), model },
        compose: async () => compose(prepared),
        maxAnswerChars: settings.maxAnswerChars,
        settle: async ({ usage, failure }) => {
          // the tokens were spent even though nothing else is kept
          await deps.usage.record(owner, { model, ...usage, messages: 0 }).catch((error: unknown) => {
            context.log.warn({ err: error }, 'recording preview usage failed');
          });
          return failure;
        },
      });
    },
  };
}

export type AgentPreview = ReturnType<typeof createAgentPreview>;
