import { agentLimits } from '@parley/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { defaultModel, hasModelProvider, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Tracing } from './tracing.js';
import { accountRepo } from '../db/repos/account-repo.js';
import { adRepo } from '../db/repos/ad-repo.js';
import { agentRepo } from '../db/repos/agent-repo.js';
import { agentAnalyticsRepo } from '../db/repos/agent-analytics-repo.js';
import { agentKeyRepo } from '../db/repos/agent-key-repo.js';
import { agentShareRepo } from '../db/repos/agent-share-repo.js';
import { widgetRepo } from '../db/repos/widget-repo.js';
import { appRepo, type OfficialAppSeed } from '../db/repos/app-repo.js';
import { brokerRepo } from '../db/repos/broker-repo.js';
import { chatArchiveRepo } from '../db/repos/chat-archive-repo.js';
import { interruptedMessage, markInterruptedAnswers } from '../db/repos/abandoned-answers.js';
import { chatRepo } from '../db/repos/chat-repo.js';
import { chatShareRepo } from '../db/repos/chat-share-repo.js';
import { historyRepo } from '../db/repos/history-repo.js';
import { knowledgeSearchRepo } from '../db/repos/knowledge-search-repo.js';
import { notificationRepo, notificationWriter } from '../db/repos/notification-repo.js';
import { unansweredRepo } from '../db/repos/unanswered-repo.js';
import { promptRepo } from '../db/repos/prompt-repo.js';
import type { Owner } from '../db/repos/owner-scope.js';
import { smsRepo } from '../db/repos/sms-repo.js';
import { imageRepo } from '../db/repos/image-repo.js';
import { siteSettingsRepo } from '../db/repos/site-settings-repo.js';
import { blockedKeywords } from './blocked-keywords.js';
import { tokenRepo } from '../db/repos/token-repo.js';
import { usageRepo } from '../db/repos/usage-repo.js';
import { createAdminServices } from './admin-services.js';
import { sitePagesOn } from './site-pages.js';
import { reportRepo } from '../db/repos/report-repo.js';
import { createReportService } from '../services/chat/report-service.js';
import { userRepo } from '../db/repos/user-repo.js';
import { userSettingsRepo } from '../db/repos/user-settings-repo.js';
import { visitorRepo } from '../db/repos/visitor-repo.js';
import { createProvider } from '../llm/create-provider.js';
import { createEmbedder } from '../llm/embedder.js';
import { createOfflineResponder } from '../llm/offline-responder.js';
import type { AssistantTopics } from '../llm/provider.js';
import { createBalanceReader } from '../llm/provider-balance.js';
import { createDispatcher } from '../llm/proxy-dispatcher.js';
import { isPublicAddress, type AddressPolicy } from '../platform/address-policy.js';
import { accessEpochKey, accessEpochOf, createAccessService } from '../services/accounts/access-service.js';
import { createAccountService } from '../services/accounts/account-service.js';
import { createAgentPreview } from '../services/agents/agent-preview.js';
import { createAgentService } from '../services/agents/agent-service.js';
import { createAgentAnalyticsService } from '../services/agents/agent-analytics-service.js';
import { createAgentKeyService } from '../services/agents/agent-key-service.js';
import { createAgentShareService } from '../services/agents/agent-share-service.js';
import { createWidgetService } from '../services/agents/widget-service.js';
import { createTokenCounters, loadTokenizers } from '../llm/token-count.js';
import { createAnswerStreamer } from '../services/chat/answer-stream.js';
import { createAuthService } from '../services/accounts/auth-service.js';
import { createBrokerFacts } from '../services/brokers/broker-facts.js';
import { createBrokerService } from '../services/brokers/broker-service.js';
import { createChatArchiveService } from '../services/chat/chat-archive-service.js';
import { createChatService } from '../services/chat/chat-service.js';
import { createChatShareService } from '../services/chat/chat-share-service.js';
import { createConfigService } from '../services/chat/chat-config-service.js';
import { createContentChecker } from '../services/agents/content-check.js';
import { createChatModeration } from '../services/moderation/chat-moderation.js';
import { questionRefusalRepo } from '../db/repos/question-refusal-repo.js';
import { cachedKeywordMatcher } from '../services/moderation/keyword-matcher-cache.js';
import type { ModerationSettings } from '../services/moderation/moderation-endpoint.js';
import { createModerationMetrics } from '../services/moderation/moderation-metrics.js';
import { createDataCipher } from '../services/brokers/data-cipher.js';
import { createLocalCounters, createRedisCounters } from '../platform/counters.js';
import type { RedisConnection } from '../platform/redis-client.js';
import { createHistoryService } from '../services/chat/history-service.js';
import { createModelChoice } from '../services/chat/model-choice.js';
import { createIdentityService } from '../services/accounts/identity-service.js';
import { createNotificationService } from '../services/notifications/notification-service.js';
import { createPromptImportService } from '../services/prompts/prompt-import-service.js';
import { createPromptStoreService } from '../services/prompts/prompt-store-service.js';
import { createRateCounter } from '../platform/rate-counter.js';
import { createRegionService } from '../services/site/region-service.js';
import { createSiteConfigCache } from '../services/site/site-config-cache.js';
import { publicSiteConfig, readSavedSiteSettings } from '../services/site/site-service.js';
import { createSettingsService } from '../services/accounts/settings-service.js';
import { createSmsCodeService } from '../services/accounts/sms-code-service.js';
import { createConsoleSmsSender, createHttpSmsSender, type SmsSender } from '../services/accounts/sms-sender.js';
import { createImageService } from '../services/agents/image-service.js';
import { createKnowledgeEmbeddings } from '../services/knowledge/knowledge-embeddings.js';
import { createKnowledgeSearch } from '../services/knowledge/knowledge-search.js';
import { createRedisStreamLog } from '../platform/redis-stream-log.js';
import { createRedisStreamRegistry } from '../platform/redis-stream-registry.js';
import { createLocalStreamLog } from '../platform/stream-log.js';
import { createLocalStreamRegistry } from '../platform/stream-registry.js';
import { createVisitorService } from '../services/accounts/visitor-service.js';
import { createKnowledgeService } from '../services/knowledge/knowledge-service.js';
import { minKnowledgeScore } from '../services/knowledge/knowledge-settings.js';
import { knowledgeRepo } from '../db/repos/knowledge-repo.js';
import { objectStorageFor } from './object-storage.js';

