import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as StaticStyleExtract from '@ant-design/static-style-extract';
import type * as Antd from 'antd';
import type * as ReactModule from 'react';
import type { Plugin } from 'vite';
import { parseSync } from 'vite';
import { usedAntdExports } from './antd-imports';

// How antd names the styles it registers: genStyleHooks('Button', …), genStyleHooks(['Input', 'TextArea'], …),
// genSubStyleComponent(['Tag', 'preset'], …), genComponentStyleHook('Wave', …). The cache keys of
// @ant-design/cssinjs then read `style%<hash>%<Component>-<Sub>%…` and `cssVar%<Component>%…`.
const styleHookPattern = /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(?:'([\w-]+)'|\[\s*'([\w-]+)'\s*,\s*'([\w-]+)'\s*\])/g;
// Styles every component relies on, registered under no component's name: the shared reset, the icons.
const sharedStyles = new Set(['Shared', 'ant-design-icons']);

interface StyleName {
  /** `Button-Button`, `Input-TextArea`: the name in the style's cache key. */
  style: string;
  /** `Button`, `Input`: the name in the CSS variable block's cache key. */
  component: string;
}

function styleNamesIn(code: string): StyleName[] {
  return [...code.matchAll(styleHookPattern)].map(([, single, component, sub]) =>
    single ? { style: `${single}-${single}`, component: single } : { style: `${component}-${sub}`, component: component! },
  );
}

/** The file a relative import inside antd/es names (`../button` → `../button/index.js`). */
function resolveAntdFile(from: string, request: string): string | null {
  const base = resolve(dirname(from), request);
  for (const candidate of [base, `${base}.js`, join(base, 'index.js')]) if (candidate.endsWith('.js') && existsSync(candidate)) return candidate;
  return null;
}

function relativeRequests(file: string): string[] {
  const { module } = parseSync(file, readFileSync(file, 'utf8'));
  return [
    ...module.staticImports.map((declaration) => declaration.moduleRequest.value),
    ...module.staticExports.flatMap((declaration) => declaration.entries.flatMap((entry) => (entry.moduleRequest ? [entry.moduleRequest.value] : []))),
  ].filter((request) => request.startsWith('.'));
}

/**
 * The styles the named antd exports can draw: those registered anywhere in the modules they
 * import, directly or not (Form draws Grid's rows, Modal its buttons, Select its Empty).
 */
export function reachableStyleNames(antdEsDir: string, exports: string[]): StyleName[] {
  const index = join(antdEsDir, 'index.js');
  const { module } = parseSync(index, readFileSync(index, 'utf8'));
  const exportFiles = new Map(
    module.staticExports.flatMap((declaration) =>
      declaration.entries.flatMap((entry) => (entry.moduleRequest && entry.exportName.name ? [[entry.exportName.name, entry.moduleRequest.value] as const] : [])),
    ),
  );
  const seen = new Set<string>();
  const pending = exports.map((name) => {
    const request = exportFiles.get(name);
    const file = request && resolveAntdFile(index, request);
    if (!file) throw new Error(`antd has no export named ${name} in ${index}`);
    return file;
  });
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const request of relativeRequests(file)) {
      const target = resolveAntdFile(file, request);
      if (target?.startsWith(antdEsDir)) pending.push(target);
    }
  }
  return [...seen].flatMap((file) => styleNamesIn(readFileSync(file, 'utf8')));
}

/** Every style name antd registers anywhere, to check the cache keys against. */
function allStyleNames(antdEsDir: string): StyleName[] {
  const index = join(antdEsDir, 'index.js');
  const { module } = parseSync(index, readFileSync(index, 'utf8'));
  const names = module.staticExports.flatMap((declaration) => declaration.entries.flatMap((entry) => (entry.exportName.name ? [entry.exportName.name] : [])));
  return reachableStyleNames(antdEsDir, names.filter((name) => /^[A-Z]|^(message|notification)$/.test(name)));
}

interface StyleCache {
  cache: Map<string, unknown>;
}

/**
 * antd's prebuilt stylesheet (antd/dist/antd.css) cut down to the given styles. It is drawn the
 * way antd draws antd.css (@ant-design/static-style-extract rendering every component without
 * hashed class names); the render must reproduce antd.css byte for byte, then every style the
 * app's components cannot draw is dropped. What is kept is antd.css's own rules, in its order.
 */
