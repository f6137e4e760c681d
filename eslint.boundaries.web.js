import boundaries from 'eslint-plugin-boundaries';

// web boundaries (apps/web/src), checked by apps/web/src/lint-boundaries.test.ts.
// main.tsx and app/ (routes, layout, start-up wiring) compose the features; a feature uses
// another only through its index.ts and never imports app/. Below the features sit
// components/ (shared UI) → stores/ (shared client state) → lib/, and none of them imports a
// feature. Locale bundles reach the code through lib/i18n, not imports. Tests import what
// their subject may, plus the test helpers (test/, which start the real server) and the
// locale texts. embed/ is the widget loader that runs on other websites: it stands alone,
// with lib/ and its own locale texts only. (entry-point is deprecated in
// eslint-plugin-boundaries 7: "only through index.ts" is fileInternalPath below.)
export const webBoundaries = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
    // lazy imports and re-exports are dependencies too, and so is a module a test mocks
    'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    'boundaries/additional-dependency-nodes': [
      { selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock'] > Literal", kind: 'value', name: 'vi-mock' },
    ],
    'boundaries/elements': [
      { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'], partialMatch: false },
      { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
      { type: 'web-components', pattern: 'apps/web/src/components', partialMatch: false },
      { type: 'web-stores', pattern: 'apps/web/src/stores', partialMatch: false },
      { type: 'web-lib', pattern: 'apps/web/src/lib', partialMatch: false },
      { type: 'web-locales', pattern: 'apps/web/src/locales', partialMatch: false },
      { type: 'web-styles', pattern: 'apps/web/src/styles', partialMatch: false },
      { type: 'web-test-helpers', pattern: 'apps/web/src/test', partialMatch: false },
      { type: 'web-embed', pattern: 'apps/web/src/embed', partialMatch: false },
    ],
    'boundaries/files': [
      { category: 'web-entry', pattern: 'apps/web/src/{main,widget-main}.tsx' },
      { category: 'web-test', pattern: 'apps/web/src/**/*.test.{ts,tsx}' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          {
            from: { file: { categories: 'web-entry' } },
            allow: {
              to: [
                { element: { type: 'web-app' } },
                { element: { type: 'web-feature', fileInternalPath: 'index.ts' } },
                { element: { types: ['web-stores', 'web-lib', 'web-styles'] } },
              ],
            },
          },
          {
            from: { element: { type: 'web-app' } },
            allow: {
              to: [
                { element: { type: 'web-feature', fileInternalPath: 'index.ts' } },
                { element: { types: ['web-components', 'web-stores', 'web-lib'] } },
              ],
            },
          },
          {
            from: { element: { type: 'web-feature' } },
            allow: {
              to: [
                { element: { type: 'web-feature', fileInternalPath: 'index.ts' } },
                { element: { types: ['web-components', 'web-stores', 'web-lib'] } },
              ],
            },
          },
          { from: { element: { type: 'web-embed' } }, allow: { to: { element: { types: ['web-lib', 'web-locales'] } } } },
          { from: { element: { type: 'web-components' } }, allow: { to: { element: { types: ['web-stores', 'web-lib'] } } } },
          { from: { element: { type: 'web-stores' } }, allow: { to: { element: { type: 'web-lib' } } } },
          // lib/i18n loads the bundles (through import.meta.glob, which the linter does not see)
          { from: { element: { type: 'web-lib' } }, allow: { to: { element: { type: 'web-locales' } } } },
          // the locale tests read lib/i18n's namespace list
          { from: { element: { type: 'web-locales' } }, allow: { to: { element: { type: 'web-lib' } } } },
          {
            from: { element: { type: 'web-test-helpers' } },
            allow: { to: { element: { types: ['web-app', 'web-stores', 'web-lib', 'web-locales'] } } },
          },
          {
            from: { file: { categories: 'web-test' } },
            allow: { to: { element: { types: ['web-test-helpers', 'web-locales'] } } },
          },
        ],
      },
    ],
    'boundaries/no-unknown-files': 'error',
  },
};
