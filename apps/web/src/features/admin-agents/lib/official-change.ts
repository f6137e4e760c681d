import { officialFields, type OfficialData, type OfficialField, type UpdateOfficialRequest } from '@parley/contracts';

/** The official assistant's form: every field as text, the questions one per entry. */
export type OfficialForm = Omit<OfficialData['current'], 'avatarUrl'> & { avatarUrl: string };

export function formOf(values: OfficialData['current']): OfficialForm {
  return { ...values, avatarUrl: values.avatarUrl ?? '', suggestedQuestions: [...values.suggestedQuestions] };
}

function normalised(form: OfficialForm, field: OfficialField): string | string[] | null {
  if (field === 'suggestedQuestions') return form.suggestedQuestions.map((question) => question.trim()).filter((question) => question !== '');
  const text = form[field].trim();
  return field === 'avatarUrl' && text === '' ? null : text;
}

/**
 * What to send for the form as it is: each field that differs from what the assistant shows now,
 * and null for each field the operator set back to its built-in text (or, for the avatar, cleared).
 * Empty when nothing changed.
 */
export function officialChange(data: OfficialData, form: OfficialForm, backToBuiltIn: ReadonlySet<OfficialField>): UpdateOfficialRequest {
  const change: Record<string, unknown> = {};
  for (const field of officialFields) {
    const value = normalised(form, field);
    if (backToBuiltIn.has(field) || (field === 'avatarUrl' && value === null && data.changed.includes(field))) {
      if (data.changed.includes(field)) change[field] = null;
      continue;
    }
    if (JSON.stringify(value) !== JSON.stringify(data.current[field])) change[field] = value;
  }
  return change as UpdateOfficialRequest;
}
