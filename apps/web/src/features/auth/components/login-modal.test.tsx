import { authPaths, defaultSmsSignSecret, headers, smsLimits, smsSignature } from '@parley/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { userStore } from '../../../stores/user-store';
import { givePhone, newPhone, passwordIs, spendHourlyCodes, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import LoginModal from './login-modal';

// Each answer crosses the real server and antd's form validation; a busy machine needs more than a second.
configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();
const sendSmsCode = `/api${authPaths.sendSmsCode}`;
const loginBySms = `/api${authPaths.loginBySms}`;

beforeAll(() => setupTestI18n());

/** A visitor of its own opens the dialog. */
async function openDialog() {
  const visitor = await server.visit();
  sessionStore.setState({ showLogin: true });
  const user = userEvent.setup({ delay: null });
  renderWithApp(<LoginModal />);
  return { user, visitor, dialog: () => screen.getByRole('dialog', { name: 'Log in / Sign up' }) };
}

/** An account of its own with a phone number and a password, not signed in. */
async function accountWithPassword(password: string) {
  const account = await server.newUser();
  const phone = newPhone();
  await givePhone(server.db, account.userId, phone, password);
  return { ...account, phone };
}

/** Six digits that are not `code`. */
const wrongCodeFor = (code: string) => (code === '111111' ? '222222' : '111111');

describe('the login dialog, by SMS code', { timeout: 30_000 }, () => {
  it('says what is missing or wrong before anything is sent', async () => {
    const { user, dialog } = await openDialog();
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
    expect(server.requests).toEqual([]);
  });

  it('asks for a signed code and counts down until another may be asked for', async () => {
    const { user, dialog } = await openDialog();
    const phone = newPhone();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), phone);
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));

    const countdown = await within(dialog()).findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(countdown).toBeDisabled();
    expect(Number(/\d+/.exec(countdown.textContent ?? '')?.[0])).toBeGreaterThan(50);
    expect(await within(dialog()).findByText(`Code sent to +86 ${phone}. It is valid for 5 minutes.`)).toBeInTheDocument();

    const [sent] = server.calls(sendSmsCode);
    const body = sent!.body as Record<string, string | number>;
    expect(body).toMatchObject({ areaCode: '86', phone, purpose: 'login', nonceStr: expect.stringMatching(/^[A-Za-z0-9]{16}$/) });
    const { areaCode, channel, nonceStr, smsChannel, time } = body as Record<string, string>;
    expect(body.sign).toBe(smsSignature({ areaCode: areaCode!, channel: channel!, nonceStr: nonceStr!, phone, smsChannel: smsChannel!, time: time! }, defaultSmsSignSecret));
    // the server took the signature and texted a code
    expect(await server.smsCode(phone, 'login')).toMatch(/^\d{6}$/);
  });

  it('offers to send again once the wait the server asked for is over, and then sends a new code', async () => {
    const { user, dialog } = await openDialog();
    const phone = newPhone();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), phone);
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
    await within(dialog()).findByRole('button', { name: /^Resend in \d+ s$/ });

    // The server's wait is a fixed minute (smsLimits, no setting shortens it): the clock moves on a minute rather than the test waiting one.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(Date.now() + smsLimits.resendIntervalSeconds * 1000);
    const again = await within(dialog()).findByRole('button', { name: 'Send again' });
    expect(again).toBeEnabled();

    await user.click(again);
    expect(await within(dialog()).findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    expect(server.calls(sendSmsCode)).toHaveLength(2);
  });

  it('when codes are limited, says so with the wait, and the button waits that long', async () => {
    const { user, dialog } = await openDialog();
    const phone = newPhone();
    await spendHourlyCodes(server.db, phone);
    await user.type(within(dialog()).getByRole('textbox', { name: 'Phone number' }), phone);
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
    expect(await within(dialog()).findByText('Too many codes were requested for this number or network. Try again in 60 min.')).toBeInTheDocument();
    const countdown = await within(dialog()).findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(countdown).toBeDisabled();
    expect(Number(/\d+/.exec(countdown.textContent ?? '')?.[0])).toBeGreaterThan(3500);
  });

  it('a wrong code is said at the code field and what was typed stays; the right code signs up as the visitor', async () => {
    const { user, dialog, visitor } = await openDialog();
    const phone = newPhone();
    const phoneBox = within(dialog()).getByRole('textbox', { name: 'Phone number' });
    await user.type(phoneBox, phone);
    await user.click(within(dialog()).getByRole('button', { name: 'Get code' }));
    await within(dialog()).findByRole('button', { name: /^Resend in/ });
    const code = await server.smsCode(phone, 'login');
    const codeBox = within(dialog()).getByRole('textbox', { name: 'Verification code' });
    await user.type(codeBox, wrongCodeFor(code));
    await user.click(within(dialog()).getByRole('button', { name: 'Log in / Sign up' }));
    expect(await within(dialog()).findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    expect(phoneBox).toHaveValue(phone);
    expect(codeBox).toHaveValue(wrongCodeFor(code));

    await user.clear(codeBox);
    await user.type(codeBox, code);
    await user.click(within(dialog()).getByRole('button', { name: 'Log in / Sign up' }));
    await waitFor(() => expect(sessionStore.getState()).toMatchObject({ showLogin: false, visitorToken: '' }));
    // the new account has the name the server made up, and the session its token
    const { username } = userStore.getState();
    expect(username).toMatch(/^user_[0-9a-f]{8}$/);
    await expect(server.app.services.identity.authenticateUser(sessionStore.getState().token)).resolves.toMatchObject({ username });
    expect(await screen.findByText(`Welcome to Parley, ${username}! Your account is ready.`)).toBeInTheDocument();
    // signed in as the visitor, so the server can move the visitor's chats and settings over
    const [login] = server.calls(loginBySms).slice(-1);
    expect(login!.path).toBe('/api/visitor/login/sms');
    expect(login!.headers[headers.visitorToken]).toBe(visitor.visitorToken);
  });
});

