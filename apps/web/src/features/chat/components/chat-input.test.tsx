import { chatLimits } from '@parley/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../../test/render';
import { ChatInput } from './chat-input';
import type { PromptOption } from './prompt-suggestions';

beforeAll(() => setupTestI18n());

const prompts: PromptOption[] = [
  { title: 'Translator', content: 'Translate the following text into English:' },
  { title: 'Spread explainer', content: 'Explain spreads to a beginner.' },
  { title: 'Summary', content: 'Summarise this article in three bullet points.' },
];

/** The input as the chat screen holds it: the text lives outside, sends are recorded. */
function Harness({ onSend, initial = '', busy = false }: { onSend: (text: string) => void; initial?: string; busy?: boolean }) {
  const [value, setValue] = useState(initial);
  return <ChatInput value={value} onChange={setValue} onSend={onSend} prompts={prompts} busy={busy} />;
}

function setup(props: { initial?: string; busy?: boolean } = {}) {
  const onSend = vi.fn();
  const user = userEvent.setup();
  render(<Harness onSend={onSend} {...props} />);
  return { onSend, user, box: screen.getByRole('textbox', { name: 'Your question' }) };
}

describe('the question box', () => {
  it('shows the "ask me anything" placeholder', () => {
    setup();
    expect(screen.getByPlaceholderText('Ask me anything…')).toBeInTheDocument();
  });

  it('sends the trimmed text with Enter', async () => {
    const { onSend, user, box } = setup();
    await user.type(box, '  What is a spread?  {Enter}');
    expect(onSend).toHaveBeenCalledWith('What is a spread?');
  });

  it('starts a new line with Shift+Enter instead of sending', async () => {
    const { onSend, user, box } = setup();
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('line one\nline two');
  });

  it('does not send on the Enter that confirms an IME composition', () => {
    const { onSend, box } = setup({ initial: '点差' });
    fireEvent.compositionStart(box);
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    fireEvent.compositionEnd(box);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('点差');
  });

  it('keeps Send disabled while the box is empty or only whitespace', async () => {
    const { onSend, user, box } = setup();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, 'hi');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith('hi');
  });

  it('does not send while an answer is streaming', async () => {
    const { onSend, user, box } = setup({ initial: 'next question', busy: true });
    await user.type(box, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('stops at the question length limit and shows a counter near it', () => {
    setup({ initial: 'x'.repeat(chatLimits.questionMaxChars - 10) });
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveAttribute('maxlength', String(chatLimits.questionMaxChars));
    expect(screen.getByText(`${chatLimits.questionMaxChars - 10} / ${chatLimits.questionMaxChars}`)).toBeInTheDocument();
  });
});

describe('prompts after a "/"', () => {
  it('lists the prompt store\'s prompts when "/" starts the text, filtered as one types', async () => {
    const { user, box } = setup();
    await user.type(box, '/');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    await user.type(box, 'spr');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Spread explainerExplain spreads to a beginner.']);
  });

  it('does not list prompts for a "/" later in the text', async () => {
    const { user, box } = setup();
    await user.type(box, 'EUR/USD');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrow keys and fills the box with Enter, without sending', async () => {
    const { onSend, user, box } = setup();
    await user.type(box, '/');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('Summarise this article in three bullet points.');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('fills the box with a clicked prompt', async () => {
    const { user, box } = setup();
    await user.type(box, '/trans');
    await user.click(screen.getByRole('option', { name: /Translator/ }));
    expect(box).toHaveValue('Translate the following text into English:');
  });

  it('closes with Escape, after which Enter sends what was typed', async () => {
    const { onSend, user, box } = setup();
    await user.type(box, '/summary{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('/summary');
  });
});
