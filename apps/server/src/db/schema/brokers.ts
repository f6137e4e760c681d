import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.js';

/** Ranking tabs map to these categories: global 0, trading environment 1, hot search 3, problem platforms 4. */
export const brokerRankingCategories = [0, 1, 3, 4] as const;
export type BrokerRankingCategory = (typeof brokerRankingCategories)[number];

/**
 * Forex brokers shown in the right panel, searched by the dealer search and used by the
 * official assistant. `external_id` is the broker's id on the main site (detail links, imports).
 */
export const brokers = pgTable(
  'brokers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalId: text('external_id'),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull().default(''),
    imgUrl: text('img_url'),
    licenseNum: integer('license_num').notNull().default(0),
    serverNum: integer('server_num').notNull().default(0),
    currencyNum: integer('currency_num').notNull().default(0),
    /** Regulators, licences, founding year, website ... as imported. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    isDemo: boolean('is_demo').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brokers_external_id_key').on(t.externalId),
    index('brokers_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('brokers_title_en_trgm_idx').using('gin', t.titleEn.op('gin_trgm_ops')),
  ],
);

/** One imported ranking snapshot per category and date; the newest `as_of` is shown. */
export const brokerRankings = pgTable(
  'broker_rankings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerId: uuid('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    category: smallint('category').$type<BrokerRankingCategory>().notNull(),
    rank: integer('rank').notNull(),
    score: real('score'),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    createdAt,
  },
  (t) => [
    uniqueIndex('broker_rankings_position_key').on(t.category, t.asOf, t.rank),
    uniqueIndex('broker_rankings_broker_key').on(t.category, t.asOf, t.brokerId),
    index('broker_rankings_broker_id_idx').on(t.brokerId),
    check('broker_rankings_category_check', sql`${t.category} in (0, 1, 3, 4)`),
    check('broker_rankings_rank_check', sql`${t.rank} > 0`),
  ],
);
