/** What the main layout uses of the site access password: the 403 overlay. */
export { AccessGate } from './components/access-gate';
