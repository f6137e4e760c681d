import type { SitePageSlug } from '@parley/contracts';
import { lazy, Suspense } from 'react';

const Content = lazy(() => import('./site-page-content').then((module) => ({ default: module.SitePageContent })));
const Markdown = lazy(() => import('./site-page-content').then((module) => ({ default: module.SiteMarkdown })));

/**
 * The site pages' Markdown renderer (streamdown, half a megabyte) is fetched when such a page
 * opens: this feature's config is read at start-up, and must not bring the renderer with it.
 */
export function SitePageContent({ slug }: { slug: SitePageSlug }) {
  return (
    <Suspense fallback={null}>
      <Content slug={slug} />
    </Suspense>
  );
}

/** A site page's Markdown as readers see it, the renderer fetched on first use. */
export function SiteMarkdown({ markdown, locale }: { markdown: string; locale?: string }) {
  return (
    <Suspense fallback={null}>
      <Markdown markdown={markdown} locale={locale} />
    </Suspense>
  );
}
