import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../client.js';
import { batchedReads } from '../batched-reads.js';
import { preparedOnce } from '../prepared.js';
import { usageLedger } from '../schema/index.js';
import { ownedBy, type Owner } from './owner-scope.js';

export interface UsageEntry {
  model: string;
  promptTokens: number;
  completionTokens: number;
  messages: number;
}

export interface DayUsage {
  /** YYYY-MM-DD (UTC). */
  day: string;
  promptTokens: number;
  completionTokens: number;
  messages: number;
}

/** A value, or a placeholder for it in a prepared statement. */
type Value<T> = T | Placeholder;

/** The owner's columns: one of them a value (or placeholder), the other null. */
type OwnerValues = { userId: Value<string>; visitorId: null } | { userId: null; visitorId: Value<string> };

/** A usage entry whose values may be placeholders (the message count is always known). */
type UsageValues = { [Key in keyof UsageEntry]: Key extends 'messages' ? number : Value<UsageEntry[Key]> };

/** Today in UTC, by the database clock, so every instance agrees on when a day ends. */
const todayUtc = sql`(now() at time zone 'utc')::date`;

/**
 * The upsert that adds `entry` to the owner's row for today and this model. A query builder, so
 * a caller can also run it inside a larger statement (chat-repo's finishAnswer).
 */
export function recordUsage(db: Pick<Database, 'insert'>, owner: OwnerValues, entry: UsageValues) {
  return db
    .insert(usageLedger)
    .values({ ...owner, day: todayUtc, ...entry })
    .onConflictDoUpdate({
      target: [usageLedger.userId, usageLedger.visitorId, usageLedger.day, usageLedger.model],
      set: {
        promptTokens: sql`${usageLedger.promptTokens} + excluded.prompt_tokens`,
        completionTokens: sql`${usageLedger.completionTokens} + excluded.completion_tokens`,
        messages: sql`${usageLedger.messages} + excluded.messages`,
        updatedAt: sql`now()`,
      },
    });
}

/** Tokens and messages per owner, UTC day and model. */
export function usageRepo(db: Database) {
  // every question checks its asker's messages today: a burst of them is read in a few statements
  const messagesTodayBy = (byUser: boolean) => {
    const name = byUser ? 'users_messages_today' : 'visitors_messages_today';
    const ownerColumn = byUser ? usageLedger.userId : usageLedger.visitorId;
    return batchedReads(async (ownerIds: readonly string[]) => {
      const query = preparedOnce(db, name, () =>
        db
          .select({ ownerId: sql<string>`${ownerColumn}`, messages: sql<number>`coalesce(sum(${usageLedger.messages}), 0)::int` })
          .from(usageLedger)
          .where(and(sql`${ownerColumn} = any(${sql.placeholder('ownerIds')})`, eq(usageLedger.day, todayUtc)))
          .groupBy(ownerColumn)
          .prepare(name),
      );
      const rows = await query.execute({ ownerIds });
      return new Map(rows.map((row) => [row.ownerId, Number(row.messages)]));
    });
  };
  const userMessages = messagesTodayBy(true);
  const visitorMessages = messagesTodayBy(false);

  return {
    /** Adds to the owner's row for today and this model, creating it on first use. */
    async record(owner: Owner, entry: UsageEntry): Promise<void> {
      await recordUsage(db, owner, entry);
    },

    /** Messages sent today (UTC), across models: the visitor quota counts these. */
    async messagesToday(owner: Owner): Promise<number> {
      return (await (owner.userId !== null ? userMessages(owner.userId) : visitorMessages(owner.visitorId))) ?? 0;
    },

    /** Usage per day of `month` (YYYY-MM), summed over models, days without use left out. */
    async monthUsage(owner: Owner, month: string): Promise<DayUsage[]> {
      const first = `${month}-01`;
      const rows = await db
        .select({
          day: usageLedger.day,
          promptTokens: sql<number>`sum(${usageLedger.promptTokens})::bigint`,
          completionTokens: sql<number>`sum(${usageLedger.completionTokens})::bigint`,
          messages: sql<number>`sum(${usageLedger.messages})::int`,
        })
        .from(usageLedger)
        .where(
          and(
            ownedBy(usageLedger, owner),
            sql`${usageLedger.day} >= ${first}::date`,
            sql`${usageLedger.day} < (${first}::date + interval '1 month')`,
          ),
        )
        .groupBy(usageLedger.day)
        .orderBy(asc(usageLedger.day));
      return rows.map((row) => ({
        day: row.day,
        promptTokens: Number(row.promptTokens),
        completionTokens: Number(row.completionTokens),
        messages: Number(row.messages),
      }));
    },
  };
}

export type UsageRepo = ReturnType<typeof usageRepo>;
