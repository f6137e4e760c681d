import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const english = import.meta.glob<Record<string, unknown>>('./en-US/*.json', { import: 'default', eager: true });

/** The key, or its plural forms (`files_other`) when it is a counted text. */
function has(namespace: string, key: string): boolean {
  let node: unknown = english[`./en-US/${namespace}.json`];
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'object' || node === null) return false;
  const leaves = node as Record<string, unknown>;
  return typeof leaves[last] === 'string' || typeof leaves[`${last}_other`] === 'string';
}

/** Every literal t('key') or t('ns:key'), resolved against the file's useTranslation('ns'). */
function usedKeys(source: string): string[] {
  const namespace = /useTranslation\('(\w+)'\)/.exec(source)?.[1] ?? 'common';
  return [...source.matchAll(/\bt\('([\w.:]+)'/g)].map(([, key = '']) => (key.includes(':') ? key : `${namespace}:${key}`));
}

describe('translation keys used in the code', () => {
  const used = Object.entries(sources).flatMap(([file, source]) => usedKeys(source).map((key) => ({ file, key })));

  it('are found by the scan', () => {
    expect(used.length).toBeGreaterThan(40);
  });

  it('all exist in en-US (the other languages are held to en-US by locales.test.ts)', () => {
    const missing = used.filter(({ key }) => {
      const [namespace = '', path = ''] = key.split(':');
      return !has(namespace, path);
    });
    expect(missing).toEqual([]);
  });
});
