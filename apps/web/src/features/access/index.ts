/** What the main layout uses of the site access password: the 403 overlay. */
export { AccessGate, useAccessRequired } from './components/access-gate';
