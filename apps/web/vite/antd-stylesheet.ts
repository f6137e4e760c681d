import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as StaticStyleExtract from '@ant-design/static-style-extract';
import type * as Antd from 'antd';
import type * as ReactModule from 'react';
import type { Plugin } from 'vite';
import { parseSync } from 'vite';
import { antdImportsOf, usedAntdExports } from './antd-imports';

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
  cache: Map<string, unknown[]>;
  updateTimes: Map<string, number>;
}

export interface AntdStylesheets {
  /** What every component relies on (the shared reset, the icons' rules): the app's antd/dist/antd.css. */
  base: string;
  /** Each style's rules (`Button-Button`, `Input-TextArea`), as antd.css has them; only styles that have any. */
  styles: Map<string, string>;
}

// A keyframes block, which the rules of several styles may each bring along.
const keyframesBlock = /@keyframes[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;
// The map @ant-design/cssinjs appends for server-rendered pages to hydrate from: in zeroRuntime mode nothing reads it.
const cachePathRule = /\.data-ant-cssinjs-cache-path\{[^{}]*\}$/;

/**
 * antd's prebuilt stylesheet (antd/dist/antd.css) cut into the shared part and one piece per
 * style. It is drawn the way antd draws antd.css (@ant-design/static-style-extract rendering every
 * component without hashed class names); the render must reproduce antd.css byte for byte, and
 * the pieces in antd.css's order must add up to it again (keyframes aside: each piece brings the
 * ones its rules use), so each piece is antd.css's own rules.
 */
export function extractAntdStylesheets(root: string): AntdStylesheets {
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
    throw new Error('rendering antd no longer reproduces antd/dist/antd.css (antd or @ant-design/static-style-extract changed?): vite/antd-stylesheet.ts cannot cut it up safely');
  }
  // The design tokens and each component's CSS variables, as the render wrote them, are scoped to
  // a class made of a server-rendered React id (.css-var-_R_0_): the app renders in the browser,
  // where ids read _r_…, and writes its own (zeroRuntime still does), so these never apply.
  const variables = cssinjs.extractStyle(cache, { plain: true, types: ['token', 'cssVar'] });
  const variableRules = variables.replace(cachePathRule, '').match(/[^{}]+\{[^{}]*\}/g) ?? [];
  const serverScoped = /^\.css-var-_R_\w*_(\.[\w-]+)?(,\s*\.css-var-_R_\w*_(\.[\w-]+)?)*\{(--[\w-]+:[^;{}]*;)*\}$/;
  if (variableRules.length === 0 || !variableRules.every((rule) => serverScoped.test(rule))) {
    throw new Error('antd.css now has CSS variables that apply in the browser: vite/antd-stylesheet.ts would drop them, and needs updating');
  }
  const isKnown = new Set(known.map((name) => name.style));
  const { cache: entries, updateTimes } = cache as unknown as StyleCache;
  // extractStyle's own order: by the style's order (antd puts Form first), then by when it was drawn
  const styleKeys = [...entries.keys()]
    .filter((key) => key.startsWith('style%'))
    .map((key, index) => ({ key, order: Number((entries.get(key)![1] as unknown[])[4] ?? 0), drawn: updateTimes.get(key) ?? 0, index }))
    .sort((a, b) => a.order - b.order || a.drawn - b.drawn || a.index - b.index)
    .map(({ key }) => key);
  const textOf = (key: string) => {
    const single = cssinjs.createCache();
    (single as unknown as StyleCache).cache.set(key, entries.get(key)!);
    return cssinjs.extractStyle(single, true).replace(cachePathRule, '');
  };
  let base = '';
  const styles = new Map<string, string>();
  let reassembled = '';
  for (const key of styleKeys) {
    // style%<hash>%<Component>-<Sub>%<prefix>%…
    const name = key.split('%')[2]!;
    const text = textOf(key);
    reassembled += text;
    if (sharedStyles.has(name)) base += text;
    // A style the name pattern cannot see would otherwise never be shipped, without a word.
    else if (!isKnown.has(name)) throw new Error(`antd registered a style vite/antd-stylesheet.ts cannot attribute (${key}): it needs updating`);
    else if (text) styles.set(name, (styles.get(name) ?? '') + text);
  }
  const withoutKeyframes = (css: string) => css.replace(keyframesBlock, '');
  const stylesOnly = cssinjs.extractStyle(cache, { plain: true, types: ['style'] }).replace(cachePathRule, '');
  if (withoutKeyframes(reassembled) !== withoutKeyframes(stylesOnly)) {
    throw new Error("antd.css's styles, drawn one by one, no longer add up to antd.css: vite/antd-stylesheet.ts cannot cut it up safely");
  }
  return { base, styles };
}

