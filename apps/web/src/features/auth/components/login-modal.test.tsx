import { authPaths, defaultSmsSignSecret, smsSignature } from '@parley/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { userStore } from '../../../stores/user-store';
import { renderWithApp } from '../../../test/render';
import { serveAccountApi, startAccountApiServer } from '../testing/account-api-server';
import { setHttpBaseUrl } from '../../../lib/http';
import LoginModal from './login-modal';

// Each answer crosses a real HTTP server and antd's form validation; a busy machine needs more than a second.
configure({ asyncUtilTimeout: 10_000 });

const server = serveAccountApi(() => sessionStore.setState({ token: '', visitorToken: 'visitor-token', showLogin: true }));

function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<LoginModal />);
  return { user, dialog: () => screen.getByRole('dialog', { name: 'Log in / Sign up' }) };
}

describe('the login dialog, by SMS code', { timeout: 30_000 }, () => {
  it('says what is missing or wrong before anything is sent', async () => {
    const { user, dialog } = openDialog();
    await user.click(within(dialog()).getByRole('button', { name: 'Log in / Sign up' }));
    expect(await screen.findByText('Enter your phone number')).toBeInTheDocument();
    expect(await screen.findByText('Enter the verification code')).toBeInTheDocument();

    await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), '138-0013');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Verification code' }), '12ab');
    expect(await screen.findByText('Enter a valid phone number (digits only)')).toBeInTheDocument();
    expect(await screen.findByText('The code is 6 digits')).toBeInTheDocument();
    // a code is not asked for a number that is not valid
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Log in / Sign up' }));
    expect(server.current.calls).toEqual([]);
  });

  it('asks for a signed code and counts down until another may be asked for', async () => {
    const { user, dialog } = openDialog();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));

    const countdown = await within(dialog()).findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(countdown).toBeDisabled();
    expect(Number(/\d+/.exec(countdown.textContent ?? '')?.[0])).toBeGreaterThan(50);
    expect(await within(dialog()).findByText('Code sent to +86 13912345678. It is valid for 5 minutes.')).toBeInTheDocument();

    const [sent] = server.current.callsOf(authPaths.sendSmsCode);
    const body = sent!.body as Record<string, string | number>;
    expect(body).toMatchObject({ areaCode: '86', phone: '13912345678', purpose: 'login', nonceStr: expect.stringMatching(/^[A-Za-z0-9]{16}$/) });
    const { areaCode, channel, nonceStr, phone, smsChannel, time } = body as Record<string, string>;
    expect(body.sign).toBe(smsSignature({ areaCode: areaCode!, channel: channel!, nonceStr: nonceStr!, phone: phone!, smsChannel: smsChannel!, time: time! }, defaultSmsSignSecret));
  });

  it('offers to send again once the wait the server asked for is over', async () => {
    const quick = await startAccountApiServer({ resendAfterSeconds: 1 });
    setHttpBaseUrl(quick.url);
    try {
      const { user, dialog } = openDialog();
      await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), '13912345678');
      await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
      const again = await within(dialog()).findByRole('button', { name: 'Send again' });
      expect(again).toBeEnabled();
    } finally {
      setHttpBaseUrl(server.current.url);
      await quick.close();
    }
  });

  it('when codes are limited, says so with the wait, and the button waits that long', async () => {
    const { user, dialog } = openDialog();
    server.current.failNext(authPaths.sendSmsCode, 'RATE_LIMITED', { retryAfterSeconds: 540 });
    await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
    expect(await within(dialog()).findByText('Too many codes were requested for this number or network. Try again in 9 min.')).toBeInTheDocument();
    expect(await within(dialog()).findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  });

  it('a wrong code is said at the code field and what was typed stays; the right code signs up as the visitor', async () => {
    const { user, dialog } = openDialog();
    const phone = within(dialog()).getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '13912345678');
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
    await within(dialog()).findByRole('button', { name: /^Resend in/ });
    const codeBox = within(dialog()).getByRole('textbox', { name: 'Verification code' });
    await user.type(codeBox, '111111');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in / Sign up' }));
    expect(await within(dialog()).findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    expect(phone).toHaveValue('13912345678');
    expect(codeBox).toHaveValue('111111');

    await user.clear(codeBox);
    await user.type(codeBox, server.current.code);
    await user.click(within(dialog()).getByRole('button', { name: 'Log in / Sign up' }));
    await waitFor(() => expect(sessionStore.getState()).toMatchObject({ showLogin: false, visitorToken: '' }));
    expect(sessionStore.getState().token).toMatch(/^user-token-/);
    expect(userStore.getState().username).toBe('user_5f3a9c21');
    expect(await screen.findByText('Welcome to Parley, user_5f3a9c21! Your account is ready.')).toBeInTheDocument();
    // signed in as the visitor, so the server can move the visitor's chats and settings over
    const [login] = server.current.callsOf(authPaths.loginBySms).slice(-1);
    expect(login!.path).toBe('/api/visitor/login/sms');
    expect(server.current.visitorTokenOf(login!)).toBe('visitor-token');
  });
});

