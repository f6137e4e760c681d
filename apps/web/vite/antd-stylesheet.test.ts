import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usedAntdExports } from './antd-imports';
import type { ResolvedConfig } from 'vite';
import { antdStylesheet, extractAntdStylesheets, reachableStyleNames, stylesDrawingClass } from './antd-stylesheet';

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

describe('extractAntdStylesheets', () => {
  const sheets = extractAntdStylesheets(webRoot);
  const shipped = readFileSync(join(antdEs, '../dist/antd.css'), 'utf8');
  const rulesOf = (css: string) => css.replace(/@keyframes[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '').match(/[^{}]+\{[^{}]*\}/g) ?? [];

  it("cuts antd.css into one piece per style, each antd.css's own rules", () => {
    const button = sheets.styles.get('Button-Button')!;
    expect(button).toContain('.ant-btn{');
    expect(button).toContain('var(--ant-color-primary)');
    expect(button).not.toContain('.ant-table');
    expect(sheets.styles.get('Table-Table')).toContain('.ant-table');
    // keyframes aside: each piece brings the ones its rules use
    const rules = rulesOf(button);
    expect(rules.length).toBeGreaterThan(50);
    for (const rule of rules) expect(shipped).toContain(rule);
  });

  it('keeps the shared reset and the icons in the base, and no component', () => {
    expect(sheets.base).toContain('.anticon');
    expect(sheets.base).not.toContain('.ant-btn');
    expect(sheets.base.length).toBeLessThan(5_000);
  });

  it('drops what never applies in the browser: the server-scoped variables and the cache path map', () => {
    const everything = sheets.base + [...sheets.styles.values()].join('');
    expect(everything).not.toMatch(/\.css-var-_R_/);
    expect(everything).not.toContain('data-ant-cssinjs-cache-path');
  });
});

describe('stylesDrawingClass', () => {
  const { styles } = extractAntdStylesheets(webRoot);

  it("finds the component's own styles, not those of components that restyle it inside themselves", () => {
    expect(stylesDrawingClass(styles, '.ant-tabs-nav')).toEqual(['Tabs-Tabs']);
    expect(stylesDrawingClass(styles, '.ant-btn')).toContain('Button-Button');
    expect(stylesDrawingClass(styles, '.ant-btn')).not.toContain('Modal-Modal');
    expect(stylesDrawingClass(styles, '.ant-input-number')).toEqual(['InputNumber-InputNumber']);
    expect(stylesDrawingClass(styles, '.ant-tag-success')).toEqual(['Tag-status']);
  });
});

describe('antdStylesheet', () => {
  type Handler = (code: string, id: string) => { code: string } | null;
  function plugin(): Handler {
    const built = antdStylesheet() as unknown as { configResolved: (config: ResolvedConfig) => void; buildStart: () => void; transform: { handler: Handler } };
    built.configResolved({ root: webRoot } as ResolvedConfig);
    built.buildStart();
    return built.transform.handler;
  }
  const transform = plugin();
  /** The side-effect imports put on a module's first line. */
  const injected = (result: { code: string } | null) => (result?.code.split('\n')[0]!.match(/import '[^']+';/g) ?? []).map((line) => line.slice(8, -2));

  it("puts the styles a module's components draw before the module's own code, the shared part first, in antd.css's order", () => {
    const result = transform("import { Modal, Button } from 'antd';\nimport './chat-view.css';\nexport const x = 1;", join(webRoot, 'src/features/chat/components/x.tsx'));
    const imports = injected(result);
    expect(imports[0]).toBe('antd/dist/antd.css');
    expect(imports).toEqual(expect.arrayContaining(['parley-antd-style:Button-Button.css', 'parley-antd-style:Modal-Modal.css']));
    const inAntdCssOrder = [...extractAntdStylesheets(webRoot).styles.keys()].map((name) => `parley-antd-style:${name}.css`).filter((name) => imports.includes(name));
    expect(imports.slice(1)).toEqual(inAntdCssOrder);
    // the module's own lines keep their numbers
    expect(result!.code.split('\n').slice(1)).toEqual(["import './chat-view.css';", 'export const x = 1;']);
  });

  it('brings the styles of the antd classes a stylesheet of the module restyles', () => {
    const imports = injected(transform("import '../../styles/global.css';", join(webRoot, 'src/app/layout/x.tsx')));
    expect(imports).toEqual(expect.arrayContaining(['parley-antd-style:Tag-status.css', 'parley-antd-style:Button-Button.css']));
  });

  it('leaves modules alone that neither draw nor restyle antd, and test files', () => {
    expect(transform("import { useState } from 'react';", join(webRoot, 'src/a.tsx'))).toBeNull();
    expect(transform("import { Button } from 'antd';", join(webRoot, 'src/a.test.tsx'))).toBeNull();
  });
});
