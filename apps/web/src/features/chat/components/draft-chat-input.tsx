import { useCallback } from 'react';
import { setDraft, useDraft } from '../stores/draft-store';
import { ChatInput, type ChatInputProps } from './chat-input';

export interface DraftChatInputProps extends Omit<ChatInputProps, 'value' | 'onChange'> {
  /** The chat whose draft the box shows and changes (threadKeyOf). */
  draftKey: string;
}

/**
 * The question box bound to the chat's draft. Only the box reads the draft, so a keystroke draws
 * the box again, not the whole chat screen with its header and message list.
 */
export function DraftChatInput({ draftKey, ...props }: DraftChatInputProps) {
  const draft = useDraft(draftKey);
  const change = useCallback((text: string) => setDraft(draftKey, text), [draftKey]);
  return <ChatInput {...props} value={draft} onChange={change} />;
}
