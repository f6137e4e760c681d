import { adminModelsLimits, upstreamErrorKinds, type ModelsOverview, type ServiceCheckRequest, type ServiceCheckResult } from '@parley/contracts';
import { APIConnectionTimeoutError } from 'openai';
import { defaultModel, hasModelProvider, type Config } from '../../config.js';
import type { SiteStatsRepo } from '../../db/repos/site-stats-repo.js';
import type { Embedder } from '../../llm/embedder.js';
import { failures, toProviderError } from '../../llm/openai-errors.js';
import { openAIBaseUrl } from '../../llm/openai-provider.js';
import { isProviderError, type Provider } from '../../llm/provider.js';
import { AppError } from '../../platform/app-error.js';
import { redactUrl } from '../chat/chat-config-service.js';

/** The settings the page shows: never a key, and addresses as operators see them on /config. */
export type ModelSettings = Pick<
  Config,
  | 'LLM_BASE_URL'
  | 'LLM_API_KEY'
  | 'LLM_MODELS'
  | 'LLM_TIMEOUT_MS'
  | 'LLM_STALL_TIMEOUT_MS'
  | 'LLM_CONTEXT_TOKENS'
  | 'LLM_MAX_OUTPUT_TOKENS'
  | 'HTTPS_PROXY'
  | 'SOCKS_PROXY'
  | 'EMBEDDING_MODEL'
  | 'EMBEDDING_BASE_URL'
  | 'EMBEDDING_API_KEY'
  | 'EMBEDDING_TIMEOUT_MS'
  | 'EMBEDDING_MIN_SIMILARITY'
  | 'MODERATION_CHAT'
  | 'MODERATION_BASE_URL'
  | 'MODERATION_MODEL'
  | 'MODERATION_TIMEOUT_MS'
  | 'MODERATION_CHECK_IMAGES'
> &
  Pick<Config, 'modelContextTokens'>;

export interface ModelServiceDeps {
  config: ModelSettings;
  /** The model service the chats use (the offline responder in offline mode). */
  llm: Provider;
  /** The embedding service of knowledge search; null without EMBEDDING_MODEL. */
  embedder: Embedder | null;
  stats: Pick<SiteStatsRepo, 'answersByModel'>;
  now?: () => Date;
}

type Failure = NonNullable<ServiceCheckResult['failure']>;

/** A failed request as the page shows it; a wait cut by the check's own timer is a timeout. */
function failureOf(error: unknown, timedOut: boolean): Failure {
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    const { kind, message } = failures.timeout();
    return { kind, status: null, message };
  }
  const failure = isProviderError(error) ? error : toProviderError(error, false);
  return { kind: failure.kind, status: failure.status, message: failure.message };
}

/**
 * The console's model service page: what the server is set up with, the answers of each model
 * today and how many the model service failed, and a live check of the model and embedding
 * services that asks each something tiny through the same clients the site uses.
 */
