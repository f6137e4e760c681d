import { z } from 'zod';

/** Promo banners. Paths are relative to `/api` and `/api/visitor`. */
export const adPaths = {
  home: '/home/ad',
} as const;

/** Ad slots (spec section 9): 1 the left sidebar, 2 the right panel. */
export const adTypes = { sidebar: 1, rightPanel: 2 } as const;
export type AdType = (typeof adTypes)[keyof typeof adTypes];

/** GET home/ad {type}. */
export const homeAdQuery = z.object({
  type: z.coerce
    .number({ error: 'type must be a number' })
    .refine((value): value is AdType => value === 1 || value === 2, { message: 'type must be 1 or 2' }),
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
