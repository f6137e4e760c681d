import type { GetVisitorTokenData } from '@parley/contracts';
import type { TokenRepo } from '../../db/repos/token-repo.js';
import type { VisitorRepo } from '../../db/repos/visitor-repo.js';
import { createOpaqueToken } from './opaque-token.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createVisitorService(deps: {
  visitors: VisitorRepo;
  tokens: TokenRepo;
  ttlDays: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Earlier tokens of the device stay valid: the same visitor may have several tabs or reinstalls. */
    async issueToken(deviceNumber: string): Promise<GetVisitorTokenData> {
      const visitor = await deps.visitors.upsertByDeviceNumber(deviceNumber);
      const { token, tokenHash } = createOpaqueToken();
      const expiresAt = new Date(now().getTime() + deps.ttlDays * DAY_MS);
      await deps.tokens.insert({ kind: 'visitor', visitorId: visitor.id, tokenHash, expiresAt });
      return { visitorToken: token, expiresAt: expiresAt.toISOString() };
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;
