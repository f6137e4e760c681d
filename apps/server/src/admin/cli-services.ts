import type { FastifyBaseLogger } from 'fastify';
import { createAdminServices } from '../composition/admin-services.js';
import { notificationRepo, notificationWriter } from '../db/repos/notification-repo.js';
import { tokenRepo } from '../db/repos/token-repo.js';
import { usageRepo } from '../db/repos/usage-repo.js';
import { officialAssistantSeed } from '../seed/official-assistant.js';
import { createNotificationService } from '../services/notifications/notification-service.js';
import type { AdminContext } from './context.js';

/**
 * The console's services for a command: the same ones the server runs, their changes audited as
 * the admin CLI. The CLI runs no answer streams and no embedding model: ending a user's sessions
 * revokes their tokens (a running server refuses them at the next call), and FAQ entries are
 * found by their words until the server embeds them.
 */
export function cliAdminServices(context: Pick<AdminContext, 'db' | 'config' | 'out'>) {
  // the service only logs a notice it could not write; the operator sees that on the console
  const log = { warn: (_details: unknown, message: string) => context.out(`warning: ${message}`) } as unknown as FastifyBaseLogger;
  const notices = createNotificationService({
    forUser: (userId) => notificationRepo(context.db, userId),
    writer: notificationWriter(context.db),
    usage: usageRepo(context.db),
    usageThresholds: context.config.USAGE_NOTIFY_TOKENS,
    log,
  });
  return createAdminServices(context.db, {
    config: context.config,
    endAllSessions: async (userId) => {
      await tokenRepo(context.db).revokeAllForUser(userId);
    },
    notices,
    embedChunks: () => Promise.resolve(),
    officialSeed: officialAssistantSeed,
    // a running server reads saved site settings again within siteConfigMaxAgeMs
    siteSettingsChanged: () => {},
  });
}
