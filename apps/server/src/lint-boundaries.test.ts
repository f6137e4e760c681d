import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const src = 'apps/server/src';
let eslint: ESLint;

/** The import rules a one-line module importing `specifier` breaks when it sits at `path`. */
async function brokenRules(path: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  const rules = (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  return rules.filter((rule) => rule.startsWith('boundaries/') || rule === 'no-restricted-imports');
}

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe("the server's layers, as the linter keeps them", () => {
  it.each([
    ['platform importing a domain service', `${src}/platform/new-helper.ts`, '../services/chat/chat-service.js'],
    ['platform importing a domain repo', `${src}/platform/new-helper.ts`, '../db/repos/chat-repo.js'],
    ['a service importing a route', `${src}/services/chat/new-service.ts`, '../../routes/chat-stream.js'],
    ['a service importing the HTTP helpers', `${src}/services/chat/new-service.ts`, '../../http/ok.js'],
    ['a service importing a plugin', `${src}/services/chat/new-service.ts`, '../../plugins/identity.js'],
    ['a repo importing a service', `${src}/db/repos/new-repo.ts`, '../../services/chat/chat-service.js'],
    ['the schema importing a repo', `${src}/db/schema/new-table.ts`, '../repos/chat-repo.js'],
    ['a model provider importing a service', `${src}/llm/new-provider.ts`, '../services/chat/chat-service.js'],
  ])('refuses %s', async (_case, path, specifier) => {
    expect(await brokenRules(path, specifier)).toEqual(['boundaries/dependencies']);
  }, 60_000);

  it.each([
    ['a route importing its service', `${src}/routes/new-route.ts`, '../services/chat/chat-service.js'],
    ['a service importing a repo', `${src}/services/chat/new-service.ts`, '../../db/repos/chat-repo.js'],
    ['a service importing the platform', `${src}/services/chat/new-service.ts`, '../../platform/app-error.js'],
    ['the job runner importing its table', `${src}/platform/new-helper.ts`, '../db/repos/job-repo.js'],
    ['a repo importing the schema', `${src}/db/repos/new-repo.ts`, '../schema/index.js'],
  ])('allows %s', async (_case, path, specifier) => {
    expect(await brokenRules(path, specifier)).toEqual([]);
  }, 60_000);
});

// Contracts run in the browser and on the server; they are checked here, where Node's types are.
describe('what contracts may import, as the linter keeps it', () => {
  const contract = 'packages/contracts/src/new-resource.ts';

  it.each(['drizzle-orm', 'fastify', '../../../apps/server/src/config.js', '../../../apps/web/src/lib/http/index.js'])(
    'refuses %s',
    async (specifier) => {
      expect(await brokenRules(contract, specifier)).toEqual(['no-restricted-imports']);
    },
    60_000,
  );

  it.each(['zod', 'zod/mini', 'js-md5', './chats.js', './values/chats.js'])(
    'allows %s',
    async (specifier) => {
      expect(await brokenRules(contract, specifier)).toEqual([]);
    },
    60_000,
  );
});