describe('the login dialog, by password', { timeout: 60_000 }, () => {
  it('a wrong password gets one answer for the whole form, and the password can then sign in', async () => {
    const { user, dialog } = openDialog();
    await user.click(within(dialog()).getByRole('tab', { name: 'Password' }));
    await user.type(await within(dialog()).findByRole('textbox', { name: 'Phone number' }), server.current.account().mobile);
    await user.type(within(dialog()).getByLabelText('Password', { selector: 'input' }), 'not-it-1');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog()).findByText('The phone number or password is wrong.')).toBeInTheDocument();

    await user.clear(within(dialog()).getByLabelText('Password', { selector: 'input' }));
    await user.type(within(dialog()).getByLabelText('Password', { selector: 'input' }), server.current.password());
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(`Welcome back, ${server.current.account().username}.`)).toBeInTheDocument();
    expect(sessionStore.getState().showLogin).toBe(false);
  });

  it('a forgotten password: prove the phone, choose a new one that meets the rule, and be signed in with it', async () => {
    const { user } = openDialog();
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(reset).getByRole('textbox', { name: 'Phone number' }), server.current.account().mobile);
    await user.click(within(reset).getByRole('button', { name: 'Get code' }));
    await within(reset).findByRole('button', { name: /^Resend in/ });
    await user.type(within(reset).getByRole('textbox', { name: 'Verification code' }), '999999');
    await user.click(within(reset).getByRole('button', { name: 'Continue' }));
    expect(await within(reset).findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    await user.clear(within(reset).getByRole('textbox', { name: 'Verification code' }));
    await user.type(within(reset).getByRole('textbox', { name: 'Verification code' }), server.current.code);
    await user.click(within(reset).getByRole('button', { name: 'Continue' }));

    const fresh = await within(reset).findByLabelText('New password');
    await user.type(fresh, 'short1');
    expect((await within(reset).findAllByText('Use 8 to 64 characters with at least one letter and one number')).length).toBeGreaterThan(0);
    await user.clear(fresh);
    await user.type(fresh, 'Lantern-77-river');
    await user.type(within(reset).getByLabelText('Confirm password'), 'Lantern-77-rivet');
    await user.click(within(reset).getByRole('button', { name: 'Save and log in' }));
    expect(await within(reset).findByText('The two passwords do not match')).toBeInTheDocument();
    await user.clear(within(reset).getByLabelText('Confirm password'));
    await user.type(within(reset).getByLabelText('Confirm password'), 'Lantern-77-river');
    await user.click(within(reset).getByRole('button', { name: 'Save and log in' }));

    expect(await screen.findByText(`Welcome back, ${server.current.account().username}.`)).toBeInTheDocument();
    expect(server.current.password()).toBe('Lantern-77-river');
  });
});
