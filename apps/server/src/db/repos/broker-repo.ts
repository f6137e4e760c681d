import type { DealerDetail, DealerSearchItem, RankingCategory, RankingItem } from '@parley/contracts';
import { and, asc, desc, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { preparedOnce } from '../prepared.js';
import { brokerRankings, brokers } from '../schema/index.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id the outside world uses: the main site's id when imported with one, else ours. */
const publicId = sql<string>`coalesce(${brokers.externalId}, ${brokers.id}::text)`;

/** Matches a broker by the id a ranking or search handed out. */
function byPublicId(id: string) {
  const external = eq(brokers.externalId, id);
  return uuidPattern.test(id) ? or(external, eq(brokers.id, id.toLowerCase())) : external;
}

/** `%`, `_` and `\` in a keyword are literal characters, not patterns. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type NewBroker = typeof brokers.$inferInsert & { externalId: string };

/** One ranking position, the broker named by its external id. */
export interface NewRanking {
  broker: string;
  category: RankingCategory;
  rank: number;
  asOf: string;
  score?: number;
}

export interface RankingSlice {
  items: RankingItem[];
  total: number;
  asOf: string | null;
}

export function brokerRepo(db: Database) {
  return {
    /** The newest snapshot of a category, one page of it, and its size. */
    async rankingPage(category: RankingCategory, offset: number, limit: number): Promise<RankingSlice> {
      const [latest] = await db
        .select({ asOf: max(brokerRankings.asOf) })
        .from(brokerRankings)
        .where(eq(brokerRankings.category, category));
      const asOf = latest?.asOf ?? null;
      if (asOf === null) return { items: [], total: 0, asOf };
      const inSnapshot = and(eq(brokerRankings.category, category), eq(brokerRankings.asOf, asOf));
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: publicId,
            rank: brokerRankings.rank,
            title: brokers.title,
            titleEn: brokers.titleEn,
            img: brokers.imgUrl,
            licenseNum: brokers.licenseNum,
            serverNum: brokers.serverNum,
            currencyNum: brokers.currencyNum,
            isDemo: brokers.isDemo,
          })
          .from(brokerRankings)
          .innerJoin(brokers, eq(brokers.id, brokerRankings.brokerId))
          .where(inSnapshot)
          .orderBy(asc(brokerRankings.rank))
          .offset(offset)
          .limit(limit),
        db.select({ total: sql<number>`count(*)::int` }).from(brokerRankings).where(inSnapshot),
      ]);
      return { items: rows, total: count?.total ?? 0, asOf };
    },

    /** Brokers whose Chinese or English name contains the keyword; names starting with it first. */
    async search(keyword: string, limit: number): Promise<DealerSearchItem[]> {
      const pattern = containsPattern(keyword);
      const prefix = `${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return db
        .select({ id: publicId, title: brokers.title, titleEn: brokers.titleEn, imgUrl: brokers.imgUrl })
        .from(brokers)
        .where(or(ilike(brokers.title, pattern), ilike(brokers.titleEn, pattern)))
        .orderBy(
          desc(sql`(${brokers.title} ilike ${prefix} or ${brokers.titleEn} ilike ${prefix})`),
          asc(sql`length(${brokers.title})`),
          asc(brokers.title),
        )
        .limit(limit);
    },

    /** One broker with its placing in each category's newest snapshot; null when unknown. */
    async detail(id: string): Promise<DealerDetail | null> {
      const [row] = await db.select().from(brokers).where(byPublicId(id)).limit(1);
      if (!row) return null;
      const rankings = await db
        .select({ category: brokerRankings.category, rank: brokerRankings.rank, asOf: brokerRankings.asOf })
        .from(brokerRankings)
        .where(
          and(
            eq(brokerRankings.brokerId, row.id),
            sql`${brokerRankings.asOf} = (select max(r.as_of) from broker_rankings r where r.category = ${brokerRankings.category})`,
          ),
        )
        .orderBy(asc(brokerRankings.category));
      return {
        id: row.externalId ?? row.id,
        title: row.title,
        titleEn: row.titleEn,
        imgUrl: row.imgUrl,
        licenseNum: row.licenseNum,
        serverNum: row.serverNum,
        currencyNum: row.currencyNum,
        details: row.details,
        rankings,
        isDemo: row.isDemo,
      };
    },

    /**
     * Brokers whose Chinese name, or English name of three letters or more, appears in the
     * text (a question to the assistant); longest names first, so "Acme Pro" beats "Acme".
     */
    async mentionedIn(text: string, limit: number): Promise<string[]> {
      // every question to the official assistant asks this: built once
      const query = preparedOnce(db, 'brokers_mentioned_in', () => {
        const lowered = sql.placeholder('lowered');
        return db
          .select({ id: publicId })
          .from(brokers)
          .where(
            or(
              sql`length(${brokers.title}) >= 2 and strpos(${lowered}::text, lower(${brokers.title})) > 0`,
              sql`length(${brokers.titleEn}) >= 3 and strpos(${lowered}::text, lower(${brokers.titleEn})) > 0`,
            ),
          )
          .orderBy(desc(sql`greatest(length(${brokers.title}), length(${brokers.titleEn}))`))
          .limit(sql.placeholder('limit'))
          .prepare('brokers_mentioned_in');
      });
      const rows = await query.execute({ lowered: text.toLowerCase(), limit });
      return rows.map((row) => row.id);
    },

    /** Our row id for a public id, for tying ads to a broker. */
    async internalId(id: string): Promise<string | null> {
      const [row] = await db.select({ id: brokers.id }).from(brokers).where(byPublicId(id)).limit(1);
      return row?.id ?? null;
    },

    /** Adds brokers or updates them by external id, in one statement (all or nothing). */
    async upsert(rows: NewBroker[]): Promise<{ inserted: number; updated: number }> {
      if (rows.length === 0) return { inserted: 0, updated: 0 };
      const written = await db
        .insert(brokers)
        .values(rows)
        .onConflictDoUpdate({
          target: brokers.externalId,
          set: {
            title: sql`excluded.title`,
            titleEn: sql`excluded.title_en`,
            imgUrl: sql`excluded.img_url`,
            licenseNum: sql`excluded.license_num`,
            serverNum: sql`excluded.server_num`,
            currencyNum: sql`excluded.currency_num`,
            details: sql`excluded.details`,
            isDemo: sql`excluded.is_demo`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      const inserted = written.filter((row) => row.inserted).length;
      return { inserted, updated: written.length - inserted };
    },

    /** The stored brokers with these external ids, as an import would overwrite them. */
    async byExternalIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          externalId: brokers.externalId,
          title: brokers.title,
          titleEn: brokers.titleEn,
          imgUrl: brokers.imgUrl,
          licenseNum: brokers.licenseNum,
          serverNum: brokers.serverNum,
          currencyNum: brokers.currencyNum,
          details: brokers.details,
          isDemo: brokers.isDemo,
        })
        .from(brokers)
        .where(inArray(brokers.externalId, ids));
    },

    /** Which of these external ids name a stored broker. */
    async knownExternalIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: brokers.externalId }).from(brokers).where(inArray(brokers.externalId, ids));
      return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
    },

    /** Writes ranking snapshots, replacing any stored list of the same category and date; one transaction. */
    async replaceRankings(rows: NewRanking[]): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction(async (tx) => {
        const ids = new Map<string, string>();
        const found = await tx
          .select({ id: brokers.id, externalId: brokers.externalId })
          .from(brokers)
          .where(inArray(brokers.externalId, [...new Set(rows.map((row) => row.broker))]));
        for (const row of found) if (row.externalId) ids.set(row.externalId, row.id);
        const lists = new Set(rows.map((row) => `${row.category}|${row.asOf}`));
        for (const list of lists) {
          const [category, asOf] = list.split('|') as [string, string];
          await tx
            .delete(brokerRankings)
            .where(and(eq(brokerRankings.category, Number(category) as RankingCategory), eq(brokerRankings.asOf, asOf)));
        }
        await tx.insert(brokerRankings).values(
          rows.map((row) => {
            const brokerId = ids.get(row.broker);
            if (!brokerId) throw new Error(`broker ${row.broker} vanished during the import`);
            return { brokerId, category: row.category, rank: row.rank, asOf: row.asOf, score: row.score ?? null };
          }),
        );
        return rows.length;
      });
    },

    /** Every broker, for an export. */
    async all() {
      return db.select().from(brokers).orderBy(asc(brokers.title));
    },

    /** Removes the demo brokers (their rankings and ads go with them). */
    async removeDemo(): Promise<number> {
      const rows = await db.delete(brokers).where(eq(brokers.isDemo, true)).returning({ id: brokers.id });
      return rows.length;
    },

    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ id: brokers.id }).from(brokers).limit(1);
      return row === undefined;
    },
  };
}

export type BrokerRepo = ReturnType<typeof brokerRepo>;
