import {
  auditActions,
  auditTargetTypes,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditTargetType,
  type ListAuditQuery,
} from '@parley/contracts';
import type { AuditRepo, AuditRow } from '../../db/repos/audit-repo.js';
import { decodeCursor, encodeCursor } from '../paging/time-id-cursor.js';

/** Who made a change: a signed-in operator, or someone at the server with the admin CLI. */
export type Operator = { userId: string; username: string } | 'cli';

export const cliActorName = 'admin CLI';

export interface AuditChange {
  action: AuditAction;
  target: { type: AuditTargetType; id?: string | null; label?: string | null };
  /** The fields the change touched, as they were and as they are; omitted when there was nothing. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function toEntry(row: AuditRow): AuditEntry {
  if (!isOneOf(auditActions, row.action) || !isOneOf(auditTargetTypes, row.targetType)) throw new Error(`audit row ${row.id} has an unknown action or target`);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
  };
}

/**
 * Writes a change to the audit log through `repo`: the repo of the transaction that makes the
 * change, so the change and its record land together or not at all.
 */
export async function recordChange(repo: Pick<AuditRepo, 'insert'>, operator: Operator, change: AuditChange): Promise<void> {
  await repo.insert({
    actorId: operator === 'cli' ? null : operator.userId,
    actorName: operator === 'cli' ? cliActorName : operator.username,
    action: change.action,
    targetType: change.target.type,
    targetId: change.target.id ?? null,
    targetLabel: change.target.label ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** The console's audit log page. */
export function createAuditService({ audit }: { audit: Pick<AuditRepo, 'page'> }) {
  return {
    async list(query: ListAuditQuery & { limit: number }): Promise<AuditPage> {
      const before = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await audit.page(query, { before, limit: query.limit + 1 });
      const list = rows.slice(0, query.limit);
      const last = list.at(-1);
      return { list: list.map(toEntry), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
