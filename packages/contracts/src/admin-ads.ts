import { z } from 'zod';
import { locales } from './locales.js';

/**
 * The console's ads (Site content, `?tab=ads`): the banners of both slots with their schedule.
 * Paths are relative to `/api`; operators only (404 for everyone else). `:id` is an ad's id.
 */
export const adminAdsPaths = {
  /** GET: every ad of both slots with what it shows now; POST {adInput}: adds one. */
  list: '/admin/ads',
  /** PUT {adInput}: changes every field of an ad; DELETE removes it. */
  ad: '/admin/ads/:id',
  /** POST {enabled}: switches an ad on or off. */
  enabled: '/admin/ads/:id/enabled',
} as const;

export function adminAdPath(path: (typeof adminAdsPaths)['ad' | 'enabled'], id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

export const adminAdsLimits = { titleMax: 80, coverMax: 500_000, hrefMax: 2_000, weightMax: 1_000_000, brokerIdMax: 100 } as const;

/** Slot 1 is the left sidebar, 2 the right panel. */
export const adminAdSlot = z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (left sidebar) or 2 (right panel)' });

// anchored and without flags, so the published patterns say exactly what the server takes
const httpAddress = /^[hH][tT][tT][pP][sS]?:\/\/[^\s/]+\S*$/;
const coverAddress = /^([hH][tT][tT][pP][sS]?:\/\/[^\s/]+\S*|data:image\/[\w.+-]+[;,][\s\S]*)$/;
const when = z.iso.datetime({ offset: true, error: 'must be a date and time with its offset, like 2026-12-01T08:00:00Z' }).nullable();

export const adParams = z.object({ id: z.uuid({ error: 'must be a valid id' }) });

/**
 * An ad as operators write it: what the console's form and the admin CLI send. The server also
 * refuses a window that does not end after it starts (`endsAt`) and a broker it does not have
 * (`brokerId`), as VALIDATION with the field in `data`.
 */
export const adInput = z.object({
  type: adminAdSlot,
  title: z.string({ error: 'must be text' }).trim().max(adminAdsLimits.titleMax, `Use at most ${adminAdsLimits.titleMax} characters`).default(''),
  coverUrl: z
    .string({ error: 'must be text' })
    .trim()
    .max(adminAdsLimits.coverMax, `Use at most ${adminAdsLimits.coverMax} characters`)
    .regex(coverAddress, 'must be an http(s) image address or a data:image/… picture'),
  href: z
    .string({ error: 'must be text' })
    .trim()
    .max(adminAdsLimits.hrefMax, `Use at most ${adminAdsLimits.hrefMax} characters`)
    .regex(httpAddress, 'must be an http(s) address'),
  weight: z
    .number({ error: 'must be a whole number, 0 or more' })
    .int('must be a whole number, 0 or more')
    .min(0, 'must be a whole number, 0 or more')
    .max(adminAdsLimits.weightMax, `must be at most ${adminAdsLimits.weightMax}`)
    .default(1),
  /** The site languages the ad is written for; empty: every language. */
  languages: z
    .array(z.enum(locales, { error: `must be one of ${locales.join(', ')}` }), { error: 'must be a list of site languages' })
    .default([])
    .transform((list) => [...new Set(list)]),
  /** A broker's id (its external id, as in the broker import) the ad belongs to; null: none. */
  brokerId: z
    .string({ error: 'must be text' })
    .trim()
    .max(adminAdsLimits.brokerIdMax, `Use at most ${adminAdsLimits.brokerIdMax} characters`)
    .nullable()
    .default(null)
    .transform((value) => value || null),
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
  /** The schedule: shown from `startsAt` until `endsAt`; null is open on that side. */
  startsAt: when.default(null),
  endsAt: when.default(null),
});
export type AdInput = z.input<typeof adInput>;
export type ValidAdInput = z.output<typeof adInput>;

export const setAdEnabledRequest = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });
export type SetAdEnabledRequest = z.infer<typeof setAdEnabledRequest>;

/**
 * What an ad does now: `showing` (enabled, in its window, weight above 0), `scheduled` (its
 * window has not begun), `ended` (its window is over), `disabled` (switched off), `noWeight`
 * (enabled and in its window, but weight 0 means it is never picked).
 */
export const adStatuses = ['showing', 'scheduled', 'ended', 'disabled', 'noWeight'] as const;
export type AdStatus = (typeof adStatuses)[number];

export const adminAd = z.object({
  id: z.string(),
  type: adminAdSlot,
  title: z.string(),
  coverUrl: z.string(),
  href: z.string(),
  weight: z.number().int(),
  languages: z.array(z.enum(locales)),
  broker: z.object({ id: z.string(), title: z.string() }).nullable(),
  enabled: z.boolean(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  isDemo: z.boolean(),
  status: z.enum(adStatuses),
  /** The cover's host when browsers will not load it (not in IMAGE_HOSTS_ALLOWED, or plain http). */
  coverHostUnshown: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminAd = z.infer<typeof adminAd>;

export const adminAdList = z.object({ list: z.array(adminAd) });
export type AdminAdList = z.infer<typeof adminAdList>;

/** An ad as saved, and the hosts its cover will not load from (a warning: the ad is saved all the same). */
export const adSaved = z.object({ ad: adminAd, unshownCoverHosts: z.array(z.string()) });
export type AdSaved = z.infer<typeof adSaved>;