export function extractAntdStylesheet(root: string, keep: StyleName[]): string {
  const require = createRequire(join(root, 'package.json'));
  const known = allStyleNames(join(dirname(require.resolve('antd/package.json')), 'es'));
  const React = require('react') as typeof ReactModule;
  const cssinjs = require('@ant-design/cssinjs') as typeof CssInJs;
  const { ConfigProvider } = require('antd') as typeof Antd;
  const { extractStyle } = require('@ant-design/static-style-extract') as typeof StaticStyleExtract;
  const cache = cssinjs.createCache();
  // The same render as antd's scripts/build-style.tsx, with a cache of our own to pick from.
  extractStyle((node) =>
    React.createElement(cssinjs.StyleProvider, { cache }, React.createElement(ConfigProvider, { theme: { hashed: false } }, node)),
  );
  const full = cssinjs.extractStyle(cache, true);
  const shipped = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
  if (full !== shipped) {
    throw new Error('rendering antd no longer reproduces antd/dist/antd.css (antd or @ant-design/static-style-extract changed?): vite/antd-stylesheet.ts cannot cut it down safely');
  }
  // The design tokens and each component's CSS variables, as the render wrote them, are scoped to
  // a class made of a server-rendered React id (.css-var-_R_0_): the app renders in the browser,
  // where ids read _r_…, and writes its own (zeroRuntime still does), so these never apply.
  const variables = cssinjs.extractStyle(cache, { plain: true, types: ['token', 'cssVar'] });
  const variableRules = variables.replace(/\.data-ant-cssinjs-cache-path\{[^{}]*\}$/, '').match(/[^{}]+\{[^{}]*\}/g) ?? [];
  const serverScoped = /^\.css-var-_R_\w*_(\.[\w-]+)?(,\s*\.css-var-_R_\w*_(\.[\w-]+)?)*\{(--[\w-]+:[^;{}]*;)*\}$/;
  const variablesNeverApply = variableRules.length > 0 && variableRules.every((rule) => serverScoped.test(rule));
  const isKnown = { style: new Set(known.map((name) => name.style)), cssVar: new Set(known.map((name) => name.component)) };
  const isKept = { style: new Set(keep.map((name) => name.style)), cssVar: new Set(keep.map((name) => name.component)) };
  const keys = (cache as unknown as StyleCache).cache;
  for (const key of [...keys.keys()]) {
    // token%…, style%<hash>%<Component>-<Sub>%<prefix>%…, cssVar%<Component>%…
    const [type, ...path] = key.split('%');
    if (type === 'token') {
      if (variablesNeverApply) keys.delete(key);
      continue;
    }
    if (type !== 'style' && type !== 'cssVar') throw new Error(`antd registered a style of an unknown kind (${key}): vite/antd-stylesheet.ts needs updating`);
    const name = type === 'style' ? path[1]! : path[0]!;
    if (type === 'style' && sharedStyles.has(name)) continue;
    // A style the name pattern cannot see would otherwise be dropped without a word.
    if (!isKnown[type].has(name)) throw new Error(`antd registered a style vite/antd-stylesheet.ts cannot attribute (${key}): it needs updating`);
    if (!isKept[type].has(name) || (type === 'cssVar' && variablesNeverApply)) keys.delete(key);
  }
  return cssinjs.extractStyle(cache, true);
}

const stylesheetId = '\0parley-antd.css';

/**
 * In the build, `import 'antd/dist/antd.css'` ships only the antd styles the app's components
 * can draw (about 630 of its 980 KB), so the browser parses, and matches elements against, fewer
 * rules while the first screen is drawn. The components are read from the app's imports of
 * 'antd' at build time (antd-imports.ts): a newly used component brings its styles without anyone
 * listing it, and an import the scan cannot read fails the build. The dev server keeps the whole
 * stylesheet.
 */
export function antdStylesheet(): Plugin {
  let root = '';
  let css = '';
  return {
    name: 'parley:antd-stylesheet',
    apply: 'build',
    // Before Vite resolves the import to the file in node_modules.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const require = createRequire(join(root, 'package.json'));
      const antdEsDir = join(dirname(require.resolve('antd/package.json')), 'es');
      const keep = reachableStyleNames(antdEsDir, usedAntdExports(join(root, 'src')));
      css = extractAntdStylesheet(root, keep);
    },
    resolveId(source) {
      return source === 'antd/dist/antd.css' ? stylesheetId : null;
    },
    load(id) {
      return id === stylesheetId ? css : null;
    },
  };
}
