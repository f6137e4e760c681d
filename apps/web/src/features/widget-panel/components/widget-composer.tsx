import { ArrowUpOutlined } from '@ant-design/icons';
import { chatLimits } from '@parley/contracts';
import { forwardRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface WidgetComposerProps {
  busy: boolean;
  disabled: boolean;
  /** Resolves false when the question was refused: it stays in the box. */
  onAsk: (question: string) => Promise<boolean>;
  onStop: () => void;
}

/** The question box: Enter sends, Shift+Enter starts a new line; while an answer streams, Stop. */
export const WidgetComposer = forwardRef<HTMLTextAreaElement, WidgetComposerProps>(function WidgetComposer({ busy, disabled, onAsk, onStop }, ref) {
  const { t } = useTranslation('widget');
  const [draft, setDraft] = useState('');

  function send(event?: FormEvent) {
    event?.preventDefault();
    const question = draft.trim();
    if (!question || busy || disabled) return;
    setDraft('');
    void onAsk(question).then((asked) => {
      if (!asked) setDraft((current) => current || question);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  }

  return (
    <form className="widget-composer" onSubmit={send}>
      <textarea
        ref={ref}
        className="widget-composer__input"
        aria-label={t('input.label')}
        placeholder={t('input.placeholder')}
        rows={1}
        maxLength={chatLimits.questionMaxChars}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button type="button" className="widget-composer__button widget-composer__button--stop" onClick={onStop} aria-label={t('input.stop')} title={t('input.stop')}>
          <span className="widget-stop-square" aria-hidden />
        </button>
      ) : (
        <button type="submit" className="widget-composer__button" disabled={disabled || draft.trim() === ''} aria-label={t('input.send')} title={t('input.send')}>
          <ArrowUpOutlined aria-hidden />
        </button>
      )}
    </form>
  );
});
