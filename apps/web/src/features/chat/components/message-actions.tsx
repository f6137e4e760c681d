import {
  CommentOutlined,
  CopyOutlined,
  DeleteOutlined,
  DislikeFilled,
  DislikeOutlined,
  FlagOutlined,
  LikeFilled,
  LikeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Popconfirm } from 'antd';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadItem } from '../api/chat-thread';
import type { MessageContext } from './message-context';

interface ActionProps {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  pressed?: boolean;
  disabled?: boolean;
  /** Also the ref a Popconfirm around it sets (a prop in React 19): it places its popup by this button. */
  ref?: Ref<HTMLButtonElement>;
}

// A plain button with a native title, not antd's Button and Tooltip: a chat renders many at once.
function Action({ label, icon, onClick, pressed, disabled, ref }: ActionProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="message-actions__button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}

/** Delete, asking first. The confirmation (antd Popconfirm, heavy) is only built once asked for. */
function DeleteAction({ item, context }: { item: ThreadItem; context: MessageContext }) {
  const { t } = useTranslation('chat');
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // An answer starting meanwhile closes the question: deleting waits until it is done.
  if (confirming && context.busy) setConfirming(false);
  // The button is drawn anew inside the confirmation: keep the focus on it.
  useEffect(() => {
    if (confirming) button.current?.focus();
  }, [confirming]);
  const trigger = (
    <Action
      ref={button}
      label={t('actions.delete')}
      icon={<DeleteOutlined />}
      disabled={context.busy}
      onClick={confirming ? undefined : () => setConfirming(true)}
    />
  );
  if (!confirming) return trigger;
  return (
    <Popconfirm
      open
      onOpenChange={(open) => !open && setConfirming(false)}
      title={t('confirm.deleteMessage')}
      okText={t('confirm.delete')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => context.onDelete?.(item)}
    >
      {trigger}
    </Popconfirm>
  );
}

/** Copy, delete, regenerate, feedback and report under one saved message. */
export function MessageActions({ item, isLastAnswer, context }: { item: ThreadItem; isLastAnswer: boolean; context: MessageContext }) {
  const { t } = useTranslation('chat');
  const answer = item.role === 'assistant';
  const editable = !context.readOnly;
  const { onDelete, onRegenerate, onFeedback, onNote, onReport } = context;
  return (
    <div className="message-actions" role="group" aria-label={t('actions.group')}>
      <Action label={t('actions.copy')} icon={<CopyOutlined />} onClick={() => context.onCopy(item.content)} disabled={item.content === ''} />
      {editable && onDelete && <DeleteAction item={item} context={context} />}
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
          {onReport && <Action label={t('actions.report')} icon={<FlagOutlined />} onClick={() => onReport(item)} />}
        </>
      )}
    </div>
  );
}
