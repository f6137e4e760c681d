import { agentLimits, type AgentInput } from '@parley/contracts';
import type { TFunction } from 'i18next';
import type { FieldProblem } from './agent-form';

const textMax = {
  name: agentLimits.nameMaxChars,
  intro: agentLimits.introMaxChars,
  systemPrompt: agentLimits.systemPromptMaxChars,
  openingMessage: agentLimits.openingMessageMaxChars,
} as const;

/** A text field's problem: blank when it must not be, else too long; null when it is neither. */
function textProblem(text: string | undefined, max: number, required: boolean): 'blank' | 'long' | null {
  const trimmed = (text ?? '').trim();
  if (required && trimmed === '') return 'blank';
  return trimmed.length > max ? 'long' : null;
}

/**
 * A field the server refused, in the user's language. The server words its field problems in
 * English (the API's own text, kept as the fallback); the editor knows the field and what it
 * sent, so it says the same thing from its own translations: the same words its client-side
 * rules use for blank and too-long texts, and its own for ranges, choices, the model, the
 * picture and the content check.
 */
export function describeFieldProblem(problem: FieldProblem, sent: AgentInput, t: TFunction<'agents'>): string {
  if (problem.source === 'keywords' && problem.word) return t('agents:editor.errors.blockedWord', { word: problem.word });
  const [field, index] = problem.name;
  if (problem.source === 'moderation') return t(field === 'avatarUrl' ? 'agents:editor.errors.pictureFlagged' : 'agents:editor.errors.flagged');
  switch (field) {
    case 'name':
    case 'intro':
    case 'systemPrompt':
    case 'openingMessage': {
      const found = textProblem(sent[field], textMax[field], field !== 'openingMessage');
      if (found === 'blank') return t('agents:editor.errors.required', { field: t(`agents:editor.fields.${field}`) });
      if (found === 'long') return t('agents:editor.errors.tooLong', { max: textMax[field] });
      return problem.message;
    }
    case 'suggestedQuestions': {
      if (typeof index !== 'number') return t('agents:editor.errors.tooManyQuestions', { max: agentLimits.suggestedQuestionsMax });
      const found = textProblem(sent.suggestedQuestions?.[index], agentLimits.suggestedQuestionMaxChars, true);
      if (found === 'blank') return t('agents:editor.errors.questionRequired');
      if (found === 'long') return t('agents:editor.errors.tooLong', { max: agentLimits.suggestedQuestionMaxChars });
      return problem.message;
    }
    case 'temperature':
    case 'top_p':
      return t('agents:editor.errors.range', { min: agentLimits[field].min, max: agentLimits[field].max });
    case 'model':
      return t('agents:editor.errors.modelNotOffered');
    case 'avatarUrl':
      return t('agents:editor.errors.avatarMissing');
    case 'category':
    case 'visibility':
      return t('agents:editor.errors.choose');
    default:
      return problem.message;
  }
}
