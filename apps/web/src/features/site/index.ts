export { forgetSiteConfig, loadSiteConfig, siteConfigQueryOptions, useSiteConfig } from './api/get-site-config';
export { SitePageContent } from './components/site-page-content';
