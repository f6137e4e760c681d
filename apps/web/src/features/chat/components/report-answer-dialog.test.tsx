import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import ReportAnswerDialog from './report-answer-dialog';

beforeAll(() => setupTestI18n());

describe('reporting an answer', () => {
  it('sends only once a reason is chosen, with the note, then closes', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    renderWithApp(<ReportAnswerDialog onSend={onSend} onClose={onClose} />);
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Harmful or offensive' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Details' }), '  Promises guaranteed returns  ');
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith({ reason: 'harmful', note: 'Promises guaranteed returns' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open with what was chosen when sending fails', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('offline')));
    const onClose = vi.fn();
    renderWithApp(<ReportAnswerDialog onSend={onSend} onClose={onClose} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Spam or advertising' })).toBeChecked();
  });
});
