import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { batchedReads } from '../batched-reads.js';
import { preparedOnce } from '../prepared.js';
import { authTokens, users, visitors } from '../schema/index.js';

export type AuthToken = typeof authTokens.$inferSelect;

export type NewToken =
  | { kind: 'user'; userId: string; tokenHash: string; expiresAt: Date }
  | { kind: 'visitor'; visitorId: string; tokenHash: string; expiresAt: Date };

/** Only hashes cross this boundary; plain tokens never reach the database. */
export function tokenRepo(db: Database) {
  // every request checks its caller's token: a burst of them is read in a few statements
  const userTokens = batchedReads(async (hashes: readonly string[]) => {
    const query = preparedOnce(db, 'find_user_tokens', () =>
      db
        .select({
          tokenHash: authTokens.tokenHash,
          expiresAt: authTokens.expiresAt,
          revokedAt: authTokens.revokedAt,
          user: { id: users.id, username: users.username, disabledAt: users.disabledAt, deletedAt: users.deletedAt },
        })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(sql`${authTokens.tokenHash} = any(${sql.placeholder('hashes')})`, eq(authTokens.kind, 'user')))
        .prepare('find_user_tokens'),
    );
    const rows = await query.execute({ hashes });
    return new Map(rows.map(({ tokenHash, ...found }) => [tokenHash, found]));
  });
  const visitorTokens = batchedReads(async (hashes: readonly string[]) => {
    const query = preparedOnce(db, 'find_visitor_tokens', () =>
      db
        .select({
          tokenHash: authTokens.tokenHash,
          expiresAt: authTokens.expiresAt,
          revokedAt: authTokens.revokedAt,
          visitor: { id: visitors.id, deviceNumber: visitors.deviceNumber },
        })
        .from(authTokens)
        .innerJoin(visitors, eq(visitors.id, authTokens.visitorId))
        .where(and(sql`${authTokens.tokenHash} = any(${sql.placeholder('hashes')})`, eq(authTokens.kind, 'visitor')))
        .prepare('find_visitor_tokens'),
    );
    const rows = await query.execute({ hashes });
    return new Map(rows.map(({ tokenHash, ...found }) => [tokenHash, found]));
  });

  return {
    async insert(token: NewToken): Promise<AuthToken> {
      const [row] = await db.insert(authTokens).values(token).returning();
      if (!row) throw new Error('token insert returned no row');
      return row;
    },

    /** A user token with its owner, whatever its state; the caller decides what expired means. */
    findUserToken: (tokenHash: string) => userTokens(tokenHash),

    /** A visitor token with its visitor, whatever its state. */
    findVisitorToken: (tokenHash: string) => visitorTokens(tokenHash),

    async revoke(tokenHash: string): Promise<void> {
      await db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
    },

    /** Ends every live token of a user at once; answers the hashes it ended. */
    async revokeAllForUser(userId: string): Promise<string[]> {
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
        .returning({ tokenHash: authTokens.tokenHash });
      return rows.map((row) => row.tokenHash);
    },
  };
}

export type TokenRepo = ReturnType<typeof tokenRepo>;
