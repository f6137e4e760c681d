import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usedAntdExports } from './antd-imports';
import { extractAntdStylesheet, reachableStyleNames } from './antd-stylesheet';

const webRoot = join(import.meta.dirname, '..');
const antdEs = join(dirname(createRequire(join(webRoot, 'package.json')).resolve('antd/package.json')), 'es');

function sourceTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'antd-imports-'));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  return dir;
}

describe('usedAntdExports', () => {
  it('lists the components the shipped source imports from antd as values', () => {
    const dir = sourceTree({
      'a.tsx': "import { Button, type ButtonProps } from 'antd';\nimport type { TableProps } from 'antd';\nexport const x = <Button />;",
      'feature/b.ts': "export { Tag, Form as AppForm } from 'antd';\nimport 'antd/dist/antd.css';\nconst load = () => import('antd/es/locale/en_US');",
      'feature/b.test.tsx': "import { Table } from 'antd';",
      'test/setup.ts': "import { Modal } from 'antd';",
    });
    expect(usedAntdExports(dir)).toEqual(['Button', 'Form', 'Tag']);
  });

  it.each([
    ['a namespace import', "import * as antd from 'antd';"],
    ['a default import', "import antd from 'antd';"],
    ['a deep import of a component', "import Button from 'antd/es/button';"],
    ['a dynamic import of antd', "const load = () => import('antd');"],
  ])('fails on %s, whose components it could not tell', (_, code) => {
    const dir = sourceTree({ 'a.ts': code });
    expect(() => usedAntdExports(dir)).toThrow(/a\.ts/);
  });
});

describe('reachableStyleNames', () => {
  const styles = (exports: string[]) => reachableStyleNames(antdEs, exports).map((name) => name.style);

  it('includes the styles of the components a component draws', () => {
    expect(styles(['Form'])).toEqual(expect.arrayContaining(['Form-Form', 'Grid-Grid']));
    expect(styles(['Modal'])).toEqual(expect.arrayContaining(['Modal-Modal', 'Modal-confirm', 'Button-Button']));
    expect(styles(['Button'])).not.toContain('Table-Table');
  });

  it('fails on a name antd does not export', () => {
    expect(() => reachableStyleNames(antdEs, ['Buton'])).toThrow(/Buton/);
  });
});

describe('extractAntdStylesheet', () => {
  it("keeps antd.css's own rules for the given components and drops the others", () => {
    const css = extractAntdStylesheet(webRoot, reachableStyleNames(antdEs, ['Button']));
    const shipped = readFileSync(join(antdEs, '../dist/antd.css'), 'utf8');
    expect(css).toContain('.ant-btn{');
    expect(css).toContain('--ant-color-primary');
    expect(css).not.toContain('.ant-table');
    // Every rule, as antd.css has it (keyframes aside: each comes with the first style using it).
    const rules = css.replace(/@keyframes[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '').match(/[^{}]+\{[^{}]*\}/g) ?? [];
    expect(rules.length).toBeGreaterThan(100);
    for (const rule of rules.slice(0, -1)) expect(shipped).toContain(rule);
    expect(css.length).toBeLessThan(shipped.length / 5);
  });
});
