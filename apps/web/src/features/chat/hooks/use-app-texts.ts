import type { ChatAppInfo } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

export interface AppTexts {
  name: string;
  intro: string;
  openingMessage: string;
  suggestedQuestions: string[];
}

// In the order of the server's official suggested questions.
const officialQuestionKeys = [
  'official.questions.licence',
  'official.questions.problemPlatform',
  'official.questions.leverage',
  'official.questions.agents',
] as const;

/**
 * What the chat shows of an app. The official assistant's texts are stored in Chinese only, so
 * they come from the translations, in the user's language.
 */
export function useAppTexts(app: ChatAppInfo | undefined): AppTexts {
  const { t } = useTranslation('chat');
  if (!app) return { name: '', intro: '', openingMessage: '', suggestedQuestions: [] };
  if (!app.isOfficial) {
    return { name: app.name, intro: app.intro, openingMessage: app.openingMessage, suggestedQuestions: app.suggestedQuestions };
  }
  return {
    name: t('official.name'),
    intro: t('official.intro'),
    openingMessage: t('official.openingMessage'),
    suggestedQuestions: officialQuestionKeys.map((key) => t(key)),
  };
}
