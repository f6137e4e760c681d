import { z } from 'zod';

/**
 * The operator console (`/admin` on the web). Paths are relative to `/api`; every call answers
 * 404 ROUTE_NOT_FOUND to anyone who is not a signed-in operator, as if it did not exist. Each
 * section of the console has its own contracts file (admin-*.ts); this one holds who may use it
 * and the audit log every change is written to.
 */
export const adminPaths = {
  /** GET: the operator signed in; what the console asks first. */
  me: '/admin/me',
  /** GET: the audit log, newest first, filtered. */
  audit: '/admin/audit',
} as const;

export const operatorData = z.object({ id: z.string(), username: z.string() });
export type OperatorData = z.infer<typeof operatorData>;

/**
 * What an operator can change, each written to the audit log under this name. The console
 * names them in the reader's language (`admin` texts, `audit.actions.<name>`).
 */
export const auditActions = [
  'operator.grant',
  'operator.revoke',
  'user.disable',
  'user.enable',
  'user.delete',
  'agent.hide',
  'agent.restore',
  'agent.approve',
  'agent.decline',
  'official.update',
  'knowledge.answer',
  'unanswered.dismiss',
  'feedback.dismiss',
  'report.dismiss',
  'brokers.import',
  'ad.create',
  'ad.update',
  'ad.delete',
  'page.update',
  'sidebar.update',
  'sidebar.reset',
  'announcement.post',
  'region.update',
  'region.reset',
  'keywords.update',
  'moderation.update',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an entry is about, for filtering and for the link the console shows. */
export const auditTargetTypes = ['user', 'agent', 'chat_item', 'report', 'brokers', 'ad', 'page', 'site', 'announcement', 'keywords'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export const auditLimits = { pageSize: 50, pageSizeMax: 200, queryMax: 100 } as const;

export const auditEntry = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The operator, or null for a change made with the admin CLI (`actorName` is then "admin CLI"). */
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.enum(auditActions),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string().nullable(),
  /** The target's name when it was changed (an agent's or user's name, a page's key). */
  targetLabel: z.string().nullable(),
  /** The changed fields before and after; null where there was nothing before (a new ad) or after (a deletion). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditQuery = z.object({
  action: z.enum(auditActions, { error: 'must be one of the audit actions' }).optional(),
  targetType: z.enum(auditTargetTypes, { error: `must be one of ${auditTargetTypes.join(', ')}` }).optional(),
  actorId: z.uuid({ error: 'must be a valid id' }).optional(),
  /** Matches the target's id or name, or the operator's name, in part and ignoring case. */
  q: z.string().trim().max(auditLimits.queryMax, `Use at most ${auditLimits.queryMax} characters`).optional(),
  /** `nextCursor` of the previous page; absent for the first. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(auditLimits.pageSizeMax).default(auditLimits.pageSize),
});
export type ListAuditQuery = z.input<typeof listAuditQuery>;

export const auditPage = z.object({
  list: z.array(auditEntry),
  /** null when there is nothing older. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;
