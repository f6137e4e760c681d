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
  };
}

export type UserRepo = ReturnType<typeof userRepo>;
