import { describe, expect, it } from 'vitest';
import { markDeclarationsPure } from './pure-contracts';

describe('pure contracts', () => {
  it('marks top-level declarations that call something pure, and leaves plain values as they are', () => {
    const code = [
      "export const chatPaths = { list: '/list' };",
      'const id = z.string().min(1);',
      'export const item = z.object({ id: id.default(0), page: z.number() });',
      'export function parseItem(value) { return item.parse(value); }',
    ].join('\n');
    expect(markDeclarationsPure(code)).toBe(
      [
        "export const chatPaths = { list: '/list' };",
        'const id = /* @__PURE__ */ (() => (z.string().min(1)))();',
        'export const item = /* @__PURE__ */ (() => (z.object({ id: id.default(0), page: z.number() })))();',
        'export function parseItem(value) { return item.parse(value); }',
      ].join('\n'),
    );
  });

  it('leaves a declaration whose calls sit inside a function it defines', () => {
    const code = 'export const makeNonce = () => crypto.randomUUID();';
    expect(markDeclarationsPure(code)).toBe(code);
  });
});
