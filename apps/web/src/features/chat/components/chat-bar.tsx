import { ClearOutlined, EllipsisOutlined, FileImageOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBarContent } from '../../../components/layout/top-bar-slot';
import type { ChatHeaderProps } from './chat-header';
import { ContextSwitch } from './context-switch';
import { ClearChatConfirm, ExportChatConfirm } from './chat-confirms';
import './chat-bar.css';

interface ChatBarProps extends Omit<ChatHeaderProps, 'app' | 'texts'> {
  /** The chat's title, or the app's name while the chat has none. */
  title: string;
  /** The app's name under a chat's own title. */
  subtitle?: string;
}

/**
 * Phones: the chat's title and actions in the layout's top bar. New chat is a button there;
 * the rest (sharing, the context switch, clear, export) wait behind "More".
 */
export function ChatBar({ title, subtitle, onNewChat, ...more }: ChatBarProps) {
  const { t } = useTranslation('chat');
  return (
    <TopBarContent
      title={
        <div className="chat-bar__title">
          <h1 className="chat-bar__name">{title}</h1>
          {subtitle && <p className="chat-bar__app">{subtitle}</p>}
        </div>
      }
      actions={
        <>
          {onNewChat && <Button type="text" icon={<PlusOutlined aria-hidden />} aria-label={t('header.newChat')} title={t('header.newChat')} onClick={onNewChat} />}
          <MoreActions {...more} />
        </>
      }
    />
  );
}

type MoreActionsProps = Omit<ChatBarProps, 'title' | 'subtitle' | 'onNewChat'>;

/** A disclosure under the bar; it closes on Escape, a tap elsewhere, or once clear or export is confirmed. */
function MoreActions({ usingContext, onToggleContext, onClear, onExport, exporting, busy, extra }: MoreActionsProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Set by a press inside, portalled confirmations and dialogs included (React events cross portals).
  const pressedInside = useRef(false);

  useEffect(() => {
    if (!open) return;
    pressedInside.current = false;
    const closeFromOutside = () => {
      if (!pressedInside.current) setOpen(false);
      pressedInside.current = false;
    };
    document.addEventListener('pointerdown', closeFromOutside);
    return () => document.removeEventListener('pointerdown', closeFromOutside);
  }, [open]);

  function closeWithEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    // Escape in a confirmation or dialog opened from here (portalled elsewhere) closes only that.
    if (event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div className="chat-bar__more" onPointerDown={() => (pressedInside.current = true)} onKeyDown={closeWithEscape}>
      <Button
        ref={buttonRef}
        type="text"
        icon={<EllipsisOutlined aria-hidden />}
        aria-label={t('header.more')}
        title={t('header.more')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      />
      <div id={panelId} className="chat-bar__panel" role="group" aria-label={t('header.more')} hidden={!open}>
        {extra}
        <ContextSwitch on={usingContext} onToggle={onToggleContext} withHint />
        {onClear && (
          <ClearChatConfirm
            onConfirm={async () => {
              await onClear();
              setOpen(false);
            }}
            disabled={busy}
          >
            <Button icon={<ClearOutlined aria-hidden />} disabled={busy}>
              {t('header.clear')}
            </Button>
          </ClearChatConfirm>
        )}
        {onExport && (
          <ExportChatConfirm
            onConfirm={() => {
              setOpen(false);
              onExport();
            }}
          >
            <Button icon={<FileImageOutlined aria-hidden />} loading={exporting}>
              {t('header.export')}
            </Button>
          </ExportChatConfirm>
        )}
      </div>
    </div>
  );
}
