import { and, desc, eq, getTableColumns, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import { apps, chats, usageLedger, users, visitors } from '../schema/index.js';
import type { TimeIdCursor } from './time-id-cursor.js';
import { containsPattern } from './like-pattern.js';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;


/** A search by name (in part) or, when it is a phone number's digits, by phone (in part, with or without the area code). */
function searchCondition(q: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ilike(users.username, containsPattern(q))];
  const digits = q.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    conditions.push(sql`${users.mobile} like ${`%${digits}%`}`, sql`${users.areaCode} || ${users.mobile} like ${`%${digits}%`}`);
  }
  return or(...conditions);
}

/** The latest sign-in or question of the account in the row. */
const lastSeenAt = sql<Date | null>`greatest(
  (select max(t.created_at) from auth_tokens t where t.user_id = "users"."id"),
  (select max(l.updated_at) from usage_ledger l where l.user_id = "users"."id")
)`.mapWith((value: string | null) => (value === null ? null : new Date(value)));

export type UserListRow = User & { lastSeenAt: Date | null; cursorAt: string };

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

    /** Disables the account (it can no longer sign in), or enables it again. */
    async setDisabled(userId: string, disabled: boolean): Promise<User | null> {
      const [row] = await db
        .update(users)
        .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), live))
        .returning();
      return row ?? null;
    },

    /** Live accounts, newest first, searched by name or phone, older than `before`. */
    async page(filter: { q?: string }, options: { before?: TimeIdCursor; limit: number }): Promise<UserListRow[]> {
      const conditions: (SQL | undefined)[] = [live, filter.q ? searchCondition(filter.q) : undefined];
      if (options.before) {
        const { createdAt, id } = options.before;
        conditions.push(sql`(${users.createdAt}, ${users.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
      }
      return db
        .select({ ...getTableColumns(users), lastSeenAt, cursorAt: sql<string>`${users.createdAt}::text` })
        .from(users)
        .where(and(...conditions))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(options.limit);
    },

    /** A live account with when it was last seen. */
    async findWithLastSeen(userId: string): Promise<(User & { lastSeenAt: Date | null }) | null> {
      const [row] = await db
        .select({ ...getTableColumns(users), lastSeenAt })
        .from(users)
        .where(and(eq(users.id, userId), live));
      return row ?? null;
    },

    /** What the account did: chats it has, questions ever asked, live agents, tokens in `month` (YYYY-MM, UTC). */
    async activity(userId: string, month: string): Promise<{ chats: number; questions: number; agents: number; tokensThisMonth: number }> {
      const [row] = await db.select({
        chats: sql<number>`(select count(*)::int from ${chats} where ${chats.userId} = ${userId} and ${chats.deletedAt} is null)`,
        questions: sql<number>`(select coalesce(sum(${usageLedger.messages}), 0)::int from ${usageLedger} where ${usageLedger.userId} = ${userId})`,
        agents: sql<number>`(select count(*)::int from ${apps} where ${apps.ownerId} = ${userId} and ${apps.deletedAt} is null and not ${apps.isOfficial})`,
        tokensThisMonth: sql<number>`(select coalesce(sum(${usageLedger.promptTokens} + ${usageLedger.completionTokens}), 0)::bigint from ${usageLedger}
          where ${usageLedger.userId} = ${userId} and to_char(${usageLedger.day}, 'YYYY-MM') = ${month})`.mapWith(Number),
      }).from(users).where(eq(users.id, userId));
      return row ?? { chats: 0, questions: 0, agents: 0, tokensThisMonth: 0 };
    },

    /** Accounts (live), of them disabled and operators, and visitors who never signed in (all, and seen in the last 30 days). */
    async counts(): Promise<{ accounts: number; disabled: number; operators: number; visitors: number; visitorsLast30Days: number }> {
      const [accounts] = await db
        .select({
          accounts: sql<number>`count(*)::int`,
          disabled: sql<number>`(count(*) filter (where ${isNotNull(users.disabledAt)}))::int`,
          operators: sql<number>`(count(*) filter (where ${users.isOperator}))::int`,
        })
        .from(users)
        .where(live);
      const [seen] = await db
        .select({
          visitors: sql<number>`count(*)::int`,
          visitorsLast30Days: sql<number>`(count(*) filter (where ${visitors.lastSeenAt} > now() - interval '30 days'))::int`,
        })
        .from(visitors)
        .where(isNull(visitors.mergedIntoUserId));
      return { accounts: 0, disabled: 0, operators: 0, ...accounts, visitors: seen?.visitors ?? 0, visitorsLast30Days: seen?.visitorsLast30Days ?? 0 };
    },
  };
}

export type UserRepo = ReturnType<typeof userRepo>;
