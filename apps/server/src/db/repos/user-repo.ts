import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function userRepo(db: Database) {
  return {
    async create(values: NewUser): Promise<User> {
      const [user] = await db.insert(users).values(values).returning();
      if (!user) throw new Error('user insert returned no row');
      return user;
    },

    /** A live account with the operator flag (hides agents, keeps the keyword list). */
    async isOperator(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ isOperator: users.isOperator })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.disabledAt)));
      return row?.isOperator ?? false;
    },
  };
}

export type UserRepo = ReturnType<typeof userRepo>;
