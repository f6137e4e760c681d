import { z } from 'zod';

/**
 * The console's users page (`/admin/users`). Paths are relative to `/api`; operators only (404
 * for everyone else). `:id` is an account's id. Phone numbers reach the console masked
 * (`maskPhone`) only: an operator finds an account by its full number (the search compares it on
 * the server) and never needs to read one back.
 */
export const adminUsersPaths = {
  /** GET: accounts, newest first, searched by phone or name. */
  list: '/admin/users',
  /** GET: how many accounts and visitors there are (visitors are counted, never listed). */
  counts: '/admin/users/counts',
  /** GET: one account with its activity. */
  detail: '/admin/users/:id',
  /** POST: the account can no longer sign in; its sessions and answers streaming under them end at once. */
  disable: '/admin/users/:id/disable',
  /** POST: undoes disable (the owner signs in again). */
  enable: '/admin/users/:id/enable',
  /** POST {operator}: grants or revokes the operator role. */
  operator: '/admin/users/:id/operator',
  /** POST {confirmText}: deletes the account as its owner could, after the username is typed out. */
  remove: '/admin/users/:id/delete',
} as const;

export const adminUsersLimits = { pageSize: 30, pageSizeMax: 100, queryMax: 50 } as const;

export const adminUserParams = z.object({ id: z.uuid({ error: 'must be a valid account id' }) });

export const listAdminUsersQuery = z.object({
  /** A name (in part, ignoring case) or a phone number (its digits, in part, with or without the area code). */
  q: z.string().trim().max(adminUsersLimits.queryMax, `Use at most ${adminUsersLimits.queryMax} characters`).optional(),
  /** `nextCursor` of the previous page; absent for the first. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(adminUsersLimits.pageSizeMax).default(adminUsersLimits.pageSize),
});
export type ListAdminUsersQuery = z.input<typeof listAdminUsersQuery>;

/** An account as the list shows it. */
export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  headUrl: z.string().nullable(),
  areaCode: z.string(),
  /** `138****5678`; empty when the account has no phone. */
  mobileMasked: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The latest sign-in or question; null when neither is known. */
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  /** When an operator disabled it; null while it is enabled. */
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  operator: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({
  list: z.array(adminUser),
  /** null when there is nothing older. */
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/** One account with what it did. */
export const adminUserDetail = adminUser.extend({
  /** Chats it has now (deleted ones not counted). */
  chats: z.number().int(),
  /** Questions it ever asked (every chat, deleted or not). */
  questions: z.number().int(),
  /** Live agents it owns. */
  agents: z.number().int(),
  /** Tokens in and out this calendar month (UTC), `month` as YYYY-MM. */
  month: z.string(),
  tokensThisMonth: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminUserCounts = z.object({
  accounts: z.number().int(),
  disabled: z.number().int(),
  operators: z.number().int(),
  /** Devices that used the site without signing in, and of those the ones seen in the last 30 days. */
  visitors: z.number().int(),
  visitorsLast30Days: z.number().int(),
});
export type AdminUserCounts = z.infer<typeof adminUserCounts>;

export const setUserOperatorRequest = z.object({ operator: z.boolean({ error: 'must be true or false' }) });
export type SetUserOperatorRequest = z.input<typeof setUserOperatorRequest>;

/** The account's username typed out, as its owner types it to delete it. */
export const deleteUserRequest = z.object({
  confirmText: z.string({ error: 'must be the username' }).min(1, 'Type the username to confirm').max(100),
});
export type DeleteUserRequest = z.input<typeof deleteUserRequest>;

/** A path of this page with the account's id in it. */
export function adminUserPath(path: (typeof adminUsersPaths)[keyof typeof adminUsersPaths], id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}
