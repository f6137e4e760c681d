import type { AnnouncementData, AnnouncementList, EditablePage, PostAnnouncementRequest, SitePageSlug } from '@parley/contracts';
import type { AuditRepo } from '../../db/repos/audit-repo.js';
import type { NotificationWriter } from '../../db/repos/notification-repo.js';
import type { ResolvedPage } from '../site/site-service.js';
import { recordChange, type Operator } from './audit-service.js';

export interface ContentRepos {
  pages: { write: (slug: SitePageSlug, locale: string, markdown: string) => Promise<void> };
  announcements: Pick<NotificationWriter, 'announce'>;
  audit: Pick<AuditRepo, 'insert'>;
}

export interface ContentServiceDeps {
  /** The page as the site resolves it (services/site/site-service.ts). */
  resolvePage: (slug: SitePageSlug, locale: string) => Promise<ResolvedPage>;
  announcements: Pick<NotificationWriter, 'recentAnnouncements'>;
  inTransaction: <T>(work: (repos: ContentRepos) => Promise<T>) => Promise<T>;
  announcementsShown: number;
}

/** The console's site pages (per language) and announcements, each change audited. */
export function createContentService(deps: ContentServiceDeps) {
  async function page(slug: SitePageSlug, locale: string): Promise<EditablePage> {
    const found = await deps.resolvePage(slug, locale);
    return { slug, locale, markdown: found.markdown, source: found.source, textLocale: found.locale, updatedAt: found.savedAt?.toISOString() ?? null };
  }

  return {
    page,

    /** Saves the page's text in `locale`: the site shows it from the next request on. */
    async savePage(operator: Operator, slug: SitePageSlug, locale: string, markdown: string): Promise<EditablePage> {
      const before = await deps.resolvePage(slug, locale).catch(() => null);
      await deps.inTransaction(async ({ pages, audit }) => {
        await pages.write(slug, locale, markdown);
        await recordChange(audit, operator, {
          action: 'page.update',
          target: { type: 'page', id: `${slug}/${locale}`, label: slug },
          before: before && before.locale === locale ? { markdown: before.markdown } : null,
          after: { markdown },
        });
      });
      return page(slug, locale);
    },

    async announcements(): Promise<AnnouncementList> {
      const rows = await deps.announcements.recentAnnouncements(deps.announcementsShown);
      return {
        list: rows.map(({ row, authorName }) => ({
          id: row.id,
          title: row.title,
          body: row.body,
          languages: Object.keys(row.translations),
          authorName,
          publishedAt: row.publishedAt.toISOString(),
        })),
      };
    },

    /** Posts to every account's messages page (each account made before it shows it from now on). */
    async postAnnouncement(operator: Operator, input: PostAnnouncementRequest): Promise<AnnouncementData> {
      return deps.inTransaction(async ({ announcements, audit }) => {
        const row = await announcements.announce({
          title: input.title,
          body: input.body,
          translations: input.translations ?? {},
          createdBy: operator === 'cli' ? null : operator.userId,
        });
        await recordChange(audit, operator, {
          action: 'announcement.post',
          target: { type: 'announcement', id: row.id, label: row.title },
          after: { title: row.title, body: row.body, languages: Object.keys(row.translations) },
        });
        return { id: row.id, publishedAt: row.publishedAt.toISOString() };
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
