import type { IdentityData } from '@parley/contracts';
import type { TokenRepo } from '../../db/repos/token-repo.js';
import { AppError } from '../../platform/app-error.js';
import { hashToken } from './opaque-token.js';

export type UserIdentity = Extract<IdentityData, { kind: 'user' }>;
export type VisitorIdentity = Extract<IdentityData, { kind: 'visitor' }>;

/** Opaque tokens are 43 base64url characters; anything far off is rejected before hashing. */
const plausibleToken = /^[A-Za-z0-9_-]{16,128}$/;

function isLive(token: { expiresAt: Date; revokedAt: Date | null }, now: Date): boolean {
  return token.revokedAt === null && token.expiresAt.getTime() > now.getTime();
}

export function createIdentityService(deps: { tokens: TokenRepo; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async authenticateUser(token: string | undefined): Promise<UserIdentity> {
      if (!token) throw new AppError('UNAUTHORIZED');
      if (!plausibleToken.test(token)) throw new AppError('TOKEN_EXPIRED');
      const found = await deps.tokens.findUserToken(hashToken(token));
      if (!found) throw new AppError('TOKEN_EXPIRED');
      // before liveness: disabling an account ends its sessions, and their holders should hear why
      if (found.user.disabledAt || found.user.deletedAt) throw new AppError('ACCOUNT_DISABLED');
      if (!isLive(found, now())) throw new AppError('TOKEN_EXPIRED');
      return { kind: 'user', userId: found.user.id, username: found.user.username };
    },

    /** Every failure is the same -2: the client answers it by fetching a fresh visitor token. */
    async authenticateVisitor(token: string | undefined, deviceId: string | undefined): Promise<VisitorIdentity> {
      if (!token || !deviceId || !plausibleToken.test(token)) throw new AppError('VISITOR_TOKEN_INVALID');
      const found = await deps.tokens.findVisitorToken(hashToken(token));
      if (!found || !isLive(found, now()) || found.visitor.deviceNumber !== deviceId) {
        throw new AppError('VISITOR_TOKEN_INVALID');
      }
      return { kind: 'visitor', visitorId: found.visitor.id };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
