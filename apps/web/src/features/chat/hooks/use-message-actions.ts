import type { ContentReportReason, FeedbackData } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { ChatThread, ThreadItem } from '../api/chat-thread';
import { clearChat } from '../api/clear-chat';
import { deleteChatItem } from '../api/delete-chat-item';
import { reportAnswer } from '../api/report-answer';
import { updateFeedback } from '../api/update-feedback';
import { withFeedback, withoutItem, withoutItems } from '../lib/thread-updates';

interface Options {
  appId: string;
  chatId: string | null;
  update: (change: (thread: ChatThread) => ChatThread) => void;
}

function feedbackOf(item: ThreadItem): FeedbackData {
  return {
    chatItemId: item.id,
    userGoodFeedback: item.userGoodFeedback,
    userBadFeedback: item.userBadFeedback,
    customFeedbacks: item.customFeedbacks,
  };
}

/** Copy, delete, thumbs, notes and reports on the messages of one chat, kept in step with the cache. */
export function useMessageActions({ appId, chatId, update }: Options) {
  const { t } = useTranslation('chat');
  const [noteFor, setNoteFor] = useState<ThreadItem | null>(null);
  const [reportFor, setReportFor] = useState<ThreadItem | null>(null);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('toast.copied'));
    } catch {
      notify.error(t('toast.copyFailed'));
    }
  }

  async function remove(item: ThreadItem) {
    // An answer that failed before the server saved it exists only here.
    if (chatId && !item.id.startsWith('unsaved-')) {
      try {
        await deleteChatItem(chatId, item.id);
      } catch {
        return;
      }
    }
    update((thread) => withoutItem(thread, item.id));
    notify.success(t('toast.deleted'));
  }

  /** Clear chat: every message goes, the chat stays. */
  async function clear() {
    if (!chatId) return;
    try {
      await clearChat(chatId);
    } catch {
      return;
    }
    update(withoutItems);
    notify.success(t('toast.cleared'));
  }

  async function saveFeedback(item: ThreadItem, next: Omit<FeedbackData, 'chatItemId'>) {
    if (!chatId) return;
    update((thread) => withFeedback(thread, { chatItemId: item.id, ...next }));
    try {
      const saved = await updateFeedback({ appId, chatId, chatItemId: item.id, ...next });
      update((thread) => withFeedback(thread, saved));
    } catch (error) {
      update((thread) => withFeedback(thread, feedbackOf(item)));
      throw error;
    }
  }

  function toggleFeedback(item: ThreadItem, change: { good?: boolean; bad?: boolean }) {
    // One thumb at a time: turning one on turns the other off.
    const good = change.good ?? (change.bad ? false : item.userGoodFeedback);
    const bad = change.bad ?? (change.good ? false : item.userBadFeedback);
    saveFeedback(item, { userGoodFeedback: good, userBadFeedback: bad, customFeedbacks: item.customFeedbacks })
      .then(() => {
        // A thumbs down invites a note on what went wrong; it stays optional.
        if (change.bad) setNoteFor({ ...item, userGoodFeedback: good, userBadFeedback: bad });
      })
      .catch(() => undefined);
  }

  function saveNotes(notes: string[]) {
    const item = noteFor;
    if (!item) return Promise.resolve();
    return saveFeedback(item, {
      userGoodFeedback: item.userGoodFeedback,
      userBadFeedback: item.userBadFeedback,
      customFeedbacks: notes,
    }).then(() => setNoteFor((current) => (current ? { ...current, customFeedbacks: notes } : current)));
  }

  async function sendReport(report: { reason: ContentReportReason; note: string }) {
    if (!chatId || !reportFor) return;
    await reportAnswer({ appId, chatId, chatItemId: reportFor.id, ...report });
    notify.success(t('report.sent'));
  }

  return {
    copy,
    remove,
    clear,
    toggleFeedback,
    openNote: setNoteFor,
    noteFor,
    closeNote: () => setNoteFor(null),
    saveNotes,
    openReport: setReportFor,
    reportFor,
    closeReport: () => setReportFor(null),
    sendReport,
  };
}
