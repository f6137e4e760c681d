export { PromoBanner } from './components/promo-banner';
