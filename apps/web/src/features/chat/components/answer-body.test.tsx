import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { withRealServer } from '../../../test/real-server';
import { AnswerBody } from './answer-body';

withRealServer();
beforeAll(() => setupTestI18n());

const source = { chunkId: 'c1', fileId: null, fileName: 'FAQ', heading: 'Spreads', page: null, excerpt: 'A spread is…', score: 0.9 };

function show(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

describe('an answer’s thinking', () => {
  it('is open and says it is thinking until the answer starts, then folds away with how long it took', async () => {
    const thinking = { text: 'Weigh bid against ask.', ms: null };
    const live = show(<AnswerBody text="" phase="streaming" citations={[]} reasoning={thinking} />);
    const block = () => live.container.querySelector('details.thinking-block') as HTMLDetailsElement;
    expect(block().open).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Thinking…');
    live.unmount();

    const answered = show(<AnswerBody text="A spread is a gap." phase="done" citations={[]} reasoning={{ text: thinking.text, ms: 2400 }} />);
    const folded = answered.container.querySelector('details.thinking-block') as HTMLDetailsElement;
    expect(folded.open).toBe(false);
    expect(folded.querySelector('summary')).toHaveTextContent('Thought for 2 seconds');
  });
});

describe('how an answer ended', () => {
  it('offers Continue on an answer cut at the length limit', async () => {
    const onContinue = vi.fn();
    show(<AnswerBody text="Step one, step" phase="done" citations={[]} cutShort onContinue={onContinue} />);
    expect(screen.getByText('Cut short at the length limit')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('lists its sources by title, without their relevance scores', () => {
    show(<AnswerBody text="A spread is a gap." phase="done" citations={[source]} />);
    expect(screen.getByRole('button', { name: /FAQ · Spreads/ })).toBeVisible();
    expect(screen.queryByText('0.90')).toBeNull();
  });

  it('says when to ask again after a rate limit, and shows no sources for a failed answer', () => {
    show(<AnswerBody text="" phase="error" citations={[source]} error={{ kind: 'rate_limited', message: 'busy', retryAfterSeconds: 20 }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The model service is getting too many requests right now.');
    expect(screen.getByRole('alert')).toHaveTextContent('You can try again in 20 seconds.');
    expect(screen.queryByText('FAQ')).toBeNull();
  });

  it('gives a conversation too long for the model its two ways out', async () => {
    const onNewChat = vi.fn();
    const onContextOff = vi.fn();
    show(<AnswerBody text="" phase="error" citations={[]} error={{ kind: 'context_too_long', message: 'too long' }} onNewChat={onNewChat} onContextOff={onContextOff} />);
    await userEvent.click(screen.getByRole('button', { name: /New chat/ }));
    await userEvent.click(screen.getByRole('button', { name: /Turn context off/ }));
    expect([onNewChat.mock.calls.length, onContextOff.mock.calls.length]).toEqual([1, 1]);
  });
});
