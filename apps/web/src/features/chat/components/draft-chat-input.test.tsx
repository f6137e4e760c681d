import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../../test/render';
import { draftStore, setDraft } from '../stores/draft-store';
import { DraftChatInput } from './draft-chat-input';

beforeAll(() => setupTestI18n());
beforeEach(() => draftStore.setState({ drafts: {} }));

function setup() {
  const onSend = vi.fn();
  render(<DraftChatInput draftKey="chat-1" onSend={onSend} prompts={[]} />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Your question' }) };
}

describe('the question box bound to a chat draft', () => {
  it('keeps what is typed as the draft of its chat only', async () => {
    const { box } = setup();
    await userEvent.type(box, 'How do spreads work?');
    expect(draftStore.getState().drafts).toEqual({ 'chat-1': 'How do spreads work?' });
    expect(box).toHaveValue('How do spreads work?');
  });

  it('shows a draft set elsewhere, such as a refused question handed back', () => {
    const { box } = setup();
    act(() => setDraft('chat-1', 'What is a pip?'));
    expect(box).toHaveValue('What is a pip?');
    act(() => setDraft('chat-2', 'Another chat'));
    expect(box).toHaveValue('What is a pip?');
  });

  it('sends the typed question', async () => {
    const { box, onSend } = setup();
    await userEvent.type(box, 'What is leverage?{Enter}');
    expect(onSend).toHaveBeenCalledWith('What is leverage?');
  });
});
