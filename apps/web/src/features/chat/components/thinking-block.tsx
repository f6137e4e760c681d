import { BulbOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseThinkingOpen, useThinkingOpen } from '../stores/thinking-open-store';
import './thinking-block.css';

export interface ThinkingBlockProps {
  text: string;
  /** How long the model thought; null while it still thinks. */
  ms: number | null;
  /** The answer has begun: the thinking folds away unless the reader opened it. */
  answered: boolean;
  /** A saved answer's id: the reader's choice is kept for it (the PNG export draws it the same). */
  answerId?: string;
}

/**
 * A reasoning model's thinking above its answer: open while it thinks, folded once the answer
 * begins, with how long it took. A native disclosure, so it opens with the keyboard; copy takes
 * the answer alone, and the PNG export draws the thinking only when the reader opened it.
 */
export function ThinkingBlock({ text, ms, answered, answerId }: ThinkingBlockProps) {
  const { t } = useTranslation('chat');
  const [chosenHere, setChosenHere] = useState<boolean | null>(null);
  const kept = useThinkingOpen(answerId);
  const open = kept ?? chosenHere ?? !answered;
  const setChosen = (value: boolean) => (answerId ? chooseThinkingOpen(answerId, value) : setChosenHere(value));
  const thinking = ms === null && !answered;
  const seconds = Math.max(1, Math.round((ms ?? 0) / 1000));
  return (
    <details
      className="thinking-block"
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        if (now !== open) setChosen(now);
      }}
    >
      <summary className="thinking-block__summary">
        <BulbOutlined aria-hidden />
        <span role={thinking ? 'status' : undefined}>{thinking ? t('answer.thinking') : t('answer.thoughtFor', { count: seconds })}</span>
      </summary>
      <div className="thinking-block__text">{text}</div>
    </details>
  );
}
