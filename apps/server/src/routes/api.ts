import type { FastifyInstance } from 'fastify';
import { apiPrefix, visitorApiPrefix } from '@parley/contracts';
import { accountRoutes } from './account.js';
import { authRoutes } from './auth.js';
import { agentAnalyticsRoutes } from './agent-analytics.js';
import { agentKeyRoutes } from './agent-keys.js';
import { agentShareRoutes } from './agent-shares.js';
import { agentRoutes } from './agents.js';
import { brokerRoutes } from './brokers.js';
import { chatArchiveRoutes } from './chat-archive.js';
import { chatFeedbackRoutes } from './chat-feedback.js';
import { chatReportRoutes } from './chat-reports.js';
import { chatHistoryRoutes } from './chat-histories.js';
import { chatInitRoutes } from './chat-init.js';
import { chatShareRoutes } from './chat-shares.js';
import { chatStreamRoutes } from './chat-stream.js';
import { identityRoutes } from './identity.js';
import { notificationRoutes } from './notifications.js';
import { imageRoutes } from './images.js';
import { knowledgeRoutes } from './knowledge.js';
import { promptImportRoutes } from './prompt-import.js';
import { promptStoreRoutes } from './prompt-store.js';
import { settingsRoutes } from './settings.js';
import { regionRoutes } from './region.js';
import { visitorTokenRoutes } from './visitor-token.js';
import { widgetSettingsRoutes } from './widget.js';

/** The handlers users and visitors share; mounted once per audience. */
export async function registerApi(scope: FastifyInstance) {
  await scope.register(identityRoutes);
  await scope.register(chatInitRoutes);
  await scope.register(chatHistoryRoutes);
  await scope.register(chatArchiveRoutes);
  await scope.register(chatFeedbackRoutes);
  await scope.register(chatReportRoutes);
  await scope.register(chatShareRoutes);
  await scope.register(chatStreamRoutes);
  await scope.register(agentRoutes);
  await scope.register(agentShareRoutes);
  await scope.register(imageRoutes);
  // owner only: a visitor is asked to log in
  await scope.register(knowledgeRoutes);
  await scope.register(agentKeyRoutes);
  await scope.register(agentAnalyticsRoutes);
  await scope.register(widgetSettingsRoutes);
  await scope.register(promptImportRoutes);
  await scope.register(brokerRoutes);
  await scope.register(regionRoutes);
}

/**
 * /api/* needs a user token, /api/visitor/* a visitor token bound to the device. The scopes
 * are siblings, so each gets its own hooks (and, later, its own limits).
 */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireUser);
    await registerApi(scope);
    await scope.register(accountRoutes);
    await scope.register(notificationRoutes);
    await scope.register(settingsRoutes);
    await scope.register(promptStoreRoutes);
  }, { prefix: apiPrefix });

  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireVisitor);
    await registerApi(scope);
  }, { prefix: visitorApiPrefix });

  await app.register(visitorTokenRoutes, { prefix: visitorApiPrefix });
  // signing in needs no token: the same calls under both prefixes, as the client rewrites paths
  await app.register(authRoutes, { prefix: apiPrefix });
  await app.register(authRoutes, { prefix: visitorApiPrefix });
}
