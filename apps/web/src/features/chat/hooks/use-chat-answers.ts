import { errorCodes, type ChatAppInfo, type RequestChatChannel } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { describeHttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { chatStore } from '../../../stores/chat-store';
import { roleInLanguage, settingsStore } from '../../../stores/settings-store';
import type { ChatThread, ThreadRef } from '../api/chat-thread';
import { lastAnswerId } from '../lib/message-rows';
import { askQuestion, continueAnswer, regenerateAnswer, resumeAnswer, stopAnswer, type AnswerOutcome, type RunningAnswer } from '../lib/run-answer';
import { withAppUnavailable } from '../lib/thread-updates';
import { draftStore, setDraft } from '../stores/draft-store';
import { pickToSend } from '../stores/model-pick-store';
import { liveAnswers, outlineOf, type LiveAnswer } from '../stores/live-answer-store';

interface Options {
  ref: ThreadRef;
  thread: ChatThread | undefined;
  draftKey: string;
  update: (change: (thread: ChatThread) => ChatThread) => void;
  /** The answer this screen started, kept by the screen so a remount can forget it. */
  ownStreamId: string | null;
  setOwnStreamId: (id: string) => void;
  onChatActivity?: (chat: { app: ChatAppInfo; chatId: string; question: string | null }) => void;
  /** Where a new chat is started from; the site itself unless told. */
  channel?: RequestChatChannel;
}

function pickLive(answers: Record<string, LiveAnswer>, ownStreamId: string | null, chatId: string | undefined): LiveAnswer | null {
  if (ownStreamId && answers[ownStreamId]) return answers[ownStreamId];
  if (!chatId) return null;
  return Object.values(answers).find((answer) => answer.chatId === chatId) ?? null;
}

/** Answers this tab already picked up after a reload: each is followed once. */
const resumedAnswers = new Set<string>();

/** The chat's last message when it is an answer the server is still writing. */
function answerStillStreaming(thread: ChatThread | undefined): string | null {
  const last = thread?.items.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming' ? last.id : null;
}

/** The chat's last message when it is an answer cut at the output limit, which Continue goes on with. */
function answerCutShort(thread: ChatThread | undefined) {
  const last = thread?.items.at(-1);
  return last?.role === 'assistant' && last.status === 'done' && last.cutShort ? last : null;
}

/** Asking, answering again and stopping in one chat, and what the screen shows meanwhile. */
export function useChatAnswers({ ref, thread, draftKey, update, ownStreamId, setOwnStreamId, onChatActivity, channel }: Options) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const usingContext = useStore(chatStore, (state) => state.usingContext);
  const [quotaReached, setQuotaReached] = useState(false);
  // the screen follows the answer's course, not its words: only the answer's own row draws at every word
  const selectLive = useMemo(() => outlineOf((state) => pickLive(state.answers, ownStreamId, ref.chatId)), [ownStreamId, ref.chatId]);
  const live = useStore(liveAnswers.store, selectLive);
  const busy = live !== null && (live.phase === 'waiting' || live.phase === 'streaming');

  function settings({ app, modelChoice }: ChatThread) {
    const { systemMessage, temperature, top_p } = settingsStore.getState();
    const model = pickToSend(draftKey, modelChoice);
    return { app, modelChoice, model, usingContext, params: { systemMessage: roleInLanguage(systemMessage), temperature, top_p }, queryClient, channel };
  }

  function settle(app: ChatAppInfo, running: RunningAnswer, question: string | null) {
    setOwnStreamId(running.id);
    void running.outcome.then((outcome: AnswerOutcome) => {
      if (outcome.kind === 'refused') {
        if (outcome.error.code === errorCodes.QUOTA_EXCEEDED.code) setQuotaReached(true);
        else if (outcome.error.code === errorCodes.APP_UNAVAILABLE.code) update(withAppUnavailable);
        else notify.error(describeHttpError(outcome.error, t));
      }
      // A question that never reached the chat goes back into the box, unless something new is there.
      if (question && (outcome.kind === 'refused' || outcome.kind === 'cancelled')) {
        if ((draftStore.getState().drafts[draftKey] ?? '') === '') setDraft(draftKey, question);
        return;
      }
      if (outcome.kind !== 'refused' && outcome.kind !== 'cancelled' && outcome.chatId) {
        onChatActivity?.({ app, chatId: outcome.chatId, question });
      }
    });
  }

  function ask(question: string) {
    if (!thread || busy || thread.app.deleted) return;
    setQuotaReached(false);
    setDraft(draftKey, '');
    settle(thread.app, askQuestion(ref, question, settings(thread)), question);
  }

  function regenerate() {
    if (!thread || busy || !ref.chatId || thread.app.deleted) return;
    setQuotaReached(false);
    settle(thread.app, regenerateAnswer(ref.chatId, lastAnswerId(thread.items), settings(thread)), null);
  }

  /** Goes on with the last answer where the output limit cut it. */
  function continueLast() {
    const answer = answerCutShort(thread);
    if (!thread || busy || !ref.chatId || thread.app.deleted || !answer) return;
    setQuotaReached(false);
    settle(thread.app, continueAnswer(ref.chatId, answer, settings(thread)), null);
  }

  function stop() {
    if (live) stopAnswer(live.id);
  }

  // Opened (or reloaded) while an answer is still being written: follow it to its end.
  const streamingAnswerId = live === null ? answerStillStreaming(thread) : null;
  useEffect(() => {
    if (!thread || !ref.chatId || !streamingAnswerId || resumedAnswers.has(streamingAnswerId)) return;
    resumedAnswers.add(streamingAnswerId);
    const saved = thread.items.find((item) => item.id === streamingAnswerId)?.content ?? '';
    settle(thread.app, resumeAnswer(ref.chatId, streamingAnswerId, settings(thread), saved), null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer still streaming
  }, [streamingAnswerId]);

  return { live, busy, ask, regenerate, continueLast, stop, quotaReached, dismissQuota: () => setQuotaReached(false) };
}
