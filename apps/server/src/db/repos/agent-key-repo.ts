import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { preparedOnce } from '../prepared.js';
import { agentApiKeys, apps, visitors } from '../schema/index.js';

export type AgentKeyRow = typeof agentApiKeys.$inferSelect;

/** A key as its lists show it: with its agent's name and this month's tokens. */
export interface AgentKeyListed extends AgentKeyRow {
  appName: string;
  tokensThisMonth: number;
}

/** A key found by its secret's hash, with what a call needs to know of its agent. */
export interface AgentKeyInUse extends AgentKeyRow {
  tokensThisMonth: number;
}

/**
 * Tokens of the key's visitor this calendar month (UTC), from the usage ledger. Written out with
 * its table names: drizzle leaves a column in a select unqualified, which inside this subquery
 * would name the ledger's own visitor_id.
 */
const tokensThisMonth = sql<number>`coalesce((
  select sum(ledger.prompt_tokens + ledger.completion_tokens)
  from usage_ledger ledger
  where ledger.visitor_id = agent_api_keys.visitor_id
    and ledger.day >= date_trunc('month', now() at time zone 'utc')::date
), 0)::bigint`;

export function agentKeyRepo(db: Database) {
  const listed = () =>
    db
      .select({ key: agentApiKeys, appName: apps.name, tokensThisMonth })
      .from(agentApiKeys)
      .innerJoin(apps, eq(apps.id, agentApiKeys.appId));
  const toListed = ({ key, appName, tokensThisMonth: tokens }: { key: AgentKeyRow; appName: string; tokensThisMonth: number }): AgentKeyListed => ({
    ...key,
    appName,
    tokensThisMonth: Number(tokens),
  });

  return {
    /** Makes a key and the visitor it asks as, in one transaction. */
    async create(values: {
      appId: string;
      createdBy: string;
      name: string;
      prefix: string;
      secretHash: string;
      ratePerMinute: number;
      monthlyTokens: number | null;
    }): Promise<AgentKeyListed> {
      const id = crypto.randomUUID();
      const inserted = await db.transaction(async (tx) => {
        const [visitor] = await tx.insert(visitors).values({ deviceNumber: `api-key:${id}` }).returning({ id: visitors.id });
        if (!visitor) throw new Error('key visitor insert returned no row');
        const [row] = await tx.insert(agentApiKeys).values({ id, visitorId: visitor.id, ...values }).returning();
        if (!row) throw new Error('key insert returned no row');
        return row;
      });
      const [app] = await db.select({ name: apps.name }).from(apps).where(eq(apps.id, values.appId));
      return { ...inserted, appName: app?.name ?? '', tokensThisMonth: 0 };
    },

    /** An agent's keys, newest first. */
    async listForApp(appId: string): Promise<AgentKeyListed[]> {
      const rows = await listed().where(eq(agentApiKeys.appId, appId)).orderBy(desc(agentApiKeys.createdAt), desc(agentApiKeys.id));
      return rows.map(toListed);
    },

    /** Every key of every agent still there, newest first (operators). */
    async listAll(limit: number): Promise<AgentKeyListed[]> {
      const rows = await listed().where(isNull(apps.deletedAt)).orderBy(desc(agentApiKeys.createdAt), desc(agentApiKeys.id)).limit(limit);
      return rows.map(toListed);
    },

    async find(id: string): Promise<AgentKeyListed | null> {
      const [row] = await listed().where(eq(agentApiKeys.id, id)).limit(1);
      return row ? toListed(row) : null;
    },

    /** Keys of the agent not revoked. */
    async countActive(appId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(agentApiKeys)
        .where(and(eq(agentApiKeys.appId, appId), isNull(agentApiKeys.revokedAt)));
      return Number(row?.count ?? 0);
    },

    /** Revokes a key (a second revoke keeps the first time); answers it as it is now. */
    async revoke(id: string): Promise<AgentKeyListed | null> {
      await db
        .update(agentApiKeys)
        .set({ revokedAt: sql`coalesce(${agentApiKeys.revokedAt}, now())` })
        .where(eq(agentApiKeys.id, id));
      return this.find(id);
    },

    /** The key with this secret hash, revoked or not, with this month's tokens: one round trip per call. */
    async findBySecretHash(secretHash: string): Promise<AgentKeyInUse | null> {
      const query = preparedOnce(db, 'find_agent_key_by_hash', () =>
        db
          .select({ key: agentApiKeys, tokensThisMonth })
          .from(agentApiKeys)
          .where(eq(agentApiKeys.secretHash, sql.placeholder('secretHash')))
          .limit(1)
          .prepare('find_agent_key_by_hash'),
      );
      const [row] = await query.execute({ secretHash });
      return row ? { ...row.key, tokensThisMonth: Number(row.tokensThisMonth) } : null;
    },

    /** Notes a call; written at most once a minute per key, so a busy key costs no write per call. */
    async touch(id: string): Promise<void> {
      await db
        .update(agentApiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(agentApiKeys.id, id), sql`(${agentApiKeys.lastUsedAt} is null or ${agentApiKeys.lastUsedAt} < now() - interval '1 minute')`));
    },
  };
}

export type AgentKeyRepo = ReturnType<typeof agentKeyRepo>;
