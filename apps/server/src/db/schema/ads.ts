import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brokers } from './brokers.js';
import { timestamps } from './columns.js';

/** Ad slots: 1 the left sidebar, 2 the right panel. */
export const adTypes = [1, 2] as const;
export type AdType = (typeof adTypes)[number];

/**
 * Promo banners. Shown while enabled and inside the optional window, picked by `weight`;
 * `broker_id` ties an ad to a broker for `/api/dealer/ad`. An ad written for the reader's
 * language (`languages`) is shown before one for every language.
 */
export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: smallint('type').$type<AdType>().notNull(),
    title: text('title').notNull().default(''),
    coverUrl: text('cover_url').notNull(),
    href: text('href').notNull(),
    weight: integer('weight').notNull().default(1),
    brokerId: uuid('broker_id').references(() => brokers.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The site languages (locales) the ad is written for; null: every language. */
    languages: text('languages').array(),
    ...timestamps,
  },
  (t) => [
    index('ads_type_idx').on(t.type).where(sql`enabled`),
    index('ads_broker_id_idx').on(t.brokerId),
    check('ads_type_check', sql`${t.type} in (1, 2)`),
    check('ads_weight_check', sql`${t.weight} >= 0`),
    check('ads_window_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);
