import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { ThreadRef } from '../api/chat-thread';
import { liveAnswers, type LiveAnswerState } from '../stores/live-answer-store';

interface Options {
  appId: string | undefined;
  /** The route's chat; none for a new one. */
  chatId: string | undefined;
  /** The new chat got its id from its first answer (once): its draft moves to it, the route to its address. */
  onCreated: (chatId: string, question: string | null) => void;
}

/**
 * Which chat the screen shows, and the answer the screen itself started. A new chat becomes the
 * chat its first answer created here and now, before the address follows (the route keeps this
 * screen for it, and passes the chat id back as `chatId`): the one place that hand-off is kept.
 */
export function useNewChatHandOff({ appId, chatId, onCreated }: Options) {
  const [ownStreamId, setOwnStreamId] = useState<string | null>(null);
  // the chat id and the question, not the answer: the screen does not draw again at every word
  const own = (state: LiveAnswerState) => (ownStreamId ? state.answers[ownStreamId] : undefined);
  const ownChatId = useStore(liveAnswers.store, (state) => own(state)?.chatId ?? null);
  const ownQuestion = useStore(liveAnswers.store, (state) => own(state)?.question?.content ?? null);
  const [createdChatId, setCreatedChatId] = useState<string | null>(null);
  if (!chatId && ownChatId && createdChatId !== ownChatId) setCreatedChatId(ownChatId);
  const ref: ThreadRef = useMemo(() => ({ appId, chatId: chatId ?? createdChatId ?? undefined }), [appId, chatId, createdChatId]);

  const announce = useEffectEvent((newChatId: string) => onCreated(newChatId, ownQuestion));
  // Once, when the chat gets its id.
  useEffect(() => {
    if (createdChatId) announce(createdChatId);
  }, [createdChatId]);

  return { ref, ownStreamId, setOwnStreamId };
}