describe('the login dialog, by password', { timeout: 60_000 }, () => {
  it('a wrong password gets one answer for the whole form, and the password can then sign in', async () => {
    const account = await accountWithPassword('Harbour-42-walnut');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog()).getByRole('tab', { name: 'Password' }));
    await user.type(await within(dialog()).findByRole('textbox', { name: 'Phone number' }), account.phone);
    await user.type(within(dialog()).getByLabelText('Password', { selector: 'input' }), 'not-it-1');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog()).findByText('The phone number or password is wrong.')).toBeInTheDocument();

    await user.clear(within(dialog()).getByLabelText('Password', { selector: 'input' }));
    await user.type(within(dialog()).getByLabelText('Password', { selector: 'input' }), 'Harbour-42-walnut');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(`Welcome back, ${account.username}.`)).toBeInTheDocument();
    expect(sessionStore.getState().showLogin).toBe(false);
    await expect(server.app.services.identity.authenticateUser(sessionStore.getState().token)).resolves.toMatchObject({ userId: account.userId });
  });

  it('a forgotten password: prove the phone, choose a new one that meets the rule, and be signed in with it', async () => {
    const account = await accountWithPassword('Harbour-42-walnut');
    const { user } = await openDialog();
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(reset).getByRole('textbox', { name: 'Phone number' }), account.phone);
    await user.click(within(reset).getByRole('button', { name: 'Get code' }));
    await within(reset).findByRole('button', { name: /^Resend in/ });
    const code = await server.smsCode(account.phone, 'reset_password');
    await user.type(within(reset).getByRole('textbox', { name: 'Verification code' }), wrongCodeFor(code));
    await user.click(within(reset).getByRole('button', { name: 'Continue' }));
    expect(await within(reset).findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    await user.clear(within(reset).getByRole('textbox', { name: 'Verification code' }));
    await user.type(within(reset).getByRole('textbox', { name: 'Verification code' }), code);
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

    expect(await screen.findByText(`Welcome back, ${account.username}.`)).toBeInTheDocument();
    expect(await passwordIs(server.db, account.userId, 'Lantern-77-river')).toBe(true);
  });
});
