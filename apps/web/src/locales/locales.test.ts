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

/** i18next's plural forms: `files_one`, `files_few` ... beside or instead of a plain `files`. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The forms a language needs for a counted text: English one and other, Russian one, few, many and other, Chinese other. */
const pluralForms = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

describe.each([...namespaces])('the %s namespace', (namespace) => {
  const keys = new Set(locales.flatMap((locale) => [...bundle(locale, namespace).keys()]));
  const plainKeys = [...keys].filter((key) => !pluralSuffix.test(key));
  const countedKeys = new Set([...keys].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, '')));

  it('exists in every language', () => {
    for (const locale of locales) expect(bundles, `${locale}/${namespace}.json`).toHaveProperty([`./${locale}/${namespace}.json`]);
  });

  it.each([...locales])('has every key, non-empty, in %s', (locale) => {
    const entries = bundle(locale, namespace);
    const missing = plainKeys.filter((key) => !entries.has(key));
    const empty = [...entries].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(missing, `missing in ${locale}/${namespace}`).toEqual([]);
    expect(empty, `empty in ${locale}/${namespace}`).toEqual([]);
  });

  it.each([...locales])('has every plural form %s needs for each counted text', (locale) => {
    const entries = bundle(locale, namespace);
    // i18next falls back from a missing form to the plain key, not to `_other`
    const missing = [...countedKeys].flatMap((key) => pluralForms(locale).map((form) => `${key}_${form}`).filter((form) => !entries.has(form) && !entries.has(key)));
    expect(missing, `missing in ${locale}/${namespace}`).toEqual([]);
  });

  it.each([...locales])('keeps the same {{placeholders}} in %s as in en-US', (locale) => {
    const english = bundle('en-US', namespace);
    for (const [key, text] of bundle(locale, namespace)) {
      const counterpart = english.get(key) ?? english.get(key.replace(pluralSuffix, '_other'));
      expect(placeholders(text), `${locale}/${namespace}:${key}`).toEqual(placeholders(counterpart));
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
    ['knowledge', 'totals.files', { count: 1 }, '1 file'],
    ['knowledge', 'totals.files', { count: 3 }, '3 files'],
  ])('say one in the singular, in English: %s %s', async (namespace, key, values, expected) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { [namespace]: bundles[`./en-US/${namespace}.json`]! } } });
    expect(i18n.t(key, { ns: namespace, ...values })).toBe(expected);
  });
});

describe('counted texts in Russian', () => {
  it.each([
    [1, '1 файл'],
    [3, '3 файла'],
    [5, '5 файлов'],
    [21, '21 файл'],
  ])('take the form the number asks for: %i', async (count, expected) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'ru-RU', resources: { 'ru-RU': { knowledge: bundles['./ru-RU/knowledge.json']! } } });
    expect(i18n.t('totals.files', { ns: 'knowledge', count })).toBe(expected);
  });
});
