// Paths, limits and defaults of promo banners: plain values (no zod), so a screen that needs only
// these does not bring the schemas of ../ads.ts along. That file re-exports them.

/** Promo banners. Paths are relative to `/api` and `/api/visitor`. */
export const adPaths = {
  home: '/home/ad',
} as const;

/** Ad slots (spec section 9): 1 the left sidebar, 2 the right panel. */
export const adTypes = { sidebar: 1, rightPanel: 2 } as const;
export type AdType = (typeof adTypes)[keyof typeof adTypes];
