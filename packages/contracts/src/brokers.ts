import { z } from 'zod';
import { adLanguage } from './ads.js';
import { rankingCategories, type RankingCategory, brokerLimits } from './values/brokers.js';
export { brokerPaths, rankingTabs, rankingCategories, brokerLimits, dataCipher, type RankingCategory } from './values/brokers.js';

/**
 * Broker rankings and dealer search for the right panel. Paths are relative to `/api` and
 * `/api/visitor`. The `data` of rankings and search is an encrypted string (see `dataCipher`):
 * it deters casual scraping only — the browser holds the constants, so it is not a secret.
 */

/** GET rankings {page, category}. */
export const rankingsQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(brokerLimits.maxRankingPage, `page must be at most ${brokerLimits.maxRankingPage}`)
    .default(1),
  category: z.coerce
    .number({ error: 'category must be a number' })
    .refine((value): value is RankingCategory => (rankingCategories as readonly number[]).includes(value), {
      message: `category must be one of ${rankingCategories.join(', ')}`,
    })
    .default(0)
    // the document lists the categories, which the refinement alone would leave out
    .meta({ type: 'integer', enum: [...rankingCategories] }),
});
export type RankingsQuery = z.infer<typeof rankingsQuery>;

/** One ranking row; `id` is the broker's id on the main site (its detail page). `titleEn` is its English name ('' when it has none). */
export const rankingItem = z.object({
  id: z.string(),
  rank: z.number().int(),
  title: z.string(),
  titleEn: z.string(),
  img: z.string().nullable(),
  licenseNum: z.number().int(),
  serverNum: z.number().int(),
  currencyNum: z.number().int(),
  isDemo: z.boolean(),
});
export type RankingItem = z.infer<typeof rankingItem>;

/** What the encrypted rankings `data` decrypts to; `asOf` is the snapshot date (null: none yet). */
export const rankingPage = z.object({
  list: z.array(rankingItem),
  totalPages: z.number().int(),
  asOf: z.string().nullable(),
});
export type RankingPage = z.infer<typeof rankingPage>;

/** GET dealer/search {kw}: blank keywords are refused (the panel warns before sending). */
export const dealerSearchQuery = z.object({
  kw: z
    .string({ error: 'kw is required' })
    .trim()
    .min(1, '搜索内容不能为空！')
    .max(brokerLimits.searchKeywordMax, `kw must be at most ${brokerLimits.searchKeywordMax} characters`),
});
export const dealerSearchItem = z.object({
  id: z.string(),
  title: z.string(),
  titleEn: z.string(),
  imgUrl: z.string().nullable(),
});
export type DealerSearchItem = z.infer<typeof dealerSearchItem>;
/** What the encrypted search `data` decrypts to. */
export const dealerSearchResult = z.array(dealerSearchItem);

/** The encrypted `data` of rankings and search: base64 of AES-CBC ciphertext. */
export const encryptedData = z.string();

/** POST dealer/detail {id} and GET dealer/ad {id}: a broker's id as the ranking gives it. */
export const dealerIdInput = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(100, 'id is too long'),
});
/** GET dealer/ad {id, lang}. */
export const dealerAdQuery = dealerIdInput.extend({ lang: adLanguage });
export const dealerDetail = dealerSearchItem.extend({
  licenseNum: z.number().int(),
  serverNum: z.number().int(),
  currencyNum: z.number().int(),
  details: z.record(z.string(), z.unknown()),
  rankings: z.array(z.object({ category: z.number().int(), rank: z.number().int(), asOf: z.string() })),
  isDemo: z.boolean(),
});
export type DealerDetail = z.infer<typeof dealerDetail>;
