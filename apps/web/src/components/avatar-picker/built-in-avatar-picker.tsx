import type { KeyboardEvent } from 'react';
import './built-in-avatar-picker.css';

interface BuiltInAvatarPickerProps {
  avatars: readonly { key: string; url: string }[];
  value: string | null | undefined;
  onChange: (url: string) => void;
  /** The group's name, e.g. "Built-in avatars". */
  label: string;
  /** Each avatar's name, from its 1-based position. */
  pickLabel: (number: number) => string;
  disabled?: boolean;
}

/**
 * The built-in avatars as a radio group: one tab stop, arrows move and choose, as the ARIA radio
 * group pattern has it. Used by the agent editor and the profile.
 */
export function BuiltInAvatarPicker({ avatars, value, onChange, label, pickLabel, disabled = false }: BuiltInAvatarPickerProps) {
  const checkedIndex = avatars.findIndex((avatar) => avatar.url === value);
  const focusable = checkedIndex >= 0 ? checkedIndex : 0;

  function moveWithArrows(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || avatars.length === 0 || disabled) return;
    event.preventDefault();
    const next = (focusable + step + avatars.length) % avatars.length;
    onChange(avatars[next]!.url);
    const buttons = event.currentTarget.querySelectorAll<HTMLButtonElement>('[role=radio]');
    buttons[next]?.focus();
  }

  if (avatars.length === 0) return null;
  return (
    <div className="avatar-picker" role="radiogroup" aria-label={label} aria-disabled={disabled || undefined} onKeyDown={moveWithArrows}>
      {avatars.map((avatar, index) => (
        <button
          key={avatar.key}
          type="button"
          role="radio"
          aria-checked={value === avatar.url}
          aria-label={pickLabel(index + 1)}
          tabIndex={index === focusable ? 0 : -1}
          disabled={disabled}
          className="avatar-picker__item"
          onClick={() => onChange(avatar.url)}
        >
          <img src={avatar.url} alt="" />
        </button>
      ))}
    </div>
  );
}
