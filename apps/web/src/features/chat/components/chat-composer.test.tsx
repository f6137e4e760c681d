import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../../test/render';
import { ChatComposer } from './chat-composer';

beforeAll(() => setupTestI18n());

const oneModel = { models: [], defaultModel: '' } as never;

/** A new chat's composer: its first question starts an answer (and the page moves the chat to its address, the same screen). */
function NewChat() {
  const [chatId, setChatId] = useState<string | null>(null);
  return (
    <ChatComposer
      draftKey={chatId ?? 'new'}
      canAsk
      busy={chatId !== null}
      quotaReached={false}
      modelChoice={oneModel}
      savedModel={null}
      onSend={() => setChatId('chat-1')}
      onStop={() => undefined}
      onDismissQuota={() => undefined}
    />
  );
}

describe('the composer', () => {
  it('keeps the keyboard in the question box while the answer it asked for streams', async () => {
    const user = userEvent.setup();
    render(<NewChat />);
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'What is a spread?{Enter}');
    expect(screen.getByRole('button', { name: /Stop Responding/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveFocus();
  });

  it('takes no focus on its own when it simply appears', () => {
    render(<NewChat />);
    expect(screen.getByRole('textbox', { name: 'Your question' })).not.toHaveFocus();
  });
});
