import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function userRepo(db: Database) {
  const live = isNull(users.deletedAt);
  const enabled = isNull(users.disabledAt);
  /** The operator's id and name when the account is live, enabled and an operator; else null. */
  async function operatorOf(userId: string): Promise<{ userId: string; username: string } | null> {
    const [row] = await db
      .select({ userId: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.id, userId), live, enabled, eq(users.isOperator, true)));
    return row ?? null;
  }
  return {
    async create(values: NewUser): Promise<User> {
      const [user] = await db.insert(users).values(values).returning();
      if (!user) throw new Error('user insert returned no row');
      return user;
    },

    /** A live account with the operator flag (hides agents, keeps the keyword list). */
    async isOperator(userId: string): Promise<boolean> {
      return (await operatorOf(userId)) !== null;
    },

    operatorOf,

    /** An account that is not deleted (it may be disabled). */
    async findLive(userId: string): Promise<User | null> {
      const [row] = await db.select().from(users).where(and(eq(users.id, userId), live));
      return row ?? null;
    },

    /** An account that is not deleted, by its phone number (any area code) or its name, ignoring case. */
    async findByPhoneOrName(text: string): Promise<User | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(live, sql`(${users.mobile} = ${text} or ${users.areaCode} || ${users.mobile} = ${text.replace(/^\+/, '')} or lower(${users.username}) = lower(${text}))`))
        .limit(1);
      return row ?? null;
    },

    async setOperator(userId: string, on: boolean): Promise<void> {
      await db.update(users).set({ isOperator: on, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },
  };
}

export type UserRepo = ReturnType<typeof userRepo>;
