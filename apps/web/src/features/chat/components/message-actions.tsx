import {
  CommentOutlined,
  CopyOutlined,
  DeleteOutlined,
  DislikeFilled,
  DislikeOutlined,
  LikeFilled,
  LikeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadItem } from '../api/chat-thread';
import type { MessageContext } from './message-context';

// A native title, not an antd Tooltip: a long chat renders many of these at once.
function Action({ label, icon, onClick, pressed, disabled }: { label: string; icon: ReactNode; onClick?: () => void; pressed?: boolean; disabled?: boolean }) {
  return (
    <Button
      type="text"
      size="small"
      className="message-actions__button"
      icon={icon}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

/** Copy, delete, regenerate and feedback under one saved message. */
export function MessageActions({ item, isLastAnswer, context }: { item: ThreadItem; isLastAnswer: boolean; context: MessageContext }) {
  const { t } = useTranslation('chat');
  const answer = item.role === 'assistant';
  const editable = !context.readOnly;
  const { onDelete, onRegenerate, onFeedback, onNote } = context;
  return (
    <div className="message-actions" role="group" aria-label={t('actions.group')}>
      <Action label={t('actions.copy')} icon={<CopyOutlined />} onClick={() => context.onCopy(item.content)} disabled={item.content === ''} />
      {editable && onDelete && (
        <Popconfirm
          title={t('confirm.deleteMessage')}
          okText={t('confirm.delete')}
          cancelText={t('confirm.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(item)}
          disabled={context.busy}
        >
          <Button
            type="text"
            size="small"
            className="message-actions__button"
            icon={<DeleteOutlined />}
            aria-label={t('actions.delete')}
            title={t('actions.delete')}
            disabled={context.busy}
          />
        </Popconfirm>
      )}
      {editable && answer && isLastAnswer && onRegenerate && (
        <Action label={t('actions.regenerate')} icon={<ReloadOutlined />} onClick={onRegenerate} disabled={context.busy} />
      )}
      {editable && answer && onFeedback && item.status !== 'error' && (
        <>
          <Action
            label={t('actions.good')}
            icon={item.userGoodFeedback ? <LikeFilled /> : <LikeOutlined />}
            pressed={item.userGoodFeedback}
            onClick={() => onFeedback(item, { good: !item.userGoodFeedback })}
          />
          <Action
            label={t('actions.bad')}
            icon={item.userBadFeedback ? <DislikeFilled /> : <DislikeOutlined />}
            pressed={item.userBadFeedback}
            onClick={() => onFeedback(item, { bad: !item.userBadFeedback })}
          />
          {onNote && (
            <Action
              label={item.customFeedbacks.length > 0 ? t('actions.notes', { count: item.customFeedbacks.length }) : t('actions.note')}
              icon={<CommentOutlined />}
              onClick={() => onNote(item)}
            />
          )}
        </>
      )}
    </div>
  );
}
