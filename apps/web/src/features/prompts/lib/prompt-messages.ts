import { promptLimits } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../../lib/format-bytes';
import type { ImportFailure, SkippedPrompt } from './prompt-import';
import type { PromptProblem } from './prompt-rules';

/** The text spec section 5 gives for each add or edit problem. */
export function problemMessage(t: TFunction<'prompts'>, problem: PromptProblem): string {
  switch (problem.kind) {
    case 'emptyTitle':
      return t('prompts:rules.emptyTitle');
    case 'emptyContent':
      return t('prompts:rules.emptyContent');
    case 'titleTooLong':
      return t('prompts:rules.titleTooLong', { max: promptLimits.titleMaxChars });
    case 'contentTooLong':
      return t('prompts:rules.contentTooLong', { max: promptLimits.contentMaxChars });
    case 'storeFull':
      return t('prompts:rules.storeFull', { max: promptLimits.maxItems });
    case 'duplicateTitle':
      return t('prompts:rules.duplicateTitle');
    case 'duplicateContent':
      return t('prompts:rules.duplicateContent', { content: clip(problem.content) });
    case 'editConflict':
      return t('prompts:rules.editConflict');
  }
}

export function importFailureMessage(t: TFunction<'prompts'>, failure: ImportFailure, locale: string): string {
  switch (failure.kind) {
    case 'invalidJson':
      return t('prompts:import.invalidJson');
    case 'notAList':
      return t('prompts:import.notAList');
    case 'tooLarge':
      return t('prompts:import.tooLarge', { max: formatBytes(promptLimits.importMaxBytes, locale) });
    case 'tooMany':
      return t('prompts:import.tooMany', { max: promptLimits.maxItems });
    case 'keyValueMismatch':
      return t('prompts:import.keyValueMismatch', { item: failure.index + 1 });
  }
}

/** "Import Success", with how many were added and how many skipped. */
export function importSummary(t: TFunction<'prompts'>, added: number, skipped: number): string {
  const parts = [t('prompts:messages.importSuccess'), t('prompts:import.added', { count: added })];
  if (skipped > 0) parts.push(t('prompts:import.skipped', { count: skipped }));
  return parts.join(' · ');
}

/** One line per skipped item, naming it and why it was skipped. */
export function skippedReason(t: TFunction<'prompts'>, item: SkippedPrompt): string {
  return item.reason === 'title'
    ? t('prompts:import.skippedTitle', { title: item.title })
    : t('prompts:import.skippedContent', { title: item.title });
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
