import { HttpError } from '../../../lib/http/http-error';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { sessionStore } from '../../../stores/session-store';
import { verifyAccess } from '../api/verify-access';
import VerifyOverlay from './verify-overlay';

vi.mock('../api/verify-access', () => ({ verifyAccess: vi.fn() }));
const verify = vi.mocked(verifyAccess);

beforeAll(() => setupTestI18n());
beforeEach(() => {
  verify.mockReset();
  localStorage.clear();
  sessionStore.setState({ accessToken: '', accessDenied: true });
});

function setup() {
  const reload = vi.fn();
  renderWithApp(<VerifyOverlay reload={reload} />);
  return {
    reload,
    user: userEvent.setup(),
    input: screen.getByLabelText('Access password'),
    button: screen.getByRole('button', { name: 'Verify' }),
  };
}

describe('the 403 overlay', () => {
  it('shows the title 403 and the tip', () => {
    setup();
    expect(screen.getByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getByText('Unauthorized, please verify first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Access password')).toHaveAttribute('type', 'password');
  });

  it('keeps Verify disabled while the input is empty or only spaces', async () => {
    const { user, input, button } = setup();
    expect(button).toBeDisabled();
    await user.type(input, '   ');
    expect(button).toBeDisabled();
    await user.type(input, 'secret');
    expect(button).toBeEnabled();
  });

  it('submits the trimmed password with Enter, saves the token and reloads', async () => {
    verify.mockResolvedValue({ accessToken: 'granted' });
    const { user, input, reload } = setup();
    await user.type(input, '  secret  {Enter}');
    expect(verify).toHaveBeenCalledWith('secret');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStorage.getItem('ACCESS_TOKEN')).toBe('granted');
    expect(await screen.findByText('Success')).toBeInTheDocument();
  });

  it('does not submit with Shift+Enter', async () => {
    const { user, input } = setup();
    await user.type(input, 'secret{Shift>}{Enter}{/Shift}');
    expect(verify).not.toHaveBeenCalled();
  });

  it('disables Verify while verifying', async () => {
    let finish: (value: { accessToken: string }) => void = () => {};
    verify.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, input } = setup();
    await user.type(input, 'secret');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('button', { name: /Verify/ })).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(verify).toHaveBeenCalledTimes(1);
    finish({ accessToken: 'granted' });
  });

  it('on failure toasts the message, drops the token and clears the input', async () => {
    sessionStore.setState({ accessToken: 'stale' });
    verify.mockRejectedValue(new HttpError({ code: 10003, status: 403, msg: 'The access password is wrong.' }));
    const { user, input, reload } = setup();
    await user.type(input, 'wrong{Enter}');
    expect(await screen.findByText('The access password is wrong.')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(sessionStore.getState().accessToken).toBe('');
    expect(reload).not.toHaveBeenCalled();
  });

  it('falls back to a generic error when the failure has no message', async () => {
    verify.mockRejectedValue(new Error('boom'));
    const { user, input } = setup();
    await user.type(input, 'x{Enter}');
    expect(await screen.findByText('Verification failed, please try again.')).toBeInTheDocument();
  });
});
