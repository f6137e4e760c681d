import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

/** The rules a contracts module importing `specifier` breaks. */
async function brokenRules(specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}packages/contracts/src/new-resource.ts` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('what contracts may import, as the linter keeps it', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  it.each(['drizzle-orm', 'fastify', '../../../apps/server/src/config.js', '../../../apps/web/src/lib/http/index.js'])(
    'refuses %s',
    async (specifier) => {
      expect(await brokenRules(specifier)).toEqual(['no-restricted-imports']);
    },
    60_000,
  );

  it.each(['zod', 'zod/mini', 'js-md5', './chats.js', './values/chats.js'])('allows %s', async (specifier) => {
    expect(await brokenRules(specifier)).toEqual([]);
  }, 60_000);
});
