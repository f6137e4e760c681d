import { chatLimits } from '@parley/contracts';
import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { checkTitle } from '../lib/history-rules';

interface HistoryTitleEditorProps {
  title: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}

/** Inline rename: Enter saves, Escape cancels, leaving the field saves a changed title. */
export function HistoryTitleEditor({ title, onSave, onCancel }: HistoryTitleEditorProps) {
  const { t } = useTranslation('history');
  const [value, setValue] = useState(title);
  const inputRef = useRef<InputRef>(null);
  const done = useRef(false);

  useEffect(() => {
    inputRef.current?.focus({ cursor: 'all' });
  }, []);

  function finish(action: () => void) {
    done.current = true;
    action();
  }

  /** False when the title is refused: the message says why. */
  function save(): boolean {
    const checked = checkTitle(value);
    if (!checked.ok) {
      notify.error(checked.reason === 'empty' ? t('rename.empty') : t('rename.tooLong', { max: chatLimits.titleMaxChars }));
      return false;
    }
    finish(() => (checked.title === title.trim() ? onCancel() : onSave(checked.title)));
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      // Escape ends the edit only; it must not also close the mobile sidebar.
      event.stopPropagation();
      finish(onCancel);
    }
  }

  function onBlur() {
    if (done.current) return;
    if (!save()) finish(onCancel);
  }

  return (
    <Input
      ref={inputRef}
      size="small"
      className="history-entry__title-input"
      aria-label={t('rename.label')}
      value={value}
      maxLength={chatLimits.titleMaxChars}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    />
  );
}
