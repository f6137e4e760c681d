import { ClearOutlined, FileImageOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChatAppInfo } from '@parley/contracts';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppTexts } from '../hooks/use-app-texts';
import { AppAvatar } from './chat-avatars';
import { ContextSwitch } from './context-switch';
import { ClearChatConfirm, ExportChatConfirm } from './chat-confirms';
import './chat-header.css';

export interface ChatHeaderProps {
  app: ChatAppInfo;
  texts: AppTexts;
  usingContext: boolean;
  onToggleContext: () => void;
  /** Absent while this already is a new chat. */
  onNewChat?: () => void;
  /** Absent while there is nothing to clear or export. */
  onClear?: () => Promise<unknown>;
  onExport?: () => void;
  exporting?: boolean;
  busy: boolean;
  /** Extra actions the route adds (sharing). */
  extra?: ReactNode;
}

/** The app the chat is with, and what can be done to the whole chat. */
export function ChatHeader({ app, texts, usingContext, onToggleContext, onNewChat, onClear, onExport, exporting, busy, extra }: ChatHeaderProps) {
  const { t } = useTranslation('chat');
  return (
    <header className="chat-header">
      <AppAvatar app={app} size={44} />
      <div className="chat-header__about">
        <h1 className="chat-header__name">{texts.name}</h1>
        {app.creatorName && <p className="chat-header__creator">{t('header.creator', { name: app.creatorName })}</p>}
      </div>
      {texts.intro && (
        <p className="chat-header__intro" title={texts.intro}>
          {texts.intro}
        </p>
      )}
      <div className="chat-header__actions">
        {extra}
        <Tooltip title={t('header.contextHint')}>
          <span className="chat-header__context">
            <ContextSwitch on={usingContext} onToggle={onToggleContext} />
          </span>
        </Tooltip>
        {onNewChat && (
          <Tooltip title={t('header.newChat')}>
            <Button icon={<PlusOutlined />} aria-label={t('header.newChat')} onClick={onNewChat} />
          </Tooltip>
        )}
        {onClear && (
          <ClearChatConfirm onConfirm={onClear} disabled={busy}>
            <Button icon={<ClearOutlined />} aria-label={t('header.clear')} title={t('header.clear')} disabled={busy} />
          </ClearChatConfirm>
        )}
        {onExport && (
          <ExportChatConfirm onConfirm={onExport}>
            <Button icon={<FileImageOutlined />} aria-label={t('header.export')} title={t('header.export')} loading={exporting} />
          </ExportChatConfirm>
        )}
      </div>
    </header>
  );
}
