import type { ChatItem, Citation, StreamErrorKind } from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, isAbortError, networkErrorCode, requestVisitorToken } from '../../../lib/http';
import { StreamInterruptedError } from '../../../lib/sse';
import { readString, writeString } from '../../../lib/storage/local-storage';
import { storageKeys } from '../../../lib/storage/keys';
import { askInWidget } from '../api/ask-in-widget';
import { getWidgetChat } from '../api/get-widget-chat';
import { stopWidgetAnswer } from '../api/stop-widget-answer';
import { hasVisitorToken } from '../lib/widget-session';

/** One question and its answer, as the panel shows them. */
export interface WidgetTurn {
  id: string;
  question: string;
  answer: string;
  status: 'waiting' | 'streaming' | 'done' | 'stopped' | 'error';
  citations: Citation[];
  /** Why the answer failed; 'interrupted' when the connection dropped. */
  errorKind: StreamErrorKind | 'interrupted' | null;
}

/** A question refused before any answer began (quota, content check, rate, a closed agent, the network): its code. */
export interface WidgetRefusal {
  code: number;
}

function storedChats(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readString(storageKeys.widgetChats) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function rememberChat(appId: string, chatId: string | null): void {
  const chats = storedChats();
  if (chatId) chats[appId] = chatId;
  else delete chats[appId];
  writeString(storageKeys.widgetChats, JSON.stringify(chats));
}

/** Saved messages as turns: each question with the answer that follows it. */
export function turnsOf(items: ChatItem[]): WidgetTurn[] {
  const turns: WidgetTurn[] = [];
  for (const item of items) {
    if (item.role === 'user') {
      turns.push({ id: item.id, question: item.content, answer: '', status: 'waiting', citations: [], errorKind: null });
      continue;
    }
    const turn = turns.at(-1);
    if (!turn) continue;
    const status = item.status === 'streaming' ? 'stopped' : item.status;
    Object.assign(turn, { answer: item.content, status, citations: item.citations, errorKind: item.status === 'error' ? (item.errorKind ?? 'internal') : null });
  }
  // a question whose answer never came shows as stopped, not as waiting for ever
  return turns.map((turn) => (turn.status === 'waiting' ? { ...turn, status: 'stopped' } : turn));
}

let nextId = 0;

/**
 * The widget's conversation with one agent: asked as this browser's visitor in the widget's
 * channel, streamed into the last turn, stopped on the server too. The chat goes on across the
 * host page's loads (its id is kept per agent) until the reader starts a new one.
 */
export function useWidgetChat(appId: string) {
  const [turns, setTurns] = useState<WidgetTurn[]>([]);
  const [refusal, setRefusal] = useState<WidgetRefusal | null>(null);
  const [restoring, setRestoring] = useState(() => Boolean(storedChats()[appId]));
  const chatId = useRef<string | null>(storedChats()[appId] ?? null);
  const running = useRef<AbortController | null>(null);
  const busy = turns.some((turn) => turn.status === 'waiting' || turn.status === 'streaming');

  useEffect(() => {
    const saved = chatId.current;
    if (!saved || !hasVisitorToken()) {
      setRestoring(false);
      return;
    }
    let live = true;
    getWidgetChat(saved).then(
      (data) => live && setTurns(turnsOf(data.items)),
      () => {
        // gone, or another visitor's: start afresh
        chatId.current = null;
        rememberChat(appId, null);
      },
    ).finally(() => live && setRestoring(false));
    return () => {
      live = false;
    };
  }, [appId]);

  const update = useCallback((id: string, change: (turn: WidgetTurn) => Partial<WidgetTurn>) => {
    setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, ...change(turn) } : turn)));
  }, []);

  /** Asks; resolves false when the question was refused before an answer began (it goes back in the box). */
  const ask = useCallback(
    async (question: string): Promise<boolean> => {
      if (running.current) return false;
      const id = `turn-${(nextId += 1)}`;
      const controller = new AbortController();
      running.current = controller;
      setRefusal(null);
      setTurns((current) => [...current, { id, question, answer: '', status: 'waiting', citations: [], errorKind: null }]);
      try {
        if (!hasVisitorToken()) await requestVisitorToken({ silent: true });
        const last = await askInWidget(
          { appId, chatId: chatId.current ?? undefined, content: question },
          {
            signal: controller.signal,
            onEvent: (event) => {
              if (event.event === 'start') {
                chatId.current = event.data.chatId;
                rememberChat(appId, event.data.chatId);
                update(id, () => ({ status: 'streaming' }));
              } else if (event.event === 'delta') update(id, (turn) => ({ answer: turn.answer + event.data.text, status: 'streaming' }));
              else if (event.event === 'citations') update(id, () => ({ citations: event.data.citations }));
            },
          },
        );
        if (last.event === 'done') update(id, () => ({ status: last.data.status }));
        else update(id, () => ({ status: 'error', errorKind: last.data.kind }));
        return true;
      } catch (error) {
        if (isAbortError(error)) {
          update(id, () => ({ status: 'stopped' }));
          return true;
        }
        if (error instanceof StreamInterruptedError) {
          update(id, () => ({ status: 'error', errorKind: 'interrupted' }));
          return true;
        }
        setTurns((current) => current.filter((turn) => turn.id !== id));
        setRefusal({ code: error instanceof HttpError ? error.code : networkErrorCode });
        return false;
      } finally {
        running.current = null;
      }
    },
    [appId, update],
  );

  const stop = useCallback(() => {
    running.current?.abort();
    if (chatId.current) stopWidgetAnswer(chatId.current).catch(() => undefined);
  }, []);

  const newChat = useCallback(() => {
    if (running.current) return;
    chatId.current = null;
    rememberChat(appId, null);
    setTurns([]);
    setRefusal(null);
  }, [appId]);

  return { turns, busy, restoring, refusal, ask, stop, newChat, dismissRefusal: () => setRefusal(null) };
}
