/** The console's site content page. */
export { SiteContent } from './components/site-content';
