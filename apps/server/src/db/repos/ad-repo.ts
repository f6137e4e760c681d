import type { Ad, AdType, Locale } from '@parley/contracts';
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import { ads, brokers } from '../schema/index.js';

const showing = and(
  eq(ads.enabled, true),
  gt(ads.weight, 0),
  or(isNull(ads.startsAt), lte(ads.startsAt, sql`now()`)),
  or(isNull(ads.endsAt), gt(ads.endsAt, sql`now()`)),
);

const adColumns = { id: ads.id, title: ads.title, coverUrl: ads.coverUrl, href: ads.href, isDemo: ads.isDemo };

/** Weighted random pick (Efraimidis–Spirakis): each ad wins in proportion to its weight. */
const byWeightedChance = sql`-ln(random()) / ${ads.weight}`;

/** Ads for every language, and those written for the reader's (which come first); all ads when the language is not known. */
function readableIn(language: Locale | undefined) {
  return language ? or(isNull(ads.languages), sql`${language} = any(${ads.languages})`) : undefined;
}
const ownLanguageFirst = sql`${ads.languages} is null`;

export type AdRow = typeof ads.$inferSelect;
export type NewAd = typeof ads.$inferInsert;
/** An ad with the broker it belongs to: the broker's public id (its external id, else its id) and name. */
export type AdWithBroker = AdRow & { broker: { id: string; title: string } | null };

const withBroker = { ad: ads, brokerId: brokers.id, brokerExternalId: brokers.externalId, brokerTitle: brokers.title };
type WithBrokerRow = { ad: AdRow; brokerId: string | null; brokerExternalId: string | null; brokerTitle: string | null };

function toAdWithBroker({ ad, brokerId, brokerExternalId, brokerTitle }: WithBrokerRow): AdWithBroker {
  return { ...ad, broker: brokerId === null ? null : { id: brokerExternalId ?? brokerId, title: brokerTitle ?? '' } };
}

export function adRepo(db: Database) {
  /** One banner among those `which` picks that are showing, in the reader's language when there is one, or null. */
  async function pickOne(which: SQL, language: Locale | undefined): Promise<Ad | null> {
    const [row] = await db.select(adColumns).from(ads).where(and(which, showing, readableIn(language))).orderBy(ownLanguageFirst, byWeightedChance).limit(1);
    return row ?? null;
  }

  return {
    /** One banner for a slot. */
    pick: (type: AdType, language?: Locale) => pickOne(eq(ads.type, type), language),

    /** One banner tied to a broker. */
    pickForBroker: (brokerId: string, language?: Locale) => pickOne(eq(ads.brokerId, brokerId), language),

    async list(): Promise<AdRow[]> {
      return db.select().from(ads).orderBy(ads.type, ads.createdAt);
    },

    /** Every ad with its broker, by slot, oldest first. */
    async listWithBrokers(): Promise<AdWithBroker[]> {
      const rows = await db.select(withBroker).from(ads).leftJoin(brokers, eq(brokers.id, ads.brokerId)).orderBy(ads.type, ads.createdAt, ads.id);
      return rows.map(toAdWithBroker);
    },

    async find(id: string): Promise<AdWithBroker | null> {
      const [row] = await db.select(withBroker).from(ads).leftJoin(brokers, eq(brokers.id, ads.brokerId)).where(eq(ads.id, id)).limit(1);
      return row ? toAdWithBroker(row) : null;
    },

    async insert(ad: NewAd): Promise<AdRow> {
      const [row] = await db.insert(ads).values(ad).returning();
      if (!row) throw new Error('ad insert returned no row');
      return row;
    },

    /** Changes an ad; false when there is no such ad. */
    async update(id: string, changes: Partial<NewAd>): Promise<boolean> {
      const rows = await db.update(ads).set({ ...changes, updatedAt: sql`now()` }).where(eq(ads.id, id)).returning({ id: ads.id });
      return rows.length > 0;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
      return rows.length > 0;
    },
  };
}

export type AdRepo = ReturnType<typeof adRepo>;
