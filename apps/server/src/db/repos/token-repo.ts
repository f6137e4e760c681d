import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { preparedOnce } from '../prepared.js';
import { authTokens, users, visitors } from '../schema/index.js';

export type AuthToken = typeof authTokens.$inferSelect;

export type NewToken =
  | { kind: 'user'; userId: string; tokenHash: string; expiresAt: Date }
  | { kind: 'visitor'; visitorId: string; tokenHash: string; expiresAt: Date };

/** Only hashes cross this boundary; plain tokens never reach the database. */
export function tokenRepo(db: Database) {
  return {
    async insert(token: NewToken): Promise<AuthToken> {
      const [row] = await db.insert(authTokens).values(token).returning();
      if (!row) throw new Error('token insert returned no row');
      return row;
    },

    /** A user token with its owner, whatever its state; the caller decides what expired means. */
    async findUserToken(tokenHash: string) {
      const query = preparedOnce(db, 'find_user_token', () =>
        db
          .select({
            expiresAt: authTokens.expiresAt,
            revokedAt: authTokens.revokedAt,
            user: {
              id: users.id,
              username: users.username,
              disabledAt: users.disabledAt,
              deletedAt: users.deletedAt,
            },
          })
          .from(authTokens)
          .innerJoin(users, eq(users.id, authTokens.userId))
          .where(and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), eq(authTokens.kind, 'user')))
          .limit(1)
          .prepare('find_user_token'),
      );
      const [row] = await query.execute({ tokenHash });
      return row;
    },

    async findVisitorToken(tokenHash: string) {
      const query = preparedOnce(db, 'find_visitor_token', () =>
        db
          .select({
            expiresAt: authTokens.expiresAt,
            revokedAt: authTokens.revokedAt,
            visitor: { id: visitors.id, deviceNumber: visitors.deviceNumber },
          })
          .from(authTokens)
          .innerJoin(visitors, eq(visitors.id, authTokens.visitorId))
          .where(and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), eq(authTokens.kind, 'visitor')))
          .limit(1)
          .prepare('find_visitor_token'),
      );
      const [row] = await query.execute({ tokenHash });
      return row;
    },

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
