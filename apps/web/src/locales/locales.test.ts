import { locales } from '@parley/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../lib/i18n/namespaces';

const bundles = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

function bundle(locale: string, namespace: string): Map<string, unknown> {
  return flatten(bundles[`./${locale}/${namespace}.json`] ?? {});
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each([...namespaces])('the %s namespace', (namespace) => {
  const allKeys = new Set(locales.flatMap((locale) => [...bundle(locale, namespace).keys()]));

  it('exists in every language', () => {
    for (const locale of locales) expect(bundles, `${locale}/${namespace}.json`).toHaveProperty([`./${locale}/${namespace}.json`]);
  });

  it.each([...locales])('has every key, non-empty, in %s', (locale) => {
    const entries = bundle(locale, namespace);
    const missing = [...allKeys].filter((key) => !entries.has(key));
    const empty = [...entries].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(missing, `missing in ${locale}/${namespace}`).toEqual([]);
    expect(empty, `empty in ${locale}/${namespace}`).toEqual([]);
  });

  it.each([...locales])('keeps the same {{placeholders}} in %s as in en-US', (locale) => {
    const english = bundle('en-US', namespace);
    for (const [key, text] of bundle(locale, namespace)) {
      expect(placeholders(text), `${locale}/${namespace}:${key}`).toEqual(placeholders(english.get(key)));
    }
  });
});

it('has no language folder outside the supported locales', () => {
  const folders = new Set(Object.keys(bundles).map((path) => path.split('/')[1]));
  expect([...folders].sort()).toEqual([...locales].sort());
});

describe('counted texts', () => {
  it.each([
    ['settings', 'config.usageTotal', { tokens: '12', messages: '1', count: 1 }, '12 tokens in 1 message'],
    ['settings', 'config.usageTotal', { tokens: '1,200', messages: '2', count: 2 }, '1,200 tokens in 2 messages'],
    ['chat', 'usage.tokens', { count: 1 }, '1 token'],
    ['chat', 'usage.tokens', { count: 16 }, '16 tokens'],
  ])('say one in the singular, in English: %s %s', async (namespace, key, values, expected) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { [namespace]: bundles[`./en-US/${namespace}.json`]! } } });
    expect(i18n.t(key, { ns: namespace, ...values })).toBe(expected);
  });
});
