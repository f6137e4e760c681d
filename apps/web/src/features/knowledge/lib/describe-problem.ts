import type { KnowledgeProblem } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../../lib/format-bytes';

type Param = KnowledgeProblem['params'][string];

/** A file kind (what a file is named as, or really is) in words; null for a kind this version has no words for. */
function kindText(value: Param | undefined, t: TFunction<'knowledge'>): string | null {
  if (typeof value !== 'string') return null;
  return t(`fileKinds.${value}`, { defaultValue: '' }) || null;
}

/**
 * Why a file was turned away or failed, in the reader's language, with its figures (sizes as
 * the rest of the screen shows them). A code this version does not know (or a server too old to
 * send one) shows the English sentence the server gave beside it.
 */
export function describeKnowledgeProblem(problem: KnowledgeProblem | null | undefined, english: string, t: TFunction<'knowledge'>, locale: string): string {
  if (!problem) return english;
  const { code, params } = problem;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') values[name] = name.endsWith('Bytes') ? formatBytes(value, locale) : new Intl.NumberFormat(locale).format(value);
    else if (Array.isArray(value)) values[name] = new Intl.ListFormat(locale, { type: 'disjunction' }).format(value.map((type) => type.toUpperCase()));
    else values[name] = value;
  }
  let key = `problems.${code}`;
  if (code === 'typeMismatch') {
    const claimed = kindText(params.claimed, t);
    const actual = params.actual === 'notText' ? '' : kindText(params.actual, t);
    if (claimed === null || actual === null) return english;
    Object.assign(values, { claimed, actual });
    if (params.actual === 'notText') key = 'problems.typeMismatchNotText';
  }
  if (code === 'csvUnreadable' && typeof params.line === 'number') key = 'problems.csvUnreadableAt';
  return t(key, { ...values, defaultValue: english });
}
