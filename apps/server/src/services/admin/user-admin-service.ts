import {
  maskPhone,
  type AdminUser,
  type AdminUserCounts,
  type AdminUserDetail,
  type AdminUsersPage,
  type ListAdminUsersQuery,
  type OperatorData,
} from '@parley/contracts';
import type { AccountRepo } from '../../db/repos/account-repo.js';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { User, UserRepo } from '../../db/repos/user-repo.js';
import { AppError } from '../../platform/app-error.js';
import { decodeCursor, encodeCursor } from '../paging/time-id-cursor.js';
import { recordChange, type Operator } from './audit-service.js';

/** The repos of one transaction: a change and its audit record land together. */
export interface UserAdminRepos {
  users: Pick<UserRepo, 'findLive' | 'setOperator' | 'setDisabled'>;
  accounts: Pick<AccountRepo, 'deleteAccount'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface UserAdminDeps {
  users: Pick<UserRepo, 'operatorOf' | 'findLive' | 'page' | 'findWithLastSeen' | 'activity' | 'counts'>;
  inTransaction: <T>(work: (repos: UserAdminRepos) => Promise<T>) => Promise<T>;
  /** Ends every session of the user and the answers streaming under them (the auth service's). */
  endAllSessions: (userId: string) => Promise<void>;
  now?: () => Date;
}

type ListInput = Omit<ListAdminUsersQuery, 'limit'> & { limit: number };

function toAdminUser(user: User & { lastSeenAt: Date | null }): AdminUser {
  return {
    id: user.id,
    username: user.username,
    headUrl: user.headUrl,
    areaCode: user.areaCode,
    mobileMasked: maskPhone(user.mobile ?? ''),
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    operator: user.isOperator,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'This account does not exist or has been deleted.');
const notYourself = (what: string) => new AppError('CONFLICT', `You cannot ${what} your own account; another operator can, or the admin CLI.`);

/**
 * Accounts as operators see them: searched, with their activity; disabled and enabled, made
 * operators and not, deleted. Each change is written to the audit log in its transaction.
 */
export function createUserAdminService(deps: UserAdminDeps) {
  const now = deps.now ?? (() => new Date());

  function refuseSelf(operator: Operator, userId: string, what: string) {
    if (operator !== 'cli' && operator.userId === userId) throw notYourself(what);
  }

  async function setOperator(operator: Operator, userId: string, on: boolean): Promise<OperatorData> {
    if (!on) refuseSelf(operator, userId, 'stop being an operator on');
    return deps.inTransaction(async ({ users, audit }) => {
      const user = await users.findLive(userId);
      if (!user) throw notFound();
      if (user.isOperator !== on) {
        await users.setOperator(userId, on);
        await recordChange(audit, operator, {
          action: on ? 'operator.grant' : 'operator.revoke',
          target: { type: 'user', id: userId, label: user.username },
          before: { operator: user.isOperator },
          after: { operator: on },
        });
      }
      return { id: user.id, username: user.username };
    });
  }

  async function setDisabled(operator: Operator, userId: string, disabled: boolean): Promise<AdminUserDetail> {
    if (disabled) refuseSelf(operator, userId, 'disable');
    await deps.inTransaction(async ({ users, audit }) => {
      const user = await users.findLive(userId);
      if (!user) throw notFound();
      if ((user.disabledAt !== null) === disabled) return;
      await users.setDisabled(userId, disabled);
      await recordChange(audit, operator, {
        action: disabled ? 'user.disable' : 'user.enable',
        target: { type: 'user', id: userId, label: user.username },
        before: { disabled: !disabled },
        after: { disabled },
      });
    });
    // after the commit: a request racing the revocation finds the account disabled either way
    if (disabled) await deps.endAllSessions(userId);
    return detail(userId);
  }

  async function detail(userId: string): Promise<AdminUserDetail> {
    const user = await deps.users.findWithLastSeen(userId);
    if (!user) throw notFound();
    const month = now().toISOString().slice(0, 7);
    return { ...toAdminUser(user), ...(await deps.users.activity(userId, month)), month };
  }

  return {
    /** The signed-in operator, or null for anyone else (whom the console answers 404). */
    async operatorOf(userId: string): Promise<Operator | null> {
      return deps.users.operatorOf(userId);
    },

    grantOperator: (operator: Operator, userId: string) => setOperator(operator, userId, true),
    revokeOperator: (operator: Operator, userId: string) => setOperator(operator, userId, false),

    async list(query: ListInput): Promise<AdminUsersPage> {
      const before = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await deps.users.page({ q: query.q || undefined }, { before, limit: query.limit + 1 });
      const list = rows.slice(0, query.limit);
      const last = list.at(-1);
      return { list: list.map(toAdminUser), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    counts: (): Promise<AdminUserCounts> => deps.users.counts(),

    detail,

    /** The account can no longer sign in, and its sessions (and answers streaming under them) end now. */
    disable: (operator: Operator, userId: string) => setDisabled(operator, userId, true),
    enable: (operator: Operator, userId: string) => setDisabled(operator, userId, false),

    /**
     * Deletes the account as its owner could (account-service's deleteAccount, without the SMS
     * code: the operator types the username instead). Its sessions end first.
     */
    async remove(operator: Operator, userId: string, confirmText: string): Promise<void> {
      refuseSelf(operator, userId, 'delete');
      const user = await deps.users.findLive(userId);
      if (!user) throw notFound();
      if (confirmText !== user.username) {
        throw new AppError('VALIDATION', 'confirmText: Type the username exactly to confirm', [
          { path: 'confirmText', message: 'Type the username exactly to confirm' },
        ]);
      }
      await deps.endAllSessions(userId);
      await deps.inTransaction(async ({ accounts, audit }) => {
        await recordChange(audit, operator, {
          action: 'user.delete',
          target: { type: 'user', id: userId, label: user.username },
          before: { username: user.username, mobile: maskPhone(user.mobile ?? ''), createdAt: user.createdAt.toISOString(), operator: user.isOperator },
          after: null,
        });
        await accounts.deleteAccount(userId);
      });
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