export function createModelService({ config, llm, embedder, stats, now = () => new Date() }: ModelServiceDeps) {
  const online = hasModelProvider(config);
  const chatBaseUrl = online ? config.LLM_BASE_URL || openAIBaseUrl : '';

  async function timed(timeoutMs: number, ask: (signal: AbortSignal) => Promise<number | null>) {
    const signal = AbortSignal.timeout(Math.min(timeoutMs, adminModelsLimits.checkTimeoutMs));
    const started = performance.now();
    try {
      const dimensions = await ask(signal);
      if (signal.aborted) return { ok: false as const, failure: failureOf(null, true) };
      return { ok: true as const, ms: Math.round(performance.now() - started), dimensions };
    } catch (error) {
      return { ok: false as const, failure: failureOf(error, signal.aborted) };
    }
  }

  async function checkModel(requested: string | undefined): Promise<ServiceCheckResult> {
    const checkedAt = now().toISOString();
    const model = requested ?? defaultModel(config);
    if (!online) return { service: 'model', state: 'not_configured', model: null, ms: null, failure: null, dimensions: null, checkedAt };
    if (!config.LLM_MODELS.includes(model)) {
      const message = `must be one of the configured models: ${config.LLM_MODELS.join(', ')}`;
      throw new AppError('VALIDATION', `model: ${message}`, [{ path: 'model', message }]);
    }
    const params = { model, temperature: 0, topP: 1, maxOutputTokens: 16, knowledge: [], question: 'OK?' };
    const result = await timed(config.LLM_TIMEOUT_MS, async (signal) => {
      // the first text (or thought) is the answer: the rest is not waited for
      for await (const chunk of llm.stream([{ role: 'user', content: 'Reply with the word OK.' }], params, signal)) {
        if ((chunk.type === 'delta' || chunk.type === 'reasoning') && chunk.text !== '') break;
      }
      return null;
    });
    return result.ok
      ? { service: 'model', state: 'ok', model, ms: result.ms, failure: null, dimensions: null, checkedAt }
      : { service: 'model', state: 'failed', model, ms: null, failure: result.failure, dimensions: null, checkedAt };
  }

  async function checkEmbedding(): Promise<ServiceCheckResult> {
    const checkedAt = now().toISOString();
    if (!embedder) return { service: 'embedding', state: 'not_configured', model: null, ms: null, failure: null, dimensions: null, checkedAt };
    const result = await timed(config.EMBEDDING_TIMEOUT_MS, async (signal) => (await embedder.embed(['Parley service check'], signal))[0]?.length ?? null);
    return result.ok
      ? { service: 'embedding', state: 'ok', model: embedder.model, ms: result.ms, failure: null, dimensions: result.dimensions, checkedAt }
      : { service: 'embedding', state: 'failed', model: embedder.model, ms: null, failure: result.failure, dimensions: null, checkedAt };
  }

  return {
    async overview(): Promise<ModelsOverview> {
      const today = now().toISOString().slice(0, 10);
      const used = await stats.answersByModel(today, upstreamErrorKinds);
      const useOf = new Map(used.map((row) => [row.model, { answers: row.answers, upstreamErrors: row.upstreamErrors }]));
      const offered = online ? config.LLM_MODELS : [defaultModel(config)];
      return {
        chat: {
          provider: online ? 'openai-compatible' : 'offline',
          baseUrl: redactUrl(chatBaseUrl),
          apiKeySet: config.LLM_API_KEY !== '',
          defaultModel: defaultModel(config),
          models: offered.map((name) => ({
            name,
            contextTokens: config.modelContextTokens?.[name] ?? config.LLM_CONTEXT_TOKENS,
            today: useOf.get(name) ?? { answers: 0, upstreamErrors: 0 },
          })),
          otherModelsToday: used.filter((row) => !offered.includes(row.model)).map((row) => ({ name: row.model, today: { answers: row.answers, upstreamErrors: row.upstreamErrors } })),
          timeoutMs: config.LLM_TIMEOUT_MS,
          stallTimeoutMs: config.LLM_STALL_TIMEOUT_MS,
          maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
          httpsProxy: redactUrl(config.HTTPS_PROXY),
          socksProxy: redactUrl(config.SOCKS_PROXY),
        },
        embedding: {
          model: config.EMBEDDING_MODEL || null,
          baseUrl: config.EMBEDDING_MODEL ? redactUrl(config.EMBEDDING_BASE_URL || config.LLM_BASE_URL || openAIBaseUrl) : null,
          apiKeySet: (config.EMBEDDING_API_KEY || config.LLM_API_KEY) !== '',
          timeoutMs: config.EMBEDDING_TIMEOUT_MS,
          minSimilarity: config.EMBEDDING_MIN_SIMILARITY,
        },
        moderation: {
          chat: config.MODERATION_CHAT,
          baseUrl: redactUrl(config.MODERATION_BASE_URL),
          model: config.MODERATION_MODEL,
          timeoutMs: config.MODERATION_TIMEOUT_MS,
          checkImages: config.MODERATION_CHECK_IMAGES,
        },
      };
    },

    /** Asks the service something tiny now, within a short time, and says how it went. */
    check(request: { service: ServiceCheckRequest['service']; model?: string | undefined }): Promise<ServiceCheckResult> {
      return request.service === 'model' ? checkModel(request.model) : checkEmbedding();
    },
  };
}

export type ModelService = ReturnType<typeof createModelService>;
