export * from './auth-tokens.js';
export * from './users.js';
export * from './visitors.js';
