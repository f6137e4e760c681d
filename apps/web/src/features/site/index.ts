export { forgetSiteConfig, loadSiteConfig, reloadSiteConfig, siteConfigQueryOptions, useSiteConfig } from './api/get-site-config';
export { SiteMarkdown, SitePageContent } from './components/lazy-site-page-content';
export { useImageLoadsInline } from './hooks/use-image-loads-inline';
