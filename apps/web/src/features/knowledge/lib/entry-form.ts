import { knowledgeEntryInput, knowledgeLimits, type KnowledgeChunk, type KnowledgeEntryInput } from '@parley/contracts';
import type { TFunction } from 'i18next';

/** The entry dialog's fields: both kinds' fields, the unused ones ignored. */
export interface EntryFormValues {
  kind: 'qa' | 'passage';
  question: string;
  heading: string;
  content: string;
}

export function emptyEntryForm(kind: EntryFormValues['kind'] = 'qa'): EntryFormValues {
  return { kind, question: '', heading: '', content: '' };
}

export function formOfEntry(chunk: KnowledgeChunk): EntryFormValues {
  return { kind: chunk.kind, question: chunk.question ?? '', heading: chunk.heading ?? '', content: chunk.content };
}

export function entryOfForm(values: EntryFormValues): KnowledgeEntryInput {
  return values.kind === 'qa'
    ? { kind: 'qa', question: values.question, content: values.content }
    : { kind: 'passage', heading: values.heading, content: values.content };
}

const maxOf = { question: knowledgeLimits.entryQuestionMaxChars, heading: knowledgeLimits.entryHeadingMaxChars, content: knowledgeLimits.entryContentMaxChars } as const;

export type EntryField = keyof typeof maxOf;

/**
 * Checks the entry with the contract's schema (`knowledgeEntryInput`) and says each field's
 * problem in the user's language: the schema decides what is wrong, the translations say it.
 */
export function entryProblems(values: EntryFormValues, t: TFunction<'knowledge'>): Partial<Record<EntryField, string>> {
  const parsed = knowledgeEntryInput.safeParse(entryOfForm(values));
  if (parsed.success) return {};
  const problems: Partial<Record<EntryField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field !== 'question' && field !== 'heading' && field !== 'content') continue;
    const label = t(`knowledge:entries.fields.${field === 'content' ? values.kind : field}`);
    problems[field] ??=
      issue.code === 'too_big' ? t('knowledge:entries.errors.tooLong', { field: label, max: maxOf[field] }) : t('knowledge:entries.errors.required', { field: label });
  }
  return problems;
}
