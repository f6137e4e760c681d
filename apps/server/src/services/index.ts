import { defaultModel, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { appRepo } from '../db/repos/app-repo.js';
import { chatRepo, markInterruptedAnswers } from '../db/repos/chat-repo.js';
import { chatShareRepo } from '../db/repos/chat-share-repo.js';
import { historyRepo } from '../db/repos/history-repo.js';
import { knowledgeSearchRepo } from '../db/repos/knowledge-search-repo.js';
import type { Owner } from '../db/repos/owner-scope.js';
import { tokenRepo } from '../db/repos/token-repo.js';
import { usageRepo } from '../db/repos/usage-repo.js';
import { visitorRepo } from '../db/repos/visitor-repo.js';
import { createProvider } from '../llm/create-provider.js';
import { createOfflineResponder } from '../llm/offline-responder.js';
import { createAccessService } from './access-service.js';
import { createAnswerStreamer } from './answer-stream.js';
import { createChatService } from './chat-service.js';
import { createChatShareService } from './chat-share-service.js';
import { createHistoryService } from './history-service.js';
import { createIdentityService } from './identity-service.js';
import { createLocalStreamRegistry } from './stream-registry.js';
import { createVisitorService } from './visitor-service.js';

/** A streaming answer's row is touched this often; one untouched for answerStaleAfterMs was left by a dead process. */
const answerProgressSaveMs = 2000;
const answerStaleAfterMs = 15_000;

/** The composition root: every service with exactly the repos and settings it needs. */
export function createServices(db: Database, config: Config) {
  const tokens = tokenRepo(db);
  const histories = historyRepo(db);
  const apps = appRepo(db);
  const chats = (owner: Owner) => chatRepo(db, owner);
  const llm = createProvider(config, { offline: createOfflineResponder({ delayMs: config.OFFLINE_STREAM_DELAY_MS }) });
  const streamAnswer = createAnswerStreamer({
    chats,
    knowledge: knowledgeSearchRepo(db),
    llm,
    settings: {
      contextTokens: config.LLM_CONTEXT_TOKENS,
      maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
      progressSaveMs: answerProgressSaveMs,
      minKnowledgeScore: 0.5,
    },
  });
  return {
    access: createAccessService(config.ACCESS_PASSWORD),
    identity: createIdentityService({ tokens }),
    visitors: createVisitorService({ visitors: visitorRepo(db), tokens, ttlDays: config.VISITOR_TOKEN_TTL_DAYS }),
    histories: createHistoryService({ histories, apps, answerStaleAfterMs }),
    chatShares: createChatShareService({ shares: chatShareRepo(db), histories }),
    chat: createChatService({
      apps,
      chats,
      usage: usageRepo(db),
      registry: createLocalStreamRegistry(),
      streamAnswer,
      markInterrupted: (staleAfterMs) => markInterruptedAnswers(db, staleAfterMs),
      settings: {
        defaultModel: defaultModel(config),
        models: config.LLM_MODELS,
        visitorDailyMessages: config.VISITOR_DAILY_MESSAGES,
        staleAfterMs: answerStaleAfterMs,
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