/** The selectors of a stylesheet's rules, one by one (at-rule preludes left out). */
function selectorsOf(css: string): string[] {
  return [...css.matchAll(/(?:^|[{}])([^{}@]+)\{/g)].flatMap(([, list]) => list!.split(',').map((selector) => selector.trim()));
}

/**
 * The styles that draw an antd class the app's stylesheets restyle (`.ant-tabs-nav`): those
 * whose rules mention the class and lead with its component's name (Tabs's `.ant-tabs …`, not
 * Card's `.ant-card .ant-tabs …`).
 */
export function stylesDrawingClass(styles: Map<string, string>, className: string): string[] {
  const component = /^\.ant-[a-z]+/.exec(className)![0];
  const mentions = new RegExp(`\\${className}(?![\\w-])`);
  const leads = new RegExp(`^\\${component}(?![a-z])`);
  return [...styles].filter(([, css]) => mentions.test(css) && selectorsOf(css).some((selector) => leads.test(selector))).map(([name]) => name);
}

/** The stylesheets a module imports by a relative path: `import './chat-view.css'`. */
function relativeStylesheets(file: string, code: string): string[] {
  const { module } = parseSync(file, code);
  return module.staticImports
    .map((declaration) => declaration.moduleRequest.value)
    .filter((request) => request.startsWith('.') && request.endsWith('.css'))
    .map((request) => resolve(dirname(file), request));
}

/** Where the app imports the shared part of antd's stylesheet (main.tsx); the build serves it cut down. */
const baseRequest = 'antd/dist/antd.css';
const baseId = '\0parley-antd.css';
/** One style's rules: `parley-antd-style:Button-Button.css`. */
const stylePrefix = 'parley-antd-style:';

/**
 * In the build, antd's stylesheet travels with the components that draw it, the way antd's own
 * per-component `style/css` imports once did: each of the app's modules that imports components
 * from 'antd' (antd-imports.ts) also imports the rules of every style those components can draw
 * (reachableStyleNames: Modal's buttons too), in antd.css's order, before its own stylesheets. So
 * a page's chunk brings the antd styles only it needs, Vite links them before the chunk runs (no
 * unstyled flash), and the first screen loads only the rules of the components it draws — where
 * the whole stylesheet was 680 KB. A module whose stylesheet restyles antd classes imports the
 * styles drawing them too (stylesDrawingClass), so antd's rules, loaded later, cannot override
 * the app's of equal weight: those always come after. `import 'antd/dist/antd.css'` (main.tsx) keeps what every
 * component relies on. A newly used component brings its styles without anyone listing it, and an
 * import the scan cannot read fails the build. The dev server keeps the whole stylesheet.
 */
export function antdStylesheet(): Plugin {
  let root = '';
  const stylesOfClass = new Map<string, string[]>();
  /** The styles drawing the antd classes a stylesheet of the app restyles (global.css's `.ant-tag…`). */
  const stylesRestyledBy = (stylesheet: string): string[] => {
    const names = new Set<string>();
    for (const [className] of readFileSync(stylesheet, 'utf8').matchAll(/\.ant-[a-z]+(?:-[a-z]+)*/g)) {
      if (!stylesOfClass.has(className!)) stylesOfClass.set(className!, stylesDrawingClass(sheets.styles, className!));
      for (const name of stylesOfClass.get(className!)!) names.add(name);
    }
    return [...names];
  };
  let srcDir = '';
  let antdEsDir = '';
  let sheets: AntdStylesheets = { base: '', styles: new Map() };
  let order: string[] = [];
  const stylesOfExport = new Map<string, string[]>();
  const stylesOf = (exports: string[], stylesheets: string[]): string[] => {
    const names = new Set(stylesheets.flatMap(stylesRestyledBy));
    for (const name of exports) {
      if (!stylesOfExport.has(name)) stylesOfExport.set(name, reachableStyleNames(antdEsDir, [name]).map((style) => style.style));
      for (const style of stylesOfExport.get(name)!) if (sheets.styles.has(style)) names.add(style);
    }
    return order.filter((style) => names.has(style));
  };
  return {
    name: 'parley:antd-stylesheet',
    apply: 'build',
    // Before Vite resolves the import to the file in node_modules, and before TypeScript is compiled.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      srcDir = join(root, 'src');
    },
    buildStart() {
      const require = createRequire(join(root, 'package.json'));
      antdEsDir = join(dirname(require.resolve('antd/package.json')), 'es');
      // every import of antd in the source, read once up front: one the scan cannot read fails the build here
      usedAntdExports(srcDir);
      sheets = extractAntdStylesheets(root);
      order = [...sheets.styles.keys()];
    },
    resolveId(source) {
      if (source === baseRequest) return baseId;
      return source.startsWith(stylePrefix) ? `\0${source}` : null;
    },
    load(id) {
      if (id === baseId) return sheets.base;
      if (!id.startsWith(`\0${stylePrefix}`)) return null;
      const css = sheets.styles.get(id.slice(stylePrefix.length + 1, -'.css'.length));
      if (css === undefined) this.error(`antd-stylesheet: no style named by ${id}`);
      return css;
    },
    transform: {
      filter: { id: /\.tsx?$/ },
      handler(code, id) {
        if (!id.startsWith(`${srcDir}/`) || /\.test\.tsx?$/.test(id) || !/antd|\.css['"]/.test(code)) return null;
        const styles = stylesOf(antdImportsOf(id, code), code.includes('.css') ? relativeStylesheets(id, code) : []);
        if (styles.length === 0) return null;
        // the shared part first, wherever the module lands: the pieces build on its reset; on the
        // first line, so the module's own lines keep their numbers
        const imports = [baseRequest, ...styles.map((style) => `${stylePrefix}${style}.css`)];
        return { code: imports.map((request) => `import '${request}';`).join('') + code, map: null };
      },
    },
  };
}
