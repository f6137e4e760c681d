import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';

/** Subpaths of antd the app may import besides 'antd' itself: locale data and the stylesheet; they draw no component. */
const allowedSubpaths = [/^antd\/(es|lib)\/locale(\/|$)/, /^antd\/locale(\/|$)/, /^antd\/dist\/antd\.css$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Throws unless a module request may name antd only in the ways this scan understands. */
function checkRequest(request: string, file: string): void {
  if (request === 'antd' || !request.startsWith('antd/')) return;
  if (allowedSubpaths.some((pattern) => pattern.test(request))) return;
  throw new Error(`${file} imports '${request}': import components from 'antd' instead, so the build ships their styles (vite/antd-stylesheet.ts)`);
}

/**
 * The names one module imports from 'antd' as values (Button, Form, message…), in source order.
 * Type-only imports draw nothing and are left out. Any import the scan cannot read precisely (a
 * namespace or default import of antd, a deep import of a component, a dynamic import of antd)
 * throws: a component it missed would be drawn without its styles.
 */
export function antdImportsOf(file: string, code: string): string[] {
  if (!code.includes('antd')) return [];
  const { module, errors } = parseSync(file, code);
  if (errors.length) throw new Error(`${file} could not be parsed for its antd imports: ${errors[0]!.message}`);
  // import { Button } from 'antd' and export { Button } from 'antd' alike.
  const bindings = [
    ...module.staticImports.flatMap((declaration) =>
      declaration.entries.map((entry) => ({ request: declaration.moduleRequest.value, isType: entry.isType, named: entry.importName.kind === 'Name', name: entry.importName.name })),
    ),
    ...module.staticExports.flatMap((declaration) =>
      declaration.entries.flatMap((entry) =>
        entry.moduleRequest ? [{ request: entry.moduleRequest.value, isType: entry.isType, named: entry.importName.kind === 'Name', name: entry.importName.name }] : [],
      ),
    ),
    // import 'antd' (for its side effects) has no entries
    ...module.staticImports.filter((declaration) => declaration.entries.length === 0).map((declaration) => ({ request: declaration.moduleRequest.value, isType: false, named: true, name: null })),
  ];
  const names: string[] = [];
  for (const { request, isType, named, name } of bindings) {
    checkRequest(request, file);
    if (request !== 'antd' || isType) continue;
    if (!named || !name) {
      throw new Error(`${file} imports antd as a whole: import each component by name, so the build ships only their styles (vite/antd-stylesheet.ts)`);
    }
    if (!names.includes(name)) names.push(name);
  }
  for (const dynamic of module.dynamicImports) {
    const request = code.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end).replace(/^['"`]|['"`]$/g, '');
    if (request === 'antd') throw new Error(`${file} imports antd dynamically: import each component by name, so the build ships only their styles (vite/antd-stylesheet.ts)`);
    checkRequest(request, file);
  }
  return names;
}

/** The names the app's shipped source imports from 'antd' as values, sorted (antdImportsOf, over every source file). */
export function usedAntdExports(srcDir: string): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) for (const name of antdImportsOf(file, readFileSync(file, 'utf8'))) names.add(name);
  return [...names].sort();
}
