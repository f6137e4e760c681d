import { StopOutlined } from '@ant-design/icons';
import type { ChatModelChoice } from '@parley/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { promptStore } from '../../../stores/prompt-store';
import type { ChatInputHandle } from './chat-input';
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

/** Nothing has the focus, or the button that had it is disabled now. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
}

/**
 * Keeps the keyboard's place as an answer starts and ends. The control that started it
 * (Regenerate, a suggested question) is disabled or gone while it streams, so the focus goes to
 * Stop Responding; Stop goes when the answer ends, and the focus a keyboard left on it moves to
 * the question box (not after a tap: a phone would open its keyboard).
 */
function useComposerFocus(busy: boolean) {
  const input = useRef<ChatInputHandle>(null);
  const stop = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(busy);
  const keyboardOnStop = useRef(false);

  // The control that started the answer may go a moment later (its row drawn anew for the answer).
  useEffect(() => {
    if (!busy) return;
    const onFocusOut = ({ target }: Event) => {
      setTimeout(() => {
        const gone = target instanceof HTMLElement && (!target.isConnected || (target instanceof HTMLButtonElement && target.disabled));
        if (gone && focusLost()) stop.current?.focus();
      });
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, [busy]);

  useEffect(() => {
    if (busy === wasBusy.current) return;
    wasBusy.current = busy;
    if (busy && focusLost()) stop.current?.focus();
    if (!busy && keyboardOnStop.current && focusLost()) input.current?.focus();
    if (!busy) keyboardOnStop.current = false;
  }, [busy]);

  return {
    input,
    stop,
    onStopFocus: (event: FocusEvent<HTMLElement>) => (keyboardOnStop.current = event.currentTarget.matches(':focus-visible')),
    // moved on to another control (a button vanishing under the focus has no next target)
    onStopBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.relatedTarget) keyboardOnStop.current = false;
    },
  };
}

/**
 * Below the conversation: the visitor quota notice, Stop Responding while an answer streams, and
 * the question box with the saved prompts and, when there is a choice, the model picker.
 */
export function ChatComposer(props: ChatComposerProps) {
  const { draftKey, canAsk, busy, quotaReached, tools, modelChoice, savedModel, onSend, onStop, onDismissQuota } = props;
  const { t } = useTranslation('chat');
  const prompts = useStore(promptStore, (state) => state.promptList);
  const { input, stop, onStopFocus, onStopBlur } = useComposerFocus(busy);
  return (
    <div className="chat-view__composer">
      {quotaReached && <QuotaNotice onClose={onDismissQuota} />}
      {busy && (
        <Button ref={stop} className="chat-view__stop" icon={<StopOutlined />} onClick={onStop} onFocus={onStopFocus} onBlur={onStopBlur}>
          {t('actions.stop')}
        </Button>
      )}
      {canAsk && (
        <DraftChatInput
          ref={input}
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
