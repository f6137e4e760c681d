import boundaries from 'eslint-plugin-boundaries';

// Server layers (apps/server/src): routes → services → repos → schema, nothing imports a layer above it,
// and platform (infrastructure) imports no domain. Kept by eslint-plugin-boundaries; the test
// apps/server/src/lint-boundaries.test.ts checks that a forbidden import fails.
const src = 'apps/server/src';

/** Each folder of the server and what it is. Files outside all of these (app.ts, config.ts, server.ts) are the composition. */
const serverElements = [
  { type: 'server-routes', pattern: `${src}/routes`, partialMatch: false },
  { type: 'server-http', pattern: `${src}/http`, partialMatch: false },
  { type: 'server-plugins', pattern: `${src}/plugins`, partialMatch: false },
  { type: 'server-composition', pattern: `${src}/composition`, partialMatch: false },
  { type: 'server-services', pattern: `${src}/services/*`, capture: ['domain'], partialMatch: false },
  { type: 'server-repos', pattern: `${src}/db/repos`, partialMatch: false },
  { type: 'server-schema', pattern: `${src}/db/schema`, partialMatch: false },
  { type: 'server-db', pattern: `${src}/db`, partialMatch: false },
  { type: 'server-platform', pattern: `${src}/platform`, partialMatch: false },
  { type: 'server-llm', pattern: `${src}/llm`, partialMatch: false },
  { type: 'server-parsing', pattern: `${src}/knowledge`, partialMatch: false },
  { type: 'server-text', pattern: `${src}/text`, partialMatch: false },
  { type: 'server-seed', pattern: `${src}/seed`, partialMatch: false },
  { type: 'server-admin', pattern: `${src}/admin`, partialMatch: false },
  // app.ts, server.ts and config.ts
  { type: 'server-app', pattern: src, partialMatch: false },
];

/** Files some layers may reach in a layer they otherwise may not. */
const serverFiles = [
  { category: 'config', pattern: `${src}/config.ts` },
  // the background jobs' own table, which the job runner (platform) reads and writes
  { category: 'job-store', pattern: `${src}/db/repos/job-repo.ts` },
];

const element = (type) => ({ element: { type } });
const allow = (from, to) => ({ from: element(from), allow: { to: to.map((type) => (typeof type === 'string' ? element(type) : type)) } });
const config = { element: { type: 'server-app' }, file: { categories: 'config' } };
const jobStore = { element: { type: 'server-repos' }, file: { categories: 'job-store' } };

// What every layer may use: text segmentation and the settings.
const base = ['server-text', config];
const storage = ['server-repos', 'server-schema', 'server-db'];

const serverPolicies = [
  allow('server-app', ['server-app', 'server-seed', 'server-plugins', 'server-routes', 'server-composition', 'server-db', 'server-platform', ...base]),
  allow('server-plugins', ['server-plugins', 'server-http', 'server-composition', 'server-services', 'server-platform', ...storage, ...base]),
  allow('server-routes', ['server-routes', 'server-http', 'server-services', 'server-platform', 'server-plugins', 'server-repos', ...base]),
  allow('server-http', ['server-http', 'server-plugins', 'server-services', 'server-platform', 'server-repos', ...base]),
  allow('server-composition', ['server-composition', 'server-services', 'server-llm', 'server-platform', 'server-parsing', ...storage, ...base]),
  allow('server-services', ['server-services', 'server-llm', 'server-platform', 'server-parsing', ...storage, ...base]),
  allow('server-llm', ['server-llm', 'server-platform', ...base]),
  allow('server-repos', ['server-repos', 'server-schema', 'server-db', 'server-llm', ...base]),
  allow('server-schema', ['server-schema']),
  allow('server-db', ['server-db', 'server-schema', ...base]),
  allow('server-platform', ['server-platform', jobStore, 'server-db']),
  allow('server-parsing', ['server-parsing', ...base]),
  allow('server-text', ['server-text']),
  allow('server-seed', ['server-seed', ...storage, 'server-llm', ...base]),
  allow('server-admin', ['server-admin', 'server-composition', 'server-services', 'server-seed', 'server-platform', 'server-llm', ...storage, ...base]),
];

export const serverBoundaries = {
  files: ['apps/server/src/**/*.ts'],
  ignores: ['**/*.test.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
    'boundaries/elements': serverElements,
    'boundaries/files': serverFiles,
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'disallow', policies: serverPolicies }],
    'boundaries/no-unknown-files': 'error',
  },
};
