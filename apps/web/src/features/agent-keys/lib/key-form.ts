import { agentKeyLimits, createAgentKeyRequest, type CreateAgentKeyRequest } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { formatCount } from './format';

/** The new-key form's fields; an emptied number field holds null. */
export interface KeyFormValues {
  name: string;
  ratePerMinute: number | null;
  monthlyTokens: number | null;
  /** Checked: no monthly budget; the budget field is then ignored. */
  noBudget: boolean;
}

export type KeyField = 'name' | 'ratePerMinute' | 'monthlyTokens';

const keyFields: readonly KeyField[] = ['name', 'ratePerMinute', 'monthlyTokens'];

export function emptyKeyForm(): KeyFormValues {
  return { name: '', ratePerMinute: agentKeyLimits.ratePerMinute.default, monthlyTokens: agentKeyLimits.monthlyTokens.default, noBudget: false };
}

/** What is sent; an empty number is sent as it is, for the schema to refuse. */
export function requestOfForm(appId: string, values: KeyFormValues): CreateAgentKeyRequest {
  return {
    appId,
    name: values.name,
    ratePerMinute: values.ratePerMinute as number,
    monthlyTokens: values.noBudget ? null : values.monthlyTokens,
  };
}

/** Why a field is refused, in the reader's language: the words depend only on the field and the limits. */
export function describeKeyField(field: KeyField, values: KeyFormValues, t: TFunction<'keys'>, locale: string): string {
  if (field === 'name') {
    return values.name.trim() === '' ? t('keys:form.errors.nameRequired') : t('keys:form.errors.nameTooLong', { max: agentKeyLimits.nameMaxChars });
  }
  const { min, max } = agentKeyLimits[field];
  const range = { min: formatCount(min, locale), max: formatCount(max, locale) };
  return field === 'ratePerMinute' ? t('keys:form.errors.rate', range) : t('keys:form.errors.budget', range);
}

export function isKeyField(name: unknown): name is KeyField {
  return keyFields.includes(name as KeyField);
}

/**
 * Checks the form with the contract's schema (`createAgentKeyRequest`), as the server will, and
 * says each refused field's problem; an emptied budget is refused here, since the schema reads
 * null as "no budget".
 */
export function keyFormProblems(appId: string, values: KeyFormValues, t: TFunction<'keys'>, locale: string): Partial<Record<KeyField, string>> {
  const problems: Partial<Record<KeyField, string>> = {};
  if (!values.noBudget && values.monthlyTokens === null) problems.monthlyTokens = describeKeyField('monthlyTokens', values, t, locale);
  const parsed = createAgentKeyRequest.safeParse(requestOfForm(appId, values));
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (isKeyField(field)) problems[field] ??= describeKeyField(field, values, t, locale);
  }
  return problems;
}
