import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { SmsPurpose } from '@parley/contracts';
import type { Database } from '../client.js';
import { smsCodes, smsNonces } from '../schema/index.js';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
export interface Phone {
  areaCode: string;
  phone: string;
}

const samePhone = (target: Phone) => and(eq(smsCodes.areaCode, target.areaCode), eq(smsCodes.phone, target.phone));

/** SMS codes (hashed), their one-time grants, and the nonces of signed requests. */
export function smsRepo(db: Database) {
  return {
    /** Records a nonce; false when it was seen before. Nonces older than `purgeBefore` are forgotten. */
    async claimNonce(nonce: string, purgeBefore: Date): Promise<boolean> {
      await db.delete(smsNonces).where(lt(smsNonces.seenAt, purgeBefore));
      const rows = await db.insert(smsNonces).values({ nonce }).onConflictDoNothing().returning({ nonce: smsNonces.nonce });
      return rows.length === 1;
    },

    async lastSentAt(target: Phone, purpose: SmsPurpose): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(samePhone(target), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    async countForPhoneSince(target: Phone, since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(smsCodes).where(and(samePhone(target), gte(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async countForIpSince(ip: string, since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(smsCodes).where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    /** A new code; earlier live codes for the same phone and purpose stop working. */
    async insert(values: Phone & { purpose: SmsPurpose; codeHash: string; ip: string; expiresAt: Date }): Promise<SmsCodeRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(smsCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(samePhone(values), eq(smsCodes.purpose, values.purpose), isNull(smsCodes.consumedAt)));
        const [row] = await tx.insert(smsCodes).values(values).returning();
        if (!row) throw new Error('sms code insert returned no row');
        return row;
      });
    },

    async remove(id: string): Promise<void> {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },

    /** The newest code for the phone and purpose that is neither used nor burned. */
    async findLive(target: Phone, purpose: SmsPurpose): Promise<SmsCodeRow | null> {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(and(samePhone(target), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Counts a wrong try; at `maxAttempts` the code is burned. Answers the tries used. */
    async addWrongAttempt(id: string, maxAttempts: number): Promise<number> {
      const [row] = await db
        .update(smsCodes)
        .set({
          attempts: sql`${smsCodes.attempts} + 1`,
          consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${maxAttempts} then now() else ${smsCodes.consumedAt} end`,
        })
        .where(eq(smsCodes.id, id))
        .returning({ attempts: smsCodes.attempts });
      return row?.attempts ?? maxAttempts;
    },

    /** Marks the code used; false when someone else used it first. */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    async setGrant(id: string, grantHash: string, grantExpiresAt: Date): Promise<void> {
      await db.update(smsCodes).set({ grantHash, grantExpiresAt }).where(eq(smsCodes.id, id));
    },

    /**
     * Uses a grant once, with the phone it was issued for: true when it was live for that phone.
     * A grant shown with another phone stays as it was.
     */
    async redeemGrant(grantHash: string, purpose: SmsPurpose, target: Phone, now: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ grantUsedAt: sql`now()` })
        .where(and(liveGrant(grantHash, purpose, now), eq(smsCodes.areaCode, target.areaCode), eq(smsCodes.phone, target.phone)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    /** Whether a grant is live (unused, unexpired), for whichever phone. */
    async grantIsLive(grantHash: string, purpose: SmsPurpose, now: Date): Promise<boolean> {
      const rows = await db.select({ id: smsCodes.id }).from(smsCodes).where(liveGrant(grantHash, purpose, now)).limit(1);
      return rows.length === 1;
    },
  };
}

export type SmsRepo = ReturnType<typeof smsRepo>;

function liveGrant(grantHash: string, purpose: SmsPurpose, now: Date) {
  return and(eq(smsCodes.grantHash, grantHash), eq(smsCodes.purpose, purpose), isNull(smsCodes.grantUsedAt), gt(smsCodes.grantExpiresAt, now));
}
