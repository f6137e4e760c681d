import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { liveAnswers, waitingAnswer } from '../stores/live-answer-store';
import type { MessageContext } from './message-context';
import { MessageRow } from './message-row';

beforeAll(() => setupTestI18n());
afterEach(() => act(() => liveAnswers.remove('live-row-test')));

const context: MessageContext = { app: { avatarUrl: null, isOfficial: true }, appName: 'Assistant', userName: 'You', readOnly: false, busy: true, onCopy: () => undefined };

describe('the row of an answer being written', () => {
  it('shows the words that arrive after the screen drew it', async () => {
    const drawn = waitingAnswer('live-row-test', 'new:official', { phase: 'streaming', text: 'A spread' });
    act(() => liveAnswers.add(drawn));
    renderWithApp(<MessageRow row={{ kind: 'live-answer', key: 'answer', live: drawn }} context={context} />);
    expect(await screen.findByText('A spread')).toBeVisible();

    act(() => {
      liveAnswers.appendText('live-row-test', ' is the gap between bid and ask.');
      liveAnswers.flush();
    });

    expect(await screen.findByText('A spread is the gap between bid and ask.')).toBeVisible();
  });

  it('draws an answer kept outside the app’s store (the editor’s preview) as it is given', async () => {
    const preview = waitingAnswer('preview-1', 'preview', { phase: 'done', text: 'Hello from the preview.' });
    renderWithApp(<MessageRow row={{ kind: 'live-answer', key: 'preview-1-a', live: preview }} context={context} />);
    expect(await screen.findByText('Hello from the preview.')).toBeVisible();
  });
});
