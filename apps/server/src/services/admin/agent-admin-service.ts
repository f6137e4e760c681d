import type { AdminAgent, AdminAgentDetail, AdminAgentsPage, ListAdminAgentsQuery } from '@parley/contracts';
import type { AgentAdminRepo, AgentAdminRow } from '../../db/repos/agent-admin-repo.js';
import type { AgentRepo } from '../../db/repos/agent-repo.js';
import type { AppRow } from '../../db/repos/app-repo.js';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import { AppError } from '../../platform/app-error.js';
import type { NotificationService } from '../notifications/notification-service.js';
import { figuresOf } from '../agents/agent-service.js';
import { decodeCursor, encodeCursor } from '../paging/time-id-cursor.js';
import { recordChange, type Operator } from './audit-service.js';

/** The repos of one transaction: a change and its audit record land together. */
export interface AgentAdminRepos {
  agents: Pick<AgentAdminRepo, 'find' | 'approve' | 'decline'>;
  moderation: Pick<AgentRepo, 'setHidden'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface AgentAdminDeps {
  agents: Pick<AgentAdminRepo, 'page' | 'find' | 'heldCount'>;
  inTransaction: <T>(work: (repos: AgentAdminRepos) => Promise<T>) => Promise<T>;
  /** What reaches the owner's messages page; never fails the change (the service logs what it could not write). */
  notices: Pick<NotificationService, 'appHidden' | 'appRestored' | 'appPublished' | 'appReviewDeclined'>;
}

type ListInput = Omit<ListAdminAgentsQuery, 'limit' | 'hidden' | 'held'> & { limit: number; hidden?: boolean; held?: boolean };

function toAdminAgent({ row, ownerName }: AgentAdminRow): AdminAgent {
  return {
    id: row.id,
    name: row.name,
    intro: row.intro,
    avatarUrl: row.avatarUrl,
    ownerId: row.ownerId,
    ownerName,
    visibility: row.visibility,
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason,
    reviewRequestedAt: row.reviewRequestedAt?.toISOString() ?? null,
    figures: figuresOf(row),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function toDetail(found: AgentAdminRow): AdminAgentDetail {
  const { row } = found;
  return {
    ...toAdminAgent(found),
    systemPrompt: row.systemPrompt,
    openingMessage: row.openingMessage,
    suggestedQuestions: row.suggestedQuestions,
    reviewProblems: row.reviewProblems ?? [],
  };
}

const notFound = () => new AppError('NOT_FOUND', 'This agent does not exist or was deleted.');

/**
 * Agents as operators manage them: every owner's, hidden and restored with a reason the owner
 * reads, and the review queue of agents the content check held. Each change is audited; the
 * owner hears of it once it is saved.
 */
export function createAgentAdminService(deps: AgentAdminDeps) {
  /** Runs `change` on the agent in one transaction, then tells its owner with `notice`. */
  async function moderate(
    id: string,
    change: (found: AgentAdminRow, repos: AgentAdminRepos) => Promise<AppRow>,
    notice: (about: { ownerUserId: string; appId: string; appName: string }) => Promise<void>,
  ): Promise<AdminAgentDetail> {
    const { updated, ownerName } = await deps.inTransaction(async (repos) => {
      const found = await repos.agents.find(id);
      if (!found) throw notFound();
      return { updated: await change(found, repos), ownerName: found.ownerName };
    });
    if (updated.ownerId) await notice({ ownerUserId: updated.ownerId, appId: updated.id, appName: updated.name });
    return toDetail({ row: updated, ownerName });
  }

  const target = (row: AppRow) => ({ type: 'agent' as const, id: row.id, label: row.name });

  return {
    async list(query: ListInput): Promise<AdminAgentsPage> {
      const before = query.cursor ? decodeCursor(query.cursor) : undefined;
      const [rows, held] = await Promise.all([deps.agents.page(query, { before, limit: query.limit + 1 }), deps.agents.heldCount()]);
      const list = rows.slice(0, query.limit);
      const last = list.at(-1);
      return {
        list: list.map(toAdminAgent),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ cursorAt: last.cursorAt, id: last.row.id }) : null,
        held,
      };
    },

    async detail(id: string): Promise<AdminAgentDetail> {
      const found = await deps.agents.find(id);
      if (!found) throw notFound();
      return toDetail(found);
    },

    /** Hides the agent from everyone but its owner, who reads `reason`. */
    hide: (operator: Operator, id: string, reason: string) =>
      moderate(
        id,
        async ({ row }, { moderation, audit }) => {
          if (row.hiddenAt !== null) throw new AppError('CONFLICT', 'This agent is hidden already.');
          const updated = await moderation.setHidden(id, true, reason);
          if (!updated) throw notFound();
          await recordChange(audit, operator, { action: 'agent.hide', target: target(row), before: { hidden: false }, after: { hidden: true, reason } });
          return updated;
        },
        (about) => deps.notices.appHidden({ ...about, reason }),
      ),

    /** Shows a hidden agent again; its owner reads `reason` when one is given. */
    restore: (operator: Operator, id: string, reason: string) =>
      moderate(
        id,
        async ({ row }, { moderation, audit }) => {
          if (row.hiddenAt === null) throw new AppError('CONFLICT', 'This agent is not hidden.');
          const updated = await moderation.setHidden(id, false, '');
          if (!updated) throw notFound();
          await recordChange(audit, operator, {
            action: 'agent.restore',
            target: target(row),
            before: { hidden: true, reason: row.hiddenReason ?? '' },
            after: { hidden: false, reason },
          });
          return updated;
        },
        (about) => deps.notices.appRestored({ ...about, reason }),
      ),

    /** Publishes a held agent as its owner saved it. */
    approve: (operator: Operator, id: string) =>
      moderate(
        id,
        async ({ row }, { agents, audit }) => {
          const updated = await agents.approve(id);
          if (!updated) throw new AppError('CONFLICT', 'This agent is not waiting for a review.');
          await recordChange(audit, operator, {
            action: 'agent.approve',
            target: target(row),
            before: { visibility: row.visibility, review: 'requested' },
            after: { visibility: updated.visibility, review: 'approved' },
          });
          return updated;
        },
        (about) => deps.notices.appPublished(about),
      ),

    /** Keeps a held agent from public; its owner reads `reason`. */
    decline: (operator: Operator, id: string, reason: string) =>
      moderate(
        id,
        async ({ row }, { agents, audit }) => {
          const updated = await agents.decline(id);
          if (!updated) throw new AppError('CONFLICT', 'This agent is not waiting for a review.');
          await recordChange(audit, operator, {
            action: 'agent.decline',
            target: target(row),
            before: { review: 'requested' },
            after: { review: 'declined', reason },
          });
          return updated;
        },
        (about) => deps.notices.appReviewDeclined({ ...about, reason }),
      ),
  };
}

export type AgentAdminService = ReturnType<typeof createAgentAdminService>;
