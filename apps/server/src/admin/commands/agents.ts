import type { FastifyBaseLogger } from 'fastify';
import { agentRepo } from '../../db/repos/agent-repo.js';
import { notificationRepo, notificationWriter } from '../../db/repos/notification-repo.js';
import { usageRepo } from '../../db/repos/usage-repo.js';
import { userRepo } from '../../db/repos/user-repo.js';
import { createNotificationService } from '../../services/notifications/notification-service.js';
import { AdminError, requireArg, textFlag, type AdminContext, type Command } from '../context.js';

function notices(context: AdminContext) {
  // the service only logs a notice it could not write; the operator sees that on the console
  const log = { warn: (details: unknown, message: string) => context.out(`warning: ${message}`) } as unknown as FastifyBaseLogger;
  return createNotificationService({
    forUser: (userId) => notificationRepo(context.db, userId),
    writer: notificationWriter(context.db),
    usage: usageRepo(context.db),
    usageThresholds: context.config.USAGE_NOTIFY_TOKENS,
    isOperator: (userId) => userRepo(context.db).isOperator(userId),
    log,
  });
}

function setHidden(hidden: boolean): Command {
  return async (context, args, flags) => {
    const id = requireArg(args, 0, 'the agent id');
    const reason = hidden ? textFlag(flags, 'reason', true) : '';
    const agents = agentRepo(context.db);
    const before = /^[0-9a-f-]{36}$/i.test(id) ? await agents.findLive(id) : null;
    if (!before) throw new AdminError(`No agent has the id ${id}.`);
    const row = await agents.setHidden(id, hidden, reason);
    if (!row) throw new AdminError(`No agent has the id ${id}.`);
    const changed = (before.row.hiddenAt !== null) !== hidden;
    if (changed && row.ownerId) {
      const about = { ownerUserId: row.ownerId, appId: row.id, appName: row.name };
      if (hidden) await notices(context).appHidden({ ...about, reason });
      else await notices(context).appPublished(about);
    }
    const state = hidden ? 'hidden from everyone but its owner' : 'shown again';
    context.out(changed ? `${row.name} is now ${state}; its owner was told.` : `${row.name} was already ${state}.`);
  };
}

export const hideAgent = setHidden(true);
export const restoreAgent = setHidden(false);
