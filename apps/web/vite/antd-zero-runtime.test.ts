import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { antdTheme } from '../src/lib/theme/antd-theme';
import { keepZeroRuntimeReturn, stripStyleGenerators, withoutIconStyleRegistration } from './antd-zero-runtime';

const require = createRequire(import.meta.url);

describe('the antd zeroRuntime build', () => {
  it('relies on the app running antd in zeroRuntime mode, in both themes', () => {
    expect(antdTheme('light').zeroRuntime).toBe(true);
    expect(antdTheme('dark').zeroRuntime).toBe(true);
  });

  it("replaces a component's style generator and keeps its token and options", () => {
    const code = [
      "const genButtonStyle = (token) => ({ [token.componentCls]: { color: token.colorText } });",
      "export default genStyleHooks('Button', (token) => [genButtonStyle(token)], prepareComponentToken, { unitless: { fontWeight: true } });",
    ].join('\n');
    expect(stripStyleGenerators(code)).toContain("genStyleHooks('Button', () => [], prepareComponentToken, { unitless: { fontWeight: true } })");
  });

  it('replaces the reset and common rules handed to cssinjs-utils', () => {
    const code = 'export const hooks = genStyleUtils({ useToken, getResetStyles: (token) => [genLinkStyle(token)], getCommonStyle: genCommonStyle });';
    expect(stripStyleGenerators(code)).toBe('export const hooks = genStyleUtils({ useToken, getResetStyles: undefined, getCommonStyle: undefined });');
  });

  it("ends cssinjs-utils' style hook at its zeroRuntime return, leaving no style registration", () => {
    const file = require.resolve('@ant-design/cssinjs-utils/es/util/genStyleUtils.js', { paths: [require.resolve('antd')] });
    const kept = keepZeroRuntimeReturn(readFileSync(file, 'utf8'));
    expect(kept).not.toBeNull();
    expect(kept).not.toMatch(/useStyleRegister\(/);
    expect(kept).toMatch(/useCSSVarRegister\(/);
  });

  it("drops ConfigProvider's run-time registration of the icons' reset, which antd.css's shared part holds", () => {
    const file = require.resolve('antd/es/theme/util/useResetIconStyle.js');
    const kept = withoutIconStyleRegistration(readFileSync(file, 'utf8'));
    expect(kept).not.toBeNull();
    expect(kept).not.toMatch(/useStyleRegister|cssinjs/);
    expect(withoutIconStyleRegistration('export default function useSomethingElse() {}')).toBeNull();
  });
});
