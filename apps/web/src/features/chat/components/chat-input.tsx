import { SendOutlined } from '@ant-design/icons';
import { chatLimits } from '@parley/contracts';
import { Button, Input, type GetRef } from 'antd';
import { useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PromptSuggestions, matchPrompts, type PromptOption } from './prompt-suggestions';
import './chat-input.css';

/** What the chat screen can do with the box: give it the focus. */
export interface ChatInputHandle {
  focus: () => void;
}

export interface ChatInputProps {
  ref?: Ref<ChatInputHandle>;
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  /** The prompt store's prompts, offered after a "/" at the start. */
  prompts: PromptOption[];
  /** An answer is streaming: typing goes on, sending waits. */
  busy?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Buttons beside the send button (the prompt store's), given by the route. */
  tools?: ReactNode;
  /** Controls under the box, beside the hint (the model picker). */
  footer?: ReactNode;
}

/** The counter shows once a question uses this share of the limit. */
const counterFrom = 0.9;

/** The box grows with its text up to this many lines, then scrolls. */
const maxRows = 8;

/**
 * A browser that sizes a textarea to its text itself (CSS field-sizing) needs no script for it:
 * antd's autoSize measures a hidden copy of the box, forcing style and layout of the whole page,
 * several times on every keystroke, which costs most in a long chat. Others keep autoSize.
 */
const sizesItself = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

function isComposing(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  // Safari ends composition before keydown but still reports keyCode 229 for that Enter.
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

/**
 * The question box. Enter sends, Shift+Enter starts a new line, and an Enter that confirms an
 * IME composition never sends. "/" at the start lists the prompt store's prompts.
 */
export function ChatInput({ ref, value, onChange, onSend, prompts, busy = false, disabled = false, placeholder, tools, footer }: ChatInputProps) {
  const { t } = useTranslation('chat');
  const listId = useId();
  const box = useRef<GetRef<typeof Input.TextArea>>(null);
  useImperativeHandle(ref, () => ({ focus: () => box.current?.focus() }), []);
  const [active, setActive] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const composing = useRef(false);

  const slashQuery = value.startsWith('/') ? value.slice(1) : null;
  const matches = slashQuery === null ? [] : matchPrompts(prompts, slashQuery);
  const suggesting = slashQuery !== null && dismissedFor !== value && matches.length > 0 && !disabled;
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));
  const canSend = value.trim() !== '' && !busy && !disabled;

  function change(next: string) {
    if (next.startsWith('/') !== value.startsWith('/')) setActive(0);
    onChange(next);
  }

  function pick(prompt: PromptOption) {
    onChange(prompt.content);
    setActive(0);
  }

  function send() {
    if (!canSend) return;
    onSend(value.trim());
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (composing.current || isComposing(event)) return;
    if (suggesting) {
      const picked = matches[activeIndex];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && picked) {
        event.preventDefault();
        pick(picked);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(value);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  }

  const length = value.length;
  const showCounter = length >= chatLimits.questionMaxChars * counterFrom;
  const hint = <p className="chat-input__hint">{t('input.hint')}</p>;

  return (
    <div className="chat-input">
      {suggesting && (
        <PromptSuggestions id={listId} prompts={matches} activeIndex={activeIndex} onPick={pick} onHover={setActive} />
      )}
      <div className="chat-input__box">
        <Input.TextArea
          ref={box}
          className={sizesItself ? 'chat-input__textarea chat-input__textarea--sizes-itself' : 'chat-input__textarea'}
          value={value}
          onChange={(event) => change(event.target.value)}
          onKeyDown={handleKeyDown}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
          placeholder={placeholder ?? t('input.placeholder')}
          aria-label={t('input.label')}
          rows={1}
          autoSize={sizesItself ? false : { minRows: 1, maxRows }}
          maxLength={chatLimits.questionMaxChars}
          disabled={disabled}
          variant="borderless"
          // A textarea keeps its textbox role (HTML allows it no other); the prompt list is tied to
          // it as an autocomplete list whose active option the arrow keys move.
          aria-autocomplete="list"
          aria-controls={suggesting ? listId : undefined}
          aria-activedescendant={suggesting ? `${listId}-${activeIndex}` : undefined}
        />
        <div className="chat-input__side">
          {tools}
          {showCounter && (
            <span className="chat-input__counter" aria-live="polite">
              {t('input.counter', { count: length, max: chatLimits.questionMaxChars })}
            </span>
          )}
          <Button type="primary" shape="circle" icon={<SendOutlined />} aria-label={t('input.send')} disabled={!canSend} onClick={send} />
        </div>
      </div>
      {footer ? (
        <div className="chat-input__footer">
          {footer}
          {hint}
        </div>
      ) : (
        hint
      )}
    </div>
  );
}
