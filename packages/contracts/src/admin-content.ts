import { z } from 'zod';
import { locales } from './locales.js';
import { postAnnouncementRequest } from './notifications.js';
import { sitePageSlugs } from './values/site.js';

/**
 * The console's site content: broker data imported after a preview of what it changes, the
 * site pages (/usage, /private, /aboutUs) edited per language, and announcements. Paths relative
 * to `/api`; operators only.
 */
export const adminContentPaths = {
  /** POST {fileName, text}: what importing the file would add and change, and the rows it refuses; nothing is written. */
  previewBrokers: '/admin/content/brokers/preview',
  /** POST {fileName, text, digest}: imports the previewed file (digest from the preview), all rows or none. */
  importBrokers: '/admin/content/brokers/import',
  /** GET {slug, locale}: a page as the site shows it in that language, and where its text comes from. */
  page: '/admin/content/page',
  /** POST {slug, locale, markdown}: saves the page's text in that language. */
  savePage: '/admin/content/page/save',
  /** GET: announcements, newest first. */
  announcements: '/admin/content/announcements',
  /** POST {title, body, translations}: posts one to every account's messages page. */
  postAnnouncement: '/admin/content/announcements/post',
} as const;

export const contentLimits = { importMaxChars: 2_000_000, pageMaxChars: 50_000, announcementsShown: 50 } as const;

const importFile = z.object({
  fileName: z
    .string({ error: 'must be text' })
    .trim()
    // anchored and without flags, so the published pattern says exactly what the server takes
    .regex(/^.{1,200}\.([cC][sS][vV]|[jJ][sS][oO][nN])$/, 'must be a .csv or .json file'),
  text: z
    .string({ error: 'must be text' })
    .min(1, 'The file is empty')
    .max(contentLimits.importMaxChars, `The file can be at most ${contentLimits.importMaxChars} characters`),
});
export const previewBrokersRequest = importFile;
export type PreviewBrokersRequest = z.input<typeof previewBrokersRequest>;
export const importBrokersRequest = importFile.extend({
  /** The preview's digest: the import refuses a file that is not the one previewed. */
  digest: z.string().regex(/^[0-9a-f]{64}$/, 'must be the digest of a preview'),
});
export type ImportBrokersRequest = z.input<typeof importBrokersRequest>;

const fieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const brokerImportPreview = z.object({
  /** Of the file's text: send it back to import exactly this. */
  digest: z.string(),
  total: z.number().int(),
  added: z.array(z.object({ externalId: z.string(), title: z.string() })),
  changed: z.array(z.object({ externalId: z.string(), title: z.string(), changes: z.array(fieldChange) })),
  unchanged: z.number().int(),
  /** Rows the import would refuse (it then writes nothing), by line. */
  rejected: z.array(z.object({ line: z.number().int(), problems: z.array(z.string()) })),
  /** Logo hosts browsers will not load (not in IMAGE_HOSTS_ALLOWED). */
  unshownLogoHosts: z.array(z.string()),
});
export type BrokerImportPreview = z.infer<typeof brokerImportPreview>;
export const brokerImportResult = z.object({ inserted: z.number().int(), updated: z.number().int() });
export type BrokerImportResult = z.infer<typeof brokerImportResult>;

const slug = z.enum(sitePageSlugs, { error: `must be one of ${sitePageSlugs.join(', ')}` });
const locale = z.enum(locales, { error: `must be one of ${locales.join(', ')}` });
export const pageQuery = z.object({ slug, locale });
export type PageQuery = z.infer<typeof pageQuery>;
export const editablePage = z.object({
  slug: z.string(),
  locale: z.string(),
  markdown: z.string(),
  /** Where the text shown comes from: saved in the console, a file in SITE_CONTENT_DIR, or the built-in default. */
  source: z.enum(['console', 'file', 'default']),
  /** The language the text is in: the one asked for, or en-US when that language has none. */
  textLocale: z.string(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type EditablePage = z.infer<typeof editablePage>;
export const savePageRequest = z.object({
  slug,
  locale,
  markdown: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'Write the page')
    .max(contentLimits.pageMaxChars, `Use at most ${contentLimits.pageMaxChars} characters`),
});
export type SavePageRequest = z.input<typeof savePageRequest>;

export const announcementEntry = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  languages: z.array(z.string()),
  authorName: z.string().nullable(),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementEntry = z.infer<typeof announcementEntry>;
export const announcementList = z.object({ list: z.array(announcementEntry) });
export type AnnouncementList = z.infer<typeof announcementList>;
export const postAnnouncementAsOperatorRequest = postAnnouncementRequest;
