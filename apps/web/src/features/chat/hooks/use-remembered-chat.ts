import { useEffect } from 'react';
import { forgetChat, setCurrentChatId } from '../../../stores/conversation-store';

/** The open chat is the one /home resumes, unless it turned out to be gone. */
export function useRememberedChat(chatId: string | undefined, missing: boolean) {
  useEffect(() => {
    if (!chatId) return;
    if (missing) forgetChat(chatId);
    else setCurrentChatId(chatId);
  }, [chatId, missing]);
}
