import { ClearOutlined, StopOutlined } from '@ant-design/icons';
import type { ChatAppInfo, StreamEvent } from '@parley/contracts';
import { Button } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError } from '../../../lib/http';
import type { EventStreamOptions } from '../../../lib/sse';
import { useUserInfo } from '../../../stores/user-store';
import { useAppTexts } from '../hooks/use-app-texts';
import type { MessageRow as Row } from '../lib/message-rows';
import { waitingAnswer, type LiveAnswer } from '../stores/live-answer-store';
import { ChatInput } from './chat-input';
import type { MessageContext } from './message-context';
import { MessageRow } from './message-row';
import { OpeningBlock } from './opening-block';
import './preview-chat.css';

export interface PreviewTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Streams one preview answer: the earlier turns, the new question, and the stream's handlers. */
export type PreviewAsk = (turns: PreviewTurn[], content: string, options: EventStreamOptions) => Promise<unknown>;

interface PreviewChatProps {
  /** The draft as the chat shows it (name, avatar, opening message, suggested questions). */
  app: ChatAppInfo;
  ask: PreviewAsk;
  /** Words for a refusal before the answer started (an incomplete draft, login needed ...). */
  explainRefusal: (error: unknown) => string;
  /** Why the preview cannot be used right now; shown instead of the question box. */
  blocked?: ReactNode;
}

interface Exchange {
  key: string;
  question: string;
  answer: LiveAnswer;
}

function withEvent(answer: LiveAnswer, event: StreamEvent): LiveAnswer {
  switch (event.event) {
    case 'start':
      return { ...answer, phase: 'streaming', model: event.data.model };
    case 'delta': {
      const reasoningMs = answer.thinkingSince !== undefined && answer.reasoningMs === null ? Date.now() - answer.thinkingSince : answer.reasoningMs;
      return { ...answer, phase: 'streaming', text: answer.text + event.data.text, reasoningMs };
    }
    case 'reasoning':
      return { ...answer, phase: 'streaming', reasoning: answer.reasoning + event.data.text, thinkingSince: answer.thinkingSince ?? Date.now() };
    case 'citations':
      return { ...answer, citations: event.data.citations };
    case 'usage':
      return { ...answer, usage: event.data, reasoningMs: event.data.reasoningMs ?? answer.reasoningMs };
    case 'done':
      return { ...answer, phase: event.data.status, cutShort: event.data.cutShort === true };
    case 'error': {
      const { kind, message, retryable, retryAfterSeconds = null } = event.data;
      // a withdrawn answer's text and thinking go
      const withdrawn = kind === 'moderated' ? { text: '', reasoning: '' } : {};
      return { ...answer, phase: 'error', error: { kind, message, retryable, retryAfterSeconds }, ...withdrawn };
    }
  }
}

/**
 * A chat with a draft agent that is not saved: the same message rows, markdown and stream
 * client as the chat screen, with the conversation kept only here (nothing reaches history).
 */
export function PreviewChat({ app, ask, explainRefusal, blocked }: PreviewChatProps) {
  const { t } = useTranslation('chat');
  const texts = useAppTexts(app);
  const username = useUserInfo((user) => user.username);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const counter = useRef(0);
  const messages = useRef<HTMLDivElement>(null);

  useEffect(() => () => controller.current?.abort(), []);
  // Follows the answer inside the preview only: scrolling the page would carry a phone's
  // stacked editor away from the form (on opening, to its foot).
  useEffect(() => {
    const list = messages.current;
    if (list && exchanges.length > 0) list.scrollTop = list.scrollHeight;
  }, [exchanges]);

  function updateAnswer(key: string, change: (answer: LiveAnswer) => LiveAnswer) {
    setExchanges((list) => list.map((exchange) => (exchange.key === key ? { ...exchange, answer: change(exchange.answer) } : exchange)));
  }

  async function send(question: string) {
    const content = question.trim();
    if (!content || busy) return;
    counter.current += 1;
    const key = `preview-${counter.current}`;
    const turns = exchanges.flatMap<PreviewTurn>(({ question: asked, answer }) =>
      answer.phase === 'error' ? [] : [{ role: 'user', content: asked }, { role: 'assistant', content: answer.text }],
    );
    setExchanges((list) => [...list, { key, question: content, answer: waitingAnswer(key, 'preview') }]);
    setDraft('');
    setBusy(true);
    const abort = new AbortController();
    controller.current = abort;
    try {
      await ask(turns, content, { signal: abort.signal, silent: true, onEvent: (event) => updateAnswer(key, (answer) => withEvent(answer, event)) });
    } catch (error) {
      if (isAbortError(error)) updateAnswer(key, (answer) => ({ ...answer, phase: 'stopped' }));
      else {
        updateAnswer(key, (answer) => ({ ...answer, phase: 'error', error: { kind: 'refused', message: explainRefusal(error), retryable: false } }));
        // the refused question goes back into the box, unless something new is there
        setDraft((current) => (current === '' ? content : current));
      }
    } finally {
      controller.current = null;
      setBusy(false);
    }
  }

  const context: MessageContext = {
    app,
    appName: texts.name,
    userName: username || t('message.you'),
    readOnly: true,
    hideActions: true,
    busy,
    onCopy: () => undefined,
  };
  const rows: Row[] = exchanges.flatMap(({ key, question, answer }) => [
    { kind: 'live-question', key: `${key}-q`, content: question },
    { kind: 'live-answer', key: `${key}-a`, live: answer },
  ]);

  return (
    <section className="preview-chat" aria-label={t('preview.label')}>
      <header className="preview-chat__header">
        <h2 className="preview-chat__title">{t('preview.title')}</h2>
        <Button size="small" icon={<ClearOutlined aria-hidden />} disabled={busy || exchanges.length === 0} onClick={() => setExchanges([])}>
          {t('preview.restart')}
        </Button>
      </header>
      <div className="preview-chat__messages" ref={messages} aria-live="polite">
        <OpeningBlock app={app} texts={texts} onAsk={blocked ? undefined : (question) => void send(question)} disabled={busy} />
        {rows.map((row) => (
          <div key={row.key} className="preview-chat__row">
            <MessageRow row={row} context={context} />
          </div>
        ))}
      </div>
      <div className="preview-chat__composer">
        {busy && (
          <Button icon={<StopOutlined />} onClick={() => controller.current?.abort()}>
            {t('actions.stop')}
          </Button>
        )}
        {blocked ?? <ChatInput value={draft} onChange={setDraft} onSend={(text) => void send(text)} prompts={[]} busy={busy} />}
      </div>
    </section>
  );
}
