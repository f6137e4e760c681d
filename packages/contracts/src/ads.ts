import { z } from 'zod';
import { locales } from './locales.js';
import type { AdType } from './values/ads.js';
export { adPaths, adTypes, type AdType } from './values/ads.js';

/** The reader's language: an ad written for it is shown before one for every language. */
export const adLanguage = z.enum(locales, { error: `lang must be one of ${locales.join(', ')}` }).optional();

/** GET home/ad {type, lang}. */
export const homeAdQuery = z.object({
  type: z.coerce
    .number({ error: 'type must be a number' })
    .refine((value): value is AdType => value === 1 || value === 2, { message: 'type must be 1 or 2' })
    .meta({ type: 'integer', enum: [1, 2] }),
  lang: adLanguage,
});

/** One banner; `data` is null when the slot has nothing to show. */
export const ad = z.object({
  id: z.string(),
  title: z.string(),
  coverUrl: z.string(),
  href: z.string(),
  isDemo: z.boolean(),
});
export type Ad = z.infer<typeof ad>;
export const adSlot = ad.nullable();
