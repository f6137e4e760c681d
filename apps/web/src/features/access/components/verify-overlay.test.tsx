import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { withRealServer } from '../../../test/real-server';
import { sessionStore } from '../../../stores/session-store';
import VerifyOverlay from './verify-overlay';

// a site behind an access password; every guess here comes from one address, which the server
// lets make ten a minute: the test of that limit runs last
const password = 'open sesame';
const server = withRealServer({ ACCESS_PASSWORD: password });

beforeAll(() => setupTestI18n());
beforeEach(() => {
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
  it('shows the title 403 and asks, in the site\'s words, for its access password', () => {
    setup();
    expect(screen.getByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getByText('This site asks for its access password')).toBeInTheDocument();
    expect(screen.getByText("Enter the password the site's operator gave you to go on.")).toBeInTheDocument();
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

  it('submits the trimmed password with Enter, saves the token the server gives and reloads', async () => {
    const { user, input, reload } = setup();
    await user.type(input, `  ${password}  {Enter}`);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(server.calls('/verify')[0]?.body).toEqual({ token: password });
    const token = localStorage.getItem('ACCESS_TOKEN');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionStore.getState().accessToken).toBe(token);
    expect(await screen.findByText('Success')).toBeInTheDocument();
  });

  it('does not submit with Shift+Enter', async () => {
    const { user, input } = setup();
    await user.type(input, 'secret{Shift>}{Enter}{/Shift}');
    expect(server.calls('/verify')).toEqual([]);
  });

  it('disables Verify while the server checks, and sends one request however often Enter is pressed', async () => {
    const release = server.hold('/verify');
    const { user, input } = setup();
    await user.type(input, 'secret');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('button', { name: /Verify/ })).toBeDisabled();
    await user.type(input, '{Enter}');
    release();
    expect(await screen.findByText('The access password is wrong.')).toBeInTheDocument();
    expect(server.calls('/verify')).toHaveLength(1);
  });

  it('on a wrong password says so in the reader\'s language, drops the token and clears the input', async () => {
    sessionStore.setState({ accessToken: 'stale' });
    const { user, input, reload } = setup();
    await user.type(input, 'wrong{Enter}');
    expect(await screen.findByText('The access password is wrong.')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(sessionStore.getState().accessToken).toBe('');
    expect(reload).not.toHaveBeenCalled();
  });

  it('says to wait a minute once the server stops taking guesses', async () => {
    const { user, input, reload } = setup();
    // the server takes ten a minute from one address: the eleventh is held back whatever came before
    for (let guess = 0; guess < 11; guess += 1) {
      await user.type(input, `guess ${guess}{Enter}`);
      await waitFor(() => expect(input).toHaveValue(''));
    }
    // the toast replaces the last one once that one has left, which takes a moment
    expect(await screen.findByText('Too many attempts. Wait a minute, then try again.', {}, { timeout: 5000 })).toBeInTheDocument();
    // the right password is held back too until the minute is over
    const sent = server.calls('/verify').length;
    await user.type(input, `${password}{Enter}`);
    await waitFor(() => expect(input).toHaveValue(''));
    expect(server.calls('/verify')).toHaveLength(sent + 1);
    expect(screen.getByText('Too many attempts. Wait a minute, then try again.')).toBeInTheDocument();
    expect(localStorage.getItem('ACCESS_TOKEN')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
