import { z } from 'zod';
import type { AdType } from './values/ads.js';
export { adPaths, adTypes, type AdType } from './values/ads.js';

/** GET home/ad {type}. */
export const homeAdQuery = z.object({
  type: z.coerce
    .number({ error: 'type must be a number' })
    .refine((value): value is AdType => value === 1 || value === 2, { message: 'type must be 1 or 2' })
    .meta({ type: 'integer', enum: [1, 2] }),
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
