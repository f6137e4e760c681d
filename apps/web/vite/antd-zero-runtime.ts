import { parseAst, type Plugin } from 'vite';

/** antd's helpers that take a component's style generator as their second argument. */
const styleHookFactories = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
/** What antd hands @ant-design/cssinjs-utils to write its reset and common rules. */
const sharedStyleOptions = new Set(['getResetStyles', 'getCommonStyle']);

type Replacement = { start: number; end: number; text: string };
interface Spanned {
  type: string;
  start: number;
  end: number;
  callee?: Spanned & { name?: string };
  arguments?: Spanned[];
  key?: Spanned & { name?: string };
  value?: Spanned;
  body?: Spanned[];
  test?: Spanned & { name?: string };
}

function replace(code: string, replacements: Replacement[]): string {
  let result = code;
  for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start)) result = result.slice(0, start) + text + result.slice(end);
  return result;
}

function walk(node: unknown, visit: (node: Spanned) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  if (typeof (node as { type?: unknown }).type === 'string') visit(node as Spanned);
  for (const [key, child] of Object.entries(node)) if (key !== 'parent') walk(child, visit);
}

/** The style generators (and antd's shared reset and common rules) replaced by functions that write nothing. */
export function stripStyleGenerators(code: string): string {
  const replacements: Replacement[] = [];
  walk(parseAst(code), (node) => {
    const styleFn = node.type === 'CallExpression' && styleHookFactories.has(node.callee?.name ?? '') ? node.arguments?.[1] : undefined;
    if (styleFn) replacements.push({ start: styleFn.start, end: styleFn.end, text: '() => []' });
    const option = node.type === 'Property' && sharedStyleOptions.has(node.key?.name ?? '') ? node.value : undefined;
    if (option) replacements.push({ start: option.start, end: option.end, text: 'undefined' });
  });
  return replace(code, replacements);
}

/**
 * cssinjs-utils' style hook returns early in zeroRuntime mode (`if (memoizedZeroRuntime) return
 * hashId;`); that return becomes the hook's end, and the writing after it goes.
 */
export function keepZeroRuntimeReturn(code: string): string | null {
  let cut: Replacement | null = null;
  walk(parseAst(code), (node) => {
    const body = node.type === 'BlockStatement' ? node.body : undefined;
    const early = body?.find((statement) => statement.type === 'IfStatement' && statement.test?.name === 'memoizedZeroRuntime');
    if (early) cut = { start: early.start, end: node.end - 1, text: 'return hashId;\n' };
  });
  return cut ? replace(code, [cut]) : null;
}

/**
 * ConfigProvider registers the icons' reset rules at run time whatever the mode, through
 * cssinjs's style writer (and stylis); in zeroRuntime mode antd.css's shared part (main.tsx)
 * already holds them, so the hook registers nothing. Null when the module no longer reads as
 * that one registration.
 */
export function withoutIconStyleRegistration(code: string): string | null {
  if (!/useStyleRegister\(/.test(code) || !/genIconStyle\(/.test(code) || !/export default useResetIconStyle/.test(code)) return null;
  return 'const useResetIconStyle = () => undefined;\nexport default useResetIconStyle;\n';
}

/**
 * antd runs in zeroRuntime mode (lib/theme/antd-theme.ts): its rules come from the prebuilt
 * antd.css, and a component's style hook returns before it would generate any. The generators
 * still ship, though — each component's `style/` module hands its own to antd's hook factories —
 * and with them cssinjs's stylis-based writer. This build drops them: every generator becomes a
 * function that writes nothing and the hook always takes its zeroRuntime return, so the minifier
 * removes the code behind them. The CSS-variable hooks (the theme's tokens) and the class names
 * are untouched; the icons' reset, which ConfigProvider registers in any mode, goes too
 * (withoutIconStyleRegistration).
 */
export function antdZeroRuntime(): Plugin {
  return {
    name: 'parley:antd-zero-runtime',
    apply: 'build',
    transform: {
      filter: { id: /\/node_modules\/(antd\/es\/.*|@ant-design\/cssinjs-utils\/es\/util\/genStyleUtils)\.js$/ },
      handler(code, id) {
        if (id.endsWith('/antd/es/theme/util/useResetIconStyle.js')) {
          const kept = withoutIconStyleRegistration(code);
          if (kept === null) this.error(`antd-zero-runtime: ${id} no longer only registers the icons' reset`);
          return { code: kept, map: null };
        }
        if (id.includes('/@ant-design/cssinjs-utils/')) {
          const kept = keepZeroRuntimeReturn(code);
          if (kept === null) this.error(`antd-zero-runtime: ${id} no longer returns early in zeroRuntime mode`);
          return { code: kept, map: null };
        }
        if (!/genStyleHooks|genComponentStyleHook|genSubStyleComponent|getResetStyles/.test(code)) return null;
        return { code: stripStyleGenerators(code), map: null };
      },
    },
  };
}