/** A streaming answer's row is touched this often; one untouched for answerStaleAfterMs was left by a dead process. */
const answerProgressSaveMs = 2000;
const answerStaleAfterMs = 15_000;

/** The provider's balance is asked for at most this often, and given up on after balanceTimeoutMs. */
const balanceCacheMs = 5 * 60 * 1000;
const balanceTimeoutMs = 3000;

function moderationSettings(config: Config): ModerationSettings {
  return {
    baseUrl: config.MODERATION_BASE_URL,
    apiKey: config.MODERATION_API_KEY,
    model: config.MODERATION_MODEL,
    timeoutMs: config.MODERATION_TIMEOUT_MS,
    checkImages: config.MODERATION_CHECK_IMAGES,
  };
}

function smsSenderFor(config: Config, log: FastifyBaseLogger): SmsSender {
  return config.SMS_SENDER === 'http'
    ? createHttpSmsSender({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN, timeoutMs: config.SMS_GATEWAY_TIMEOUT_MS })
    : createConsoleSmsSender(log);
}

/** What tests may swap: which addresses server-side fetches of user-given URLs may reach. */
export interface ServiceOverrides {
  addressPolicy?: AddressPolicy;
}

/** Site content the services show that the seed owns (src/seed), handed in by the app. */
export interface SiteContent {
  /** What the official assistant can help with, listed when it cannot answer offline. */
  officialTopics?: AssistantTopics;
  /** The official assistant's built-in texts, which operators change over (the console, `official set`). */
  officialSeed: OfficialAppSeed;
}

/** Redis connections when REDIS_URL or REDIS_CLUSTER_NODES is set: commands, and one for the stop channel's subscription. */
export interface SharedState {
  redis: RedisConnection;
  subscriber: RedisConnection;
}

/** What the model service reports as its balance; nothing to ask in offline mode. */
function providerBalance(config: Config): () => Promise<string | null> {
  if (!hasModelProvider(config)) return () => Promise.resolve(null);
  const reader = createBalanceReader({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    dispatcher: createDispatcher({ httpsProxy: config.HTTPS_PROXY, socksProxy: config.SOCKS_PROXY }),
    timeoutMs: balanceTimeoutMs,
    cacheMs: balanceCacheMs,
  });
  return reader.read;
}

/** OpenAI's tokenizers, when an OpenAI model is offered: loaded before the first prompt is fitted. */
export async function loadModelTokenizers(config: Config): Promise<void> {
  if (hasModelProvider(config)) await loadTokenizers(config.LLM_MODELS);
}

