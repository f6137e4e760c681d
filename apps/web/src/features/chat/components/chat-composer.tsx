import { StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { promptStore } from '../../../stores/prompt-store';
import { QuotaNotice } from './chat-notices';
import { DraftChatInput } from './draft-chat-input';

interface ChatComposerProps {
  draftKey: string;
  /** The app takes no questions (deleted): only the notices and the stop button show. */
  canAsk: boolean;
  busy: boolean;
  quotaReached: boolean;
  tools?: ReactNode;
  onSend: (question: string) => void;
  onStop: () => void;
  onDismissQuota: () => void;
}

/** Below the conversation: the visitor quota notice, Stop Responding while an answer streams, and the question box with the saved prompts. */
export function ChatComposer({ draftKey, canAsk, busy, quotaReached, tools, onSend, onStop, onDismissQuota }: ChatComposerProps) {
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
      {canAsk && <DraftChatInput draftKey={draftKey} onSend={onSend} prompts={prompts} busy={busy} tools={tools} />}
    </div>
  );
}
