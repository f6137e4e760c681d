import type { ChatAppInfo } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { settingsStore } from '../../../stores/settings-store';
import { useUserInfo } from '../../../stores/user-store';
import type { MessageContext } from '../components/message-context';
import type { useChatAnswers } from './use-chat-answers';
import type { useMessageActions } from './use-message-actions';

interface Options {
  app: ChatAppInfo | undefined;
  appName: string;
  answers: Pick<ReturnType<typeof useChatAnswers>, 'busy' | 'regenerate' | 'continueLast'>;
  actions: ReturnType<typeof useMessageActions>;
  /** Users pick among models: answers name theirs. */
  showModel: boolean;
  /** The ways out of a conversation too long for the model. */
  onNewChat?: () => void;
  onContextOff?: () => void;
}

/** What every message row of the chat needs: who speaks (the user's chosen name), and what may be done to a message now. */
export function useMessageContext({ app, appName, showModel, answers, actions, onNewChat, onContextOff }: Options): MessageContext {
  const { t } = useTranslation('chat');
  const username = useUserInfo((user) => user.username);
  const chosenName = useStore(settingsStore, (settings) => settings.name);
  return useMemo(
    () => ({
      app: app ?? { avatarUrl: null, isOfficial: false },
      appName,
      userName: chosenName || username || t('message.you'),
      readOnly: app?.deleted ?? false,
      showModel,
      busy: answers.busy,
      onCopy: actions.copy,
      onDelete: actions.remove,
      onRegenerate: answers.regenerate,
      onContinue: answers.continueLast,
      onNewChat,
      onContextOff,
      onFeedback: actions.toggleFeedback,
      onNote: actions.openNote,
      onReport: actions.openReport,
    }),
    [app, appName, showModel, chosenName, username, t, answers.busy, answers.regenerate, answers.continueLast, actions, onNewChat, onContextOff],
  );
}
