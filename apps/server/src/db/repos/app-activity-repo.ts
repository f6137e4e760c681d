import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import { apps, appUserDays } from '../schema/index.js';
import type { Owner } from './owner-scope.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What recordAppQuestion needs to know of the app asked. */
export interface AskedApp {
  ownerId: string | null;
  isOfficial: boolean;
}

/** How far back "popular" looks. */
export const popularWindowDays = 30;

/**
 * The popularity of the agents `which` selects: distinct people over the last 30 days times the
 * smoothed like ratio. One person counts once however much they write, so a heavy user cannot
 * push an agent up. Runs on the (app_id, day) index.
 */
function popularityUpdate(db: Pick<Database, 'update'>, which: SQL) {
  const recentUsers = sql`(
    select count(distinct coalesce(d.user_id, d.visitor_id))
    from ${appUserDays} d
    where d.app_id = ${apps.id} and d.day > (now() at time zone 'utc')::date - ${sql.raw(String(popularWindowDays))}
  )`;
  return db
    .update(apps)
    .set({
      popularityScore: sql`${recentUsers} * (${apps.goodCount} + 1)::real / (${apps.goodCount} + ${apps.badCount} + 2)`,
      updatedAt: sql`${apps.updatedAt}`,
    })
    .where(which);
}

/** One agent's popularity again, e.g. after feedback moved its like counters (inside that transaction). */
export async function refreshPopularity(db: Pick<Database, 'update'>, appId: string): Promise<void> {
  await popularityUpdate(db, eq(apps.id, appId));
}

/**
 * Whether `owner`'s question to `app` counts for its activity (recordAppQuestion writes then).
 * The official assistant is never ranked, and counting it would make every new chat wait on one
 * row lock; the creator's own questions count for nothing either.
 */
export function countsQuestion(app: AskedApp, owner: Owner): boolean {
  return !app.isOfficial && !(owner.userId !== null && owner.userId === app.ownerId);
}

/**
 * A question was asked of `appId` by `owner` (`newChat`: it opened a chat), inside the
 * transaction that saves it. Counts the conversation, the person's first use ever and today's
 * use, then refreshes the agent's popularity when today's use was new. The creator's own
 * questions, and questions to the official assistant, count for nothing.
 */
export async function recordAppQuestion(
  tx: Transaction,
  appId: string,
  owner: Owner,
  newChat: boolean,
  /** The app's owner and kind when the caller has read them already (saves a query). */
  known?: AskedApp,
): Promise<void> {
  const [app] = known
    ? [known]
    : await tx.select({ ownerId: apps.ownerId, isOfficial: apps.isOfficial }).from(apps).where(eq(apps.id, appId));
  if (!app || !countsQuestion(app, owner)) return;
  const inserted = await tx
    .insert(appUserDays)
    .values({ appId, ...owner, day: sql`(now() at time zone 'utc')::date` })
    .onConflictDoNothing()
    .returning({ day: appUserDays.day });
  const firstToday = inserted.length > 0;
  const person = owner.userId !== null ? eq(appUserDays.userId, owner.userId) : eq(appUserDays.visitorId, owner.visitorId);
  const firstEver = firstToday && (await tx.$count(appUserDays, and(eq(appUserDays.appId, appId), person))) === 1;
  if (newChat || firstEver) {
    await tx
      .update(apps)
      .set({
        conversationCount: sql`${apps.conversationCount} + ${newChat ? 1 : 0}`,
        userCount: sql`${apps.userCount} + ${firstEver ? 1 : 0}`,
        updatedAt: sql`${apps.updatedAt}`,
      })
      .where(eq(apps.id, appId));
  }
  if (firstToday) await refreshPopularity(tx, appId);
}

/** Popularity upkeep across all agents. */
export function appActivityRepo(db: Database) {
  return {
    /**
     * Every agent with a score or recent use, so days leaving the 30-day window lower scores even
     * without new chats (run periodically). Answers how many rows were refreshed.
     */
    async refreshAllPopularity(): Promise<number> {
      const rows = await popularityUpdate(
        db,
        sql`${apps.popularityScore} > 0 or exists (select 1 from ${appUserDays} d where d.app_id = ${apps.id})`,
      ).returning({ id: apps.id });
      return rows.length;
    },
  };
}

export type AppActivityRepo = ReturnType<typeof appActivityRepo>;
