import { and, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TimeIdCursor } from './time-id-cursor.js';
import type { Database } from '../client.js';
import { auditLog } from '../schema/index.js';
import { containsPattern } from './like-pattern.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  action?: string;
  targetType?: string;
  actorId?: string;
  /** In part, ignoring case: the target's id or name, or the operator's name. */
  q?: string;
}


/** The audit log: written with the change it records (pass the change's transaction), read newest first. */
export function auditRepo(db: Database) {
  return {
    async insert(values: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(values);
    },

    async page(filter: AuditFilter, options: { before?: TimeIdCursor; limit: number }): Promise<(AuditRow & { cursorAt: string })[]> {
      const conditions: SQL[] = [];
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
      if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.q) {
        const pattern = containsPattern(filter.q);
        const matches = or(ilike(auditLog.targetLabel, pattern), ilike(auditLog.targetId, pattern), ilike(auditLog.actorName, pattern));
        if (matches) conditions.push(matches);
      }
      if (options.before) {
        const { createdAt, id } = options.before;
        conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
      }
      return db
        .select({ ...getTableColumns(auditLog), cursorAt: sql<string>`${auditLog.createdAt}::text` })
        .from(auditLog)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(options.limit);
    },
  };
}

export type AuditRepo = ReturnType<typeof auditRepo>;
