/** The console's quality queue page. */
export { QualityQueue } from './components/quality-queue';
