import type { SitePageSlug } from '@parley/contracts';
import { lazy, Suspense } from 'react';

const Content = lazy(() => import('./site-page-content').then((module) => ({ default: module.SitePageContent })));

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
