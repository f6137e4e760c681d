export * from './access.js';
export * from './envelope.js';
export * from './errors.js';
export * from './headers.js';
export * from './health.js';
export * from './identity.js';
export * from './locales.js';
