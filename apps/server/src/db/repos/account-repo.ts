import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  appShares,
  apps,
  authTokens,
  chats,
  conversationShares,
  images,
  knowledgeChunks,
  knowledgeFiles,
  unansweredQuestions,
  usageLedger,
  users,
  visitors,
} from '../schema/index.js';
import type { Phone } from './sms-repo.js';
import type { User } from './user-repo.js';

/** Postgres' unique_violation, from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = found?.code === '23505' ? found : found?.cause?.code === '23505' ? found.cause : null;
  return !!pgError && (constraint === undefined || pgError.constraint === constraint);
}

const live = isNull(users.deletedAt);

/** Accounts: lookup by phone, profile changes, visitor merge and deletion. */
export function accountRepo(db: Database) {
  return {
    async findByPhone(phone: Phone): Promise<User | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.areaCode, phone.areaCode), eq(users.mobile, phone.phone), live))
        .limit(1);
      return row ?? null;
    },

    async findById(id: string): Promise<User | null> {
      const [row] = await db.select().from(users).where(and(eq(users.id, id), live)).limit(1);
      return row ?? null;
    },

    /** The account for a phone, created when new; `created` says which. */
    async findOrCreateByPhone(phone: Phone, username: () => string): Promise<{ user: User; created: boolean }> {
      for (let tries = 0; tries < 5; tries += 1) {
        const existing = await this.findByPhone(phone);
        if (existing) return { user: existing, created: false };
        try {
          const [user] = await db
            .insert(users)
            .values({ username: username(), areaCode: phone.areaCode, mobile: phone.phone })
            .returning();
          if (user) return { user, created: true };
        } catch (error) {
          // a concurrent sign-up took the phone, or the generated name clashed: look again
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error('could not create an account for this phone');
    },

    async update(id: string, values: Partial<Pick<User, 'username' | 'headUrl' | 'passwordHash' | 'areaCode' | 'mobile'>>) {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row ?? null;
    },

    /** Is this image an avatar the user uploaded? */
    async ownsAvatar(userId: string, imageId: string): Promise<boolean> {
      const rows = await db
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.id, imageId), eq(images.ownerId, userId), eq(images.purpose, 'user_avatar')))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Moves everything the visitor owns (chats with their messages and feedback, shares, usage)
     * to the user, in one transaction. Answers how many chats moved.
     */
    async mergeVisitor(visitorId: string, userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(chats)
          .set({ userId, visitorId: null, updatedAt: sql`${chats.updatedAt}` })
          .where(eq(chats.visitorId, visitorId))
          .returning({ id: chats.id });
        await tx.update(conversationShares).set({ userId, visitorId: null }).where(eq(conversationShares.visitorId, visitorId));
        await tx.execute(sql`
          insert into usage_ledger (user_id, day, model, prompt_tokens, completion_tokens, messages)
          select ${userId}, day, model, prompt_tokens, completion_tokens, messages
          from usage_ledger where visitor_id = ${visitorId}
          on conflict (user_id, visitor_id, day, model) do update set
            prompt_tokens = usage_ledger.prompt_tokens + excluded.prompt_tokens,
            completion_tokens = usage_ledger.completion_tokens + excluded.completion_tokens,
            messages = usage_ledger.messages + excluded.messages,
            updated_at = now()`);
        await tx.delete(usageLedger).where(eq(usageLedger.visitorId, visitorId));
        await tx.update(visitors).set({ mergedIntoUserId: userId }).where(eq(visitors.id, visitorId));
        return moved.length;
      });
    },

    /**
     * Deletes the account and everything it owns, in one transaction. Its agents stay as deleted,
     * ownerless rows (others' chats with them remain readable) with their prompt, knowledge and
     * share links gone; its chats, shares, notifications, settings, prompts, images, usage and
     * tokens go with the user row (foreign keys cascade). Thumbs it gave leave the agents' counts.
     */
    async deleteAccount(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          update apps set
            good_count = greatest(apps.good_count - given.good, 0),
            bad_count = greatest(apps.bad_count - given.bad, 0)
          from (
            select c.app_id,
              count(*) filter (where i.user_good_feedback)::int as good,
              count(*) filter (where i.user_bad_feedback)::int as bad
            from chat_items i join chats c on c.id = i.chat_id
            where c.user_id = ${userId}
            group by c.app_id
          ) given
          where apps.id = given.app_id`);
        const owned = await tx.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, userId));
        const appIds = owned.map((app) => app.id);
        if (appIds.length > 0) {
          await tx.delete(knowledgeChunks).where(inArray(knowledgeChunks.appId, appIds));
          await tx.delete(knowledgeFiles).where(inArray(knowledgeFiles.appId, appIds));
          await tx.delete(unansweredQuestions).where(inArray(unansweredQuestions.appId, appIds));
          await tx.delete(appShares).where(inArray(appShares.appId, appIds));
          await tx
            .update(apps)
            .set({
              ownerId: null,
              deletedAt: sql`coalesce(${apps.deletedAt}, now())`,
              visibility: 'private',
              systemPrompt: '',
              avatarUrl: null,
              openingMessage: '',
              suggestedQuestions: [],
            })
            .where(inArray(apps.id, appIds));
        }
        await tx.delete(authTokens).where(eq(authTokens.userId, userId));
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}

export type AccountRepo = ReturnType<typeof accountRepo>;
