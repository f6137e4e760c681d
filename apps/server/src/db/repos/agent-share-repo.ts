import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { appShares } from '../schema/index.js';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 letters and digits from the CSPRNG: about 95 bits, not guessable. */
export function newShareNum(): string {
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** Share numbers of agents, one per agent, made on first request. */
export function agentShareRepo(db: Database) {
  return {
    async ensure(appId: string): Promise<string> {
      await db.insert(appShares).values({ appId, shareNum: newShareNum() }).onConflictDoNothing();
      const [row] = await db.select({ shareNum: appShares.shareNum }).from(appShares).where(eq(appShares.appId, appId));
      if (!row) throw new Error('share number upsert returned no row');
      return row.shareNum;
    },

    async findAppId(shareNum: string): Promise<string | null> {
      const [row] = await db.select({ appId: appShares.appId }).from(appShares).where(eq(appShares.shareNum, shareNum));
      return row?.appId ?? null;
    },
  };
}

export type AgentShareRepo = ReturnType<typeof agentShareRepo>;