/** The composition root: every service with exactly the repos and settings it needs. */
export function createServices(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
  shared: SharedState | null = null,
  overrides: ServiceOverrides,
  content: SiteContent,
  metricsRegistry: Registry = new Registry(),
  /** When tracing is on: model and embedding calls in spans of their own. */
  tracing: Pick<Tracing, 'modelCalls' | 'embeddings'> | null = null,
) {
  const tokens = tokenRepo(db);
  const accounts = accountRepo(db);
  const usage = usageRepo(db);
  const counters = shared ? createRedisCounters(shared.redis, log) : createLocalCounters();
  const sharedRegistry = shared ? createRedisStreamRegistry({ ...shared, log }) : null;
  const registry = sharedRegistry ?? createLocalStreamRegistry();
  const notifications = createNotificationService({
    forUser: (userId) => notificationRepo(db, userId),
    writer: notificationWriter(db),
    usage,
    usageThresholds: config.USAGE_NOTIFY_TOKENS,
    log,
  });
  const codes = createSmsCodeService({
    sms: smsRepo(db),
    sender: smsSenderFor(config, log),
    signSecret: config.SMS_SIGN_SECRET,
    phoneHasAccount: async (phone) => (await accounts.findByPhone(phone)) !== null,
    log,
  });
  const auth = createAuthService({
    accounts,
    tokens,
    codes,
    registry,
    attempts: createRateCounter(counters, 'login-attempts:'),
    tokenTtlDays: config.USER_TOKEN_TTL_DAYS,
    visitorQuota: {
      limit: config.VISITOR_DAILY_MESSAGES,
      usedToday: (visitorId) => usage.messagesToday({ userId: null, visitorId }),
      notify: notifications.visitorQuotaCarried,
    },
  });
  const histories = historyRepo(db);
  const apps = appRepo(db);
  const chats = (owner: Owner) => chatRepo(db, owner);
  const llm = createProvider(config, { offline: createOfflineResponder({ delayMs: config.OFFLINE_STREAM_DELAY_MS }), traced: tracing?.modelCalls });
  const embedder = createEmbedder(config, { traced: tracing?.embeddings });
  const retrieval = createKnowledgeSearch({
    repo: knowledgeSearchRepo(db),
    // an HNSW index per embedding model on PostgreSQL; the embedded PGlite compares every vector
    embeddings: embedder ? createKnowledgeEmbeddings({ db, embedder, log, vectorIndex: config.DATABASE_URL ? 'hnsw' : 'exact' }) : null,
    minSimilarity: config.EMBEDDING_MIN_SIMILARITY,
    threshold: minKnowledgeScore,
  });
  const tokenCounter = createTokenCounters();
  const answerSizes = {
    contextTokens: config.LLM_CONTEXT_TOKENS,
    modelContextTokens: config.modelContextTokens ?? {},
    maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
    maxAnswerChars: config.LLM_MAX_ANSWER_CHARS,
  };
  const keywords = blockedKeywords(db);
  const compiledKeywords = cachedKeywordMatcher(keywords);
  const chatModeration = createChatModeration({
    mode: config.MODERATION_CHAT,
    keywords: compiledKeywords,
    endpoint: moderationSettings(config),
    metrics: createModerationMetrics(metricsRegistry),
    recordRefusal: questionRefusalRepo(db).record,
  });
  const answers = createAnswerStreamer({
    chats,
    knowledge: retrieval,
    unanswered: unansweredRepo(db),
    llm,
    brokerFacts: createBrokerFacts({ brokers: brokerRepo(db) }).forQuestion,
    officialTopics: content.officialTopics,
    tokenCounter,
    settings: {
      ...answerSizes,
      progressSaveMs: answerProgressSaveMs,
      minKnowledgeScore,
    },
    onUsage: (owner, used) => (owner.userId ? notifications.usageRecorded(owner.userId, used) : Promise.resolve()),
    guardAnswer: chatModeration.guardAnswer,
  });
  const agents = agentRepo(db);
  const storage = objectStorageFor(config, db, log);
  const images = createImageService({ images: imageRepo(db), storage });
  const modelSettings = { models: config.LLM_MODELS, defaultModel: defaultModel(config) };
  const chatModels = createModelChoice({ ...modelSettings, offline: !hasModelProvider(config) });
  const siteConfig = createSiteConfigCache({ load: async () => publicSiteConfig(config, await readSavedSiteSettings(siteSettingsRepo(db))) });
  return {
    /** Knowledge retrieval (full-text, fused with embeddings when configured) and chunk embedding for ingestion. */
    retrieval,
    /** Where uploaded files are kept: the database, or the S3 bucket (S3_BUCKET). */
    storage,
    /** Fixed-window counters shared by every instance (SMS sends and other "N per window" rules). */
    counters,
    agents: createAgentService({
      agents,
      images,
      checkContent: createContentChecker({ keywords: async () => (await compiledKeywords()).matcher, moderation: moderationSettings(config) }),
      onAgentPublished: (agent) => notifications.appPublished({ ownerUserId: agent.ownerId, appId: agent.appId, appName: agent.name }),
      settings: { ...modelSettings, offline: !hasModelProvider(config), mineMax: agentLimits.mineMax },
    }),
    agentPreview: createAgentPreview({
      agents,
      knowledge: retrieval,
      llm,
      usage,
      tokenCounter,
      checkQuestion: chatModeration.checkQuestion,
      settings: {
        ...modelSettings,
        ...answerSizes,
        minKnowledgeScore,
      },
    }),
    agentAnalytics: createAgentAnalyticsService({ analytics: agentAnalyticsRepo(db), agents: apps }),
    agentKeys: createAgentKeyService({ keys: agentKeyRepo(db), agents: apps, users: userRepo(db) }),
    agentShares: createAgentShareService({ agents, shares: agentShareRepo(db) }),
    widgets: createWidgetService({ widgets: widgetRepo(db) }),
    images,
    knowledge: createKnowledgeService({
      agents,
      knowledge: knowledgeRepo(db),
      storage,
      retrieval,
      settings: {
        maxFileBytes: config.KNOWLEDGE_MAX_FILE_BYTES,
        maxAgentBytes: config.KNOWLEDGE_MAX_AGENT_BYTES,
        maxPdfPages: config.KNOWLEDGE_MAX_PDF_PAGES,
      },
    }),
    access: createAccessService(config.ACCESS_PASSWORD, { read: async () => accessEpochOf(await siteSettingsRepo(db).get(accessEpochKey)) }),
    identity: createIdentityService({ tokens }),
    visitors: createVisitorService({ visitors: visitorRepo(db), tokens, ttlDays: config.VISITOR_TOKEN_TTL_DAYS }),
    histories: createHistoryService({ histories, apps, models: chatModels, answerStaleAfterMs, onFeedback: notifications.feedbackGiven }),
    chatShares: createChatShareService({ shares: chatShareRepo(db), histories, onFirstOpen: notifications.shareOpened }),
    codes,
    auth,
    account: createAccountService({ accounts, codes, endAllSessions: auth.endAllSessions }),
    notifications,
    brokers: createBrokerService({
      brokers: brokerRepo(db),
      ads: adRepo(db),
      cipher: createDataCipher({ keyConstant: config.DATA_CIPHER_KEY, ivConstant: config.DATA_CIPHER_IV }),
    }),
    region: createRegionService({
      // a client could send any header itself; only a trusted proxy's copy means something
      countryHeader: config.TRUST_PROXY && config.REGION_COUNTRY_HEADER ? config.REGION_COUNTRY_HEADER : null,
      maxmindPath: config.MAXMIND_DB_PATH || null,
    }),
    siteConfig,
    sitePages: sitePagesOn(db, config),
    promptImport: createPromptImportService({ policy: overrides.addressPolicy ?? isPublicAddress, extraPorts: config.PROMPT_IMPORT_PORTS }),
    settings: createSettingsService({ settings: userSettingsRepo(db) }),
    promptStore: createPromptStoreService({ prompts: promptRepo(db) }),
    chatConfig: createConfigService({ config, usage, balance: providerBalance(config), isOperator: (userId) => userRepo(db).isOperator(userId) }),
    ...createAdminServices(db, {
      config,
      endAllSessions: auth.endAllSessions,
      notices: notifications,
      embedChunks: retrieval.embedChunks,
      officialSeed: content.officialSeed,
      siteSettingsChanged: siteConfig.forget,
      llm,
      embedder,
    }),
    reports: createReportService({ reports: reportRepo(db) }),
    chatArchive: createChatArchiveService({ archives: (owner) => chatArchiveRepo(db, owner) }),
    chat: createChatService({
      apps,
      chats,
      usage,
      registry,
      streamLog: shared ? createRedisStreamLog(shared.redis, log, interruptedMessage) : createLocalStreamLog(),
      answers,
      models: chatModels,
      markInterrupted: (staleAfterMs) => markInterruptedAnswers(db, staleAfterMs),
      prepareQuestionCheck: chatModeration.prepareQuestionCheck,
      settings: {
        visitorDailyMessages: config.VISITOR_DAILY_MESSAGES,
        staleAfterMs: answerStaleAfterMs,
        resumeGraceMs: config.RESUME_GRACE_MS,
      },
    }),
    /** Releases what the services hold beyond the database (the stop channel subscription). */
    async close() {
      await sharedRegistry?.close();
      storage.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
