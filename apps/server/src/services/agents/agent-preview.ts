import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Citation, previewAgentRequest } from '@parley/contracts';
import type { AgentRepo } from '../../db/repos/agent-repo.js';
import type { KnowledgeSearchRepo } from '../../db/repos/knowledge-search-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import type { UsageRepo } from '../../db/repos/usage-repo.js';
import { AppError } from '../../platform/app-error.js';
import { buildPrompt } from '../../llm/prompt.js';
import type { Provider, RetrievedPassage } from '../../llm/provider.js';
import type { SseWriter } from '../../platform/sse-writer.js';
import { estimatePromptTokens, estimateTokens } from '../../llm/token-estimate.js';
import { describeFailure, toCitation, type StreamContext } from '../chat/answer-stream.js';

export type PreviewInput = z.output<typeof previewAgentRequest>;

export interface AgentPreviewDeps {
  agents: Pick<AgentRepo, 'findLive'>;
  knowledge: Pick<KnowledgeSearchRepo, 'search'>;
  llm: Provider;
  usage: Pick<UsageRepo, 'record'>;
  settings: {
    models: readonly string[];
    defaultModel: string;
    contextTokens: number;
    maxOutputTokens: number;
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

  return {
    async prepare(owner: Owner, input: PreviewInput): Promise<PreparedPreview> {
      // An agent named by id is looked up first: not the caller's, it is not found, for visitors too.
      const agent = input.appId ? await deps.agents.findLive(input.appId) : null;
      if (input.appId && (!agent || owner.userId === null || agent.row.ownerId !== owner.userId)) {
        throw new AppError('NOT_FOUND', 'This agent does not exist.');
      }
      if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
      let knowledge: RetrievedPassage[] = [];
      if (agent) {
        const found = await deps.knowledge.search(agent.row.id, input.content);
        knowledge = found.filter((passage) => passage.score >= settings.minKnowledgeScore);
      }
      const own = input.draft.model;
      const model = own && settings.models.includes(own) ? own : settings.defaultModel;
      return { owner, input, model, knowledge };
    },

    async stream({ owner, input, model, knowledge }: PreparedPreview, writer: SseWriter, context: StreamContext): Promise<void> {
      const controller = new AbortController();
      writer.onDisconnect(() => controller.abort());
      writer.open({ 'x-request-id': context.requestId });
      const answerId = randomUUID();
      writer.send({ event: 'start', data: { chatId: '', title: '', questionId: randomUUID(), answerId, model } });

      const { draft } = input;
      const app = { isOfficial: false, systemPrompt: draft.systemPrompt, temperature: draft.temperature, topP: draft.top_p, knowledgeMode: 'open' as const };
      const prompt = buildPrompt({
        app,
        params: {},
        knowledge,
        history: input.turns,
        question: input.content,
        usingContext: true,
        contextTokens: settings.contextTokens,
        maxOutputTokens: settings.maxOutputTokens,
      });
      const sources = deps.llm.sourcesFor?.({ question: input.content, knowledge }) ?? knowledge;
      const citations: Citation[] = sources.map(toCitation);
      if (citations.length > 0) writer.send({ event: 'citations', data: { citations } });

      let content = '';
      let reported: { promptTokens: number; completionTokens: number } | null = null;
      let failure: ReturnType<typeof describeFailure> | null = null;
      try {
        const params = {
          model,
          temperature: prompt.temperature,
          topP: prompt.topP,
          maxOutputTokens: settings.maxOutputTokens,
          knowledge,
          question: input.content,
          assistant: { name: draft.name, intro: draft.intro },
        };
        for await (const chunk of deps.llm.stream(prompt.messages, params, controller.signal)) {
          if (controller.signal.aborted) break;
          if (chunk.type === 'usage') {
            reported = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
            continue;
          }
          if (chunk.text === '') continue;
          content += chunk.text;
          writer.delta(chunk.text);
          if (writer.congested) await writer.drained(controller.signal);
        }
      } catch (error) {
        if (!controller.signal.aborted) failure = describeFailure(error, context.log);
      }
      const usage = reported ?? { promptTokens: estimatePromptTokens(prompt.messages), completionTokens: estimateTokens(content) };
      writer.send({ event: 'usage', data: usage });
      // the tokens were spent even though nothing else is kept
      await deps.usage.record(owner, { model, ...usage, messages: 0 }).catch((error: unknown) => {
        context.log.warn({ err: error }, 'recording preview usage failed');
      });
      if (failure) writer.send({ event: 'error', data: { answerId: null, ...failure, retryable: true } });
      else writer.send({ event: 'done', data: { answerId, status: controller.signal.aborted ? 'stopped' : 'done' } });
      writer.end();
      context.log.info({ model, chars: content.length, failed: failure?.kind ?? null }, 'agent preview ended');
    },
  };
}

export type AgentPreview = ReturnType<typeof createAgentPreview>;
