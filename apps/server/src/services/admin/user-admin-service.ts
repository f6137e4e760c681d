import type { OperatorData } from '@parley/contracts';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { UserRepo } from '../../db/repos/user-repo.js';
import { AppError } from '../../platform/app-error.js';
import { recordChange, type Operator } from './audit-service.js';

/** The repos of one transaction: a change and its audit record land together. */
export interface UserAdminRepos {
  users: Pick<UserRepo, 'findLive' | 'setOperator'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface UserAdminDeps {
  users: Pick<UserRepo, 'operatorOf' | 'findLive'>;
  inTransaction: <T>(work: (repos: UserAdminRepos) => Promise<T>) => Promise<T>;
}

/** Accounts as operators see them: who is an operator, granted and revoked with an audit record. */
export function createUserAdminService(deps: UserAdminDeps) {
  async function setOperator(operator: Operator, userId: string, on: boolean): Promise<OperatorData> {
    if (!on && operator !== 'cli' && operator.userId === userId) {
      throw new AppError('CONFLICT', 'You cannot stop being an operator yourself; another operator can, or the admin CLI.');
    }
    return deps.inTransaction(async ({ users, audit }) => {
      const user = await users.findLive(userId);
      if (!user) throw new AppError('NOT_FOUND', 'This account does not exist or has been deleted.');
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

  return {
    /** The signed-in operator, or null for anyone else (whom the console answers 404). */
    async operatorOf(userId: string): Promise<Operator | null> {
      return deps.users.operatorOf(userId);
    },

    grantOperator: (operator: Operator, userId: string) => setOperator(operator, userId, true),
    revokeOperator: (operator: Operator, userId: string) => setOperator(operator, userId, false),
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
