import { StopOutlined } from '@ant-design/icons';
import type { ChatModelChoice } from '@parley/contracts';
import { Button } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { promptStore } from '../../../stores/prompt-store';
import { QuotaNotice } from './chat-notices';
import { DraftChatInput } from './draft-chat-input';

// antd's Select is heavy and only sites offering several models show it: fetched when first shown.
const ChatModelPicker = lazy(() => import('./model-picker').then((module) => ({ default: module.ChatModelPicker })));

interface ChatComposerProps {
  draftKey: string;
  /** The app takes no questions (deleted): only the notices and the stop button show. */
  canAsk: boolean;
  busy: boolean;
  quotaReached: boolean;
  tools?: ReactNode;
  modelChoice: ChatModelChoice;
  /** The model saved with the chat; null when none was picked. */
  savedModel: string | null;
  onSend: (question: string) => void;
  onStop: () => void;
  onDismissQuota: () => void;
}

/**
 * Below the conversation: the visitor quota notice, Stop Responding while an answer streams, and
 * the question box with the saved prompts and, when there is a choice, the model picker.
 */
export function ChatComposer(props: ChatComposerProps) {
  const { draftKey, canAsk, busy, quotaReached, tools, modelChoice, savedModel, onSend, onStop, onDismissQuota } = props;
  const { t } = useTranslation('chat');
  const prompts = useStore(promptStore, (state) => state.promptList);
  return (
    <div className="chat-view__composer">
      {quotaReached && <QuotaNotice onClose={onDismissQuota} />}
      {busy && (
        <Button className="chat-view__stop" icon={<StopOutlined />} onClick={onStop}>
          {t('actions.stop')}
        </Button>
      )}
      {canAsk && (
        <DraftChatInput
          draftKey={draftKey}
          onSend={onSend}
          prompts={prompts}
          busy={busy}
          tools={tools}
          footer={
            modelChoice.models.length > 1 && (
              <Suspense fallback={null}>
                <ChatModelPicker threadKey={draftKey} choice={modelChoice} saved={savedModel} />
              </Suspense>
            )
          }
        />
      )}
    </div>
  );
}
