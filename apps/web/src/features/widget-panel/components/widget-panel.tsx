import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { errorCodes, type WidgetConfigData } from '@parley/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { MarkdownView } from '../../chat';
import { useWidgetConfig } from '../api/get-widget-config';
import { useWidgetChat } from '../hooks/use-widget-chat';
import { connectParent } from '../lib/parent-window';
import type { WidgetParams } from '../lib/widget-params';
import { WidgetAvatar } from './widget-avatar';
import { WidgetComposer } from './widget-composer';
import { WidgetRefusal } from './widget-refusal';
import { WidgetTurn } from './widget-turn';
import './widget-panel.css';

interface PanelProps {
  params: WidgetParams;
  /** In a frame: the close button asks the host page's loader to close it. */
  framed: boolean;
}

/** The panel's state before there is a chat: loading, or why there will be none. */
function PanelState({ title, body, onRetry }: { title: string; body?: string; onRetry?: () => void }) {
  const { t } = useTranslation('widget');
  return (
    <div className="widget-state" role="status">
      <p className="widget-state__title">{title}</p>
      {body && <p>{body}</p>}
      {onRetry && (
        <button type="button" className="widget-button" onClick={onRetry}>
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}

function Conversation({ config, params, post }: { config: WidgetConfigData; params: WidgetParams; post: ReturnType<typeof connectParent>['post'] | null }) {
  const { t } = useTranslation('widget');
  const { app } = config;
  const chat = useWidgetChat(app.id);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const lastAnswer = chat.turns.at(-1)?.answer.length ?? 0;

  useLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.turns.length, lastAnswer]);

  useEffect(() => {
    const focusInput = () => input.current?.focus();
    window.addEventListener('parley-widget-opened', focusInput);
    return () => window.removeEventListener('parley-widget-opened', focusInput);
  }, []);

  const questions = app.suggestedQuestions.filter((question) => question.trim() !== '');
  return (
    <>
      <header className="widget-header">
        <WidgetAvatar src={app.avatarUrl} size={36} />
        <div className="widget-header__text">
          <h1 className="widget-header__name">{app.name}</h1>
          {app.intro && <p className="widget-header__intro">{app.intro}</p>}
        </div>
        <button type="button" className="widget-icon-button" onClick={chat.newChat} disabled={chat.busy || chat.turns.length === 0} aria-label={t('header.newChat')} title={t('header.newChat')}>
          <PlusOutlined aria-hidden />
        </button>
        {post && (
          <button type="button" className="widget-icon-button" onClick={() => post('close')} aria-label={t('header.close')} title={t('header.close')}>
            <CloseOutlined aria-hidden />
          </button>
        )}
      </header>
      <div className="widget-log" ref={log} role="log" aria-label={t('log.label')} aria-busy={chat.restoring}>
        <article className="widget-message widget-message--agent" aria-label={app.name}>
          <WidgetAvatar src={app.avatarUrl} size={28} />
          <div className="widget-message__body">
            <div className="widget-message__bubble">
              <MarkdownView text={app.openingMessage.trim() || t('opening.fallback', { name: app.name })} />
            </div>
          </div>
        </article>
        {questions.length > 0 && chat.turns.length === 0 && !chat.restoring && (
          <section className="widget-suggestions" aria-label={t('opening.suggested')}>
            {questions.map((question) => (
              <button key={question} type="button" className="widget-suggestion" disabled={chat.busy} onClick={() => void chat.ask(question)}>
                {question}
              </button>
            ))}
          </section>
        )}
        {chat.turns.map((turn) => (
          <WidgetTurn key={turn.id} turn={turn} agent={app} />
        ))}
      </div>
      <footer className="widget-footer">
        {chat.refusal && <WidgetRefusal refusal={chat.refusal} onDismiss={chat.dismissRefusal} />}
        <WidgetComposer ref={input} busy={chat.busy} disabled={chat.restoring} onAsk={chat.ask} onStop={chat.stop} />
        <p className="widget-footer__brand">
          <a href={`${window.location.origin}/`} target="_blank" rel="noopener noreferrer">
            {t('footer.poweredBy')}
          </a>
          {params.hostOrigin === null && <span> · {t('footer.preview')}</span>}
        </p>
      </footer>
    </>
  );
}

/**
 * The chat widget's panel (`/widget/:appId`), framed by an owner's website: the agent's opening
 * message and suggested questions, then the conversation, asked as this browser's visitor. It
 * talks only to the loader on the host origin its address named, and only when the agent lists it.
 */
export function WidgetPanel({ params, framed }: PanelProps) {
  const { t } = useTranslation('widget');
  const config = useWidgetConfig(params.appId);
  const allowed = !framed || (params.hostOrigin !== null && (config.data?.origins.includes(params.hostOrigin) ?? false));
  const parent = useRef<ReturnType<typeof connectParent> | null>(null);

  useEffect(() => {
    if (!config.data || !framed || !allowed) return;
    const connection = connectParent(params.hostOrigin, (message) => {
      if (message.type === 'set-language') void changeLanguage(message.lang);
      else window.dispatchEvent(new Event('parley-widget-opened'));
    });
    parent.current = connection;
    connection.post('ready');
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') connection.post('close');
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => {
      window.removeEventListener('keydown', closeOnEscape);
      connection.disconnect();
      parent.current = null;
    };
  }, [config.data, framed, allowed, params.hostOrigin]);

  let body;
  if (config.isPending) body = <PanelState title={t('states.loading')} />;
  else if (config.isError) {
    const code = config.error instanceof HttpError ? config.error.code : null;
    const missing = code === errorCodes.NOT_FOUND.code || code === errorCodes.VALIDATION.code;
    body = missing ? (
      <PanelState title={t('states.unavailableTitle')} body={t('states.unavailable')} />
    ) : (
      <PanelState title={t('states.loadFailedTitle')} body={t('states.loadFailed')} onRetry={() => void config.refetch()} />
    );
  } else if (!allowed) body = <PanelState title={t('states.notAllowedTitle')} body={t('states.notAllowed')} />;
  else body = <Conversation config={config.data} params={params} post={framed ? (type) => parent.current?.post(type) : null} />;

  return (
    <div className="widget-panel" aria-busy={config.isPending}>
      {body}
    </div>
  );
}
