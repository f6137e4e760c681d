import { parseAst, type Plugin } from 'vite';

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const functionTypes = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Whether evaluating the expression calls anything (code inside functions it defines aside). */
function callsSomething(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsSomething);
  if (!isNode(node) || functionTypes.has(node.type)) return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') return true;
  return Object.entries(node).some(([key, child]) => key !== 'parent' && callsSomething(child));
}

/** Each top-level `const x = <calls>` becomes `const x = /* @__PURE__ *\/ (() => <calls>)()`. */
export function markDeclarationsPure(code: string): string {
  const program = parseAst(code) as unknown as { body: AstNode[] };
  const inits: AstNode[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      if (isNode(declarator.init) && callsSomething(declarator.init)) inits.push(declarator.init);
    }
  }
  let result = code;
  for (const init of inits.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, init.start)}/* @__PURE__ */ (() => (${result.slice(init.start, init.end)}))()${result.slice(init.end)}`;
  }
  return result;
}

/**
 * The contracts hold declarations only — paths, limits, zod schemas — and the package says so
 * (`sideEffects: false`), but only for whole modules: a screen that imports `chatPaths` keeps
 * every schema of chats.ts, and zod, because the bundler cannot tell that `x.default(0)` or
 * `schema.extend({...})` change nothing. Marking each top-level declaration pure lets it drop
 * the ones nothing uses; the first screen reads paths and limits and checks nothing.
 */
export function pureContracts(): Plugin {
  return {
    name: 'parley:pure-contracts',
    apply: 'build',
    transform: {
      filter: { id: /\/packages\/contracts\/src\/[^/]+\.ts$/ },
      handler(code) {
        return { code: markDeclarationsPure(code), map: null };
      },
    },
  };
}
