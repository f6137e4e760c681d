import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// From the URL's text: jsdom's URL class, which this project's tests run with, is not Node's.
const repoRoot = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../..')}/`;
const src = 'apps/web/src';
let eslint: ESLint;

type Form = 'import' | 'lazy' | 'mock';

const usage: Record<Form, (specifier: string) => string> = {
  import: (specifier) => `import * as imported from '${specifier}';\nexport const used = imported;\n`,
  lazy: (specifier) => `export const load = () => import('${specifier}');\n`,
  mock: (specifier) => `import { vi } from 'vitest';\nvi.mock('${specifier}', () => ({}));\n`,
};

/**
 * The boundary rules a new module at `from` breaks by using the existing file `to` (both under
 * apps/web/src). The specifier is worked out from the two paths, as the project writes it: the
 * linter skips an import it cannot resolve, and an allowed case would then pass for nothing.
 */
async function brokenRules(from: string, to: string, form: Form = 'import'): Promise<string[]> {
  expect(existsSync(`${repoRoot}${src}/${to}`), `${to} exists`).toBe(true);
  const target = relative(dirname(`${src}/${from}`), `${src}/${to}`).replace(/\.tsx?$/, '').replace(/\/index$/, '');
  const specifier = target.startsWith('.') ? target : `./${target}`;
  const [result] = await eslint.lintText(usage[form](specifier), { filePath: `${repoRoot}${src}/${from}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message).filter((rule) => rule.startsWith('boundaries/'));
}

describe("the web app's boundaries, as the linter keeps them", () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  it.each([
    ['lib importing a feature', 'lib/new-helper.ts', 'features/chat/index.ts'],
    ['the HTTP client importing a store', 'lib/http/new-helper.ts', 'stores/session-store.ts'],
    ['a shared component importing a feature', 'components/layout/new-part.tsx', 'features/site/index.ts'],
    ['a shared component importing the app', 'components/layout/new-part.tsx', 'app/router.tsx'],
    ["a feature importing another feature's component", 'features/knowledge/components/new-part.tsx', 'features/agents/components/login-required.tsx'],
    ["a feature importing another feature's API module", 'features/knowledge/components/new-part.tsx', 'features/agents/api/get-agent-detail.ts'],
    ['a feature importing the app', 'features/chat-history/components/new-part.tsx', 'app/router.tsx'],
    ['a feature importing the test helpers', 'features/knowledge/components/new-part.tsx', 'test/render.tsx'],
    ['a feature importing the real-server test helper', 'features/knowledge/components/new-part.tsx', 'test/real-server.ts'],
    ['a feature importing a locale bundle', 'features/knowledge/components/new-part.tsx', 'locales/en-US/knowledge.json'],
    ['a store importing a feature', 'stores/new-store.ts', 'features/chat/index.ts'],
    ['a store importing a shared component', 'stores/new-store.ts', 'components/layout/brand-mark.tsx'],
    ["a route file importing a feature's component", 'app/routes/new-page.tsx', 'features/notifications/components/notification-center.tsx'],
    ['a test helper importing a feature', 'test/new-helper.ts', 'features/chat/index.ts'],
    ['a lib test importing a store', 'lib/http/new.test.ts', 'stores/session-store.ts'],
    ['the widget loader importing a feature', 'embed/new-part.ts', 'features/widget-panel/index.ts'],
    ['the widget loader importing a store', 'embed/new-part.ts', 'stores/session-store.ts'],
  ])('refuses %s', async (_case, from, to) => {
    expect(await brokenRules(from, to)).toEqual(['boundaries/dependencies']);
  }, 60_000);

  it("refuses a lazy import of another feature's component", async () => {
    expect(await brokenRules('app/layout/new-part.tsx', 'features/chat-history/components/sidebar-histories.tsx', 'lazy')).toEqual([
      'boundaries/dependencies',
    ]);
  }, 60_000);

  it("refuses a test mocking another feature's module", async () => {
    expect(await brokenRules('features/knowledge/components/new.test.tsx', 'features/agents/api/get-agent-detail.ts', 'mock')).toEqual([
      'boundaries/dependencies',
    ]);
  }, 60_000);

  it('refuses a module outside the known folders', async () => {
    const [result] = await eslint.lintText('export const value = 1;\n', { filePath: `${repoRoot}${src}/utils/new-helper.ts` });
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['boundaries/no-unknown-files']);
  }, 60_000);

  it.each([
    ["a feature importing another feature's index", 'features/knowledge/components/new-part.tsx', 'features/agents/index.ts'],
    ['a feature importing the route paths', 'features/knowledge/components/new-part.tsx', 'lib/route-paths.ts'],
    ['a feature importing a store', 'features/knowledge/components/new-part.tsx', 'stores/session-store.ts'],
    ['a feature importing a shared component', 'features/knowledge/components/new-part.tsx', 'components/layout/link-button.tsx'],
    ["a route file importing a feature's index", 'app/routes/new-page.tsx', 'features/notifications/index.ts'],
    ["the app's layout importing a feature's index", 'app/layout/new-part.tsx', 'features/chat-history/index.ts'],
    ['the app wiring a store', 'app/new-wiring.ts', 'stores/session-store.ts'],
    ['a store importing lib', 'stores/new-store.ts', 'lib/storage/keys.ts'],
    ['the widget loader importing lib and its locale texts', 'embed/new-part.ts', 'lib/widget-messages.ts'],
    ['the widget loader importing its locale texts', 'embed/new-part.ts', 'locales/en-US/embed.json'],
    ["the widget panel's entry importing its feature", 'widget-main.tsx', 'features/widget-panel/index.ts'],
    ['a test importing a locale bundle', 'features/knowledge/components/new.test.tsx', 'locales/en-US/knowledge.json'],
    ['a test importing the real-server test helper', 'features/knowledge/components/new.test.tsx', 'test/real-server.ts'],
    ['a lib test importing the test helpers', 'lib/http/new.test.ts', 'test/fake-http-session.ts'],
  ])('allows %s', async (_case, from, to) => {
    expect(await brokenRules(from, to)).toEqual([]);
  }, 60_000);
});
