import { accountPaths, authPaths, type UserInfo } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { renderWithApp } from '../../../test/render';
import { serveAccountApi } from '../../auth/testing/account-api-server';
import { AvatarEditor } from './avatar-editor';
import { DeleteAccountForm } from './delete-account-form';
import { PasswordForm } from './password-form';
import { PhoneChangeForm } from './phone-change-form';
import { ProfileGate } from './profile-gate';
import { UsernameForm } from './username-form';

// Each answer crosses a real HTTP server and antd's form validation; a busy machine needs more than a second.
configure({ asyncUtilTimeout: 10_000 });

const server = serveAccountApi(() => sessionStore.setState({ token: 'user-token', visitorToken: '', showLogin: false }));

function show(ui: (profile: UserInfo) => ReactElement) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="/account" element={<ProfileGate>{ui}</ProfileGate>} />
          <Route path="/home" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('the password form', { timeout: 60_000 }, () => {
  it('asks for the code and a password that meets the rule, twice the same, then saves and takes the fresh token', async () => {
    const user = show((profile) => <PasswordForm profile={profile} />);
    const codeLabel = 'Verification code (sent to +86 138****8000)';
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter the verification code')).toBeInTheDocument();
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    // the code goes to the account's own phone, asked for with the user's token
    expect(server.current.callsOf(authPaths.sendSmsCode)[0]!.body).toMatchObject({ phone: '13800138000', purpose: 'update_password' });

    await user.type(screen.getByRole('textbox', { name: codeLabel }), '000000');
    await user.type(screen.getByLabelText('New password'), 'onlyletters');
    expect((await screen.findAllByText('Use 8 to 64 characters with at least one letter and one number')).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Copper-58-meadow');
    expect(await screen.findByText('Strong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'Copper-58-meadow');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('Copper-58-meadow');

    await user.clear(screen.getByRole('textbox', { name: codeLabel }));
    await user.type(screen.getByRole('textbox', { name: codeLabel }), server.current.code);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password saved. Your other devices have been logged out.')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBe('fresh-user-token');
    expect(server.current.password()).toBe('Copper-58-meadow');
  });
});

describe('changing the phone', { timeout: 60_000 }, () => {
  it('proves the current number first, refuses a number another account has, then moves to the new one', async () => {
    const user = show((profile) => <PhoneChangeForm profile={profile} />);
    expect(await screen.findByText('Your current number is +86 138****8000.')).toBeInTheDocument();
    const oldCode = await screen.findByRole('textbox', { name: 'Verification code (sent to +86 138****8000)' });
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(server.current.callsOf(authPaths.sendSmsCode)[0]?.body).toMatchObject({ phone: '13800138000', purpose: 'change_phone_old' }));

    await user.type(oldCode, '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    await user.clear(oldCode);
    await user.type(oldCode, server.current.code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const newNumber = await screen.findByRole('textbox', { name: 'New phone number' });
    await user.type(newNumber, '13900139000');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(server.current.callsOf(authPaths.sendSmsCode)[1]?.body).toMatchObject({ phone: '13900139000', purpose: 'change_phone_new' }));
    await user.type(screen.getByRole('textbox', { name: /code/i }), server.current.code);
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByText('This number belongs to another account.')).toBeInTheDocument();
    expect(server.current.account().mobile).toBe('13800138000');

    await user.clear(newNumber);
    await user.type(newNumber, '13700137000');
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByText('Your number is now +86 137****7000.')).toBeInTheDocument();
    expect(server.current.callsOf(accountPaths.changePhone).at(-1)?.body).toMatchObject({ areaCode: '86', mobile: '13700137000', smsCode: server.current.code });
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/user/profile');
  });
});

describe('the avatar', { timeout: 60_000 }, () => {
  it('can be one of the built-in avatars, chosen by click or by arrow keys', async () => {
    const user = show((profile) => <AvatarEditor profile={profile} />);
    const group = await screen.findByRole('radiogroup', { name: 'Or choose a built-in avatar' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Built-in avatar 2' }));
    await waitFor(() => expect(server.current.callsOf(accountPaths.updateProfile).at(-1)?.body).toEqual({ headUrl: '/files/avatars/chart.svg' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Built-in avatar 1' })).toBeEnabled());
    screen.getByRole('radio', { name: 'Built-in avatar 1' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(server.current.callsOf(accountPaths.updateProfile).at(-1)?.body).toEqual({ headUrl: '/files/avatars/coin.svg' }));
  });
});

describe('the username form', { timeout: 60_000 }, () => {
  it('checks the rule as it is typed, says when a name is taken, and saves a free one', async () => {
    const user = show((profile) => <UsernameForm profile={profile} />);
    const field = await screen.findByRole('textbox', { name: 'Username' });
    const save = screen.getByRole('button', { name: 'Save username' });
    expect(save).toBeDisabled();

    await user.clear(field);
    await user.type(field, '12345');
    // the rule, shown under the field all along, becomes the field's error
    await waitFor(() => expect(screen.getAllByText('2 to 20 letters, digits, _ or -, not only digits')).toHaveLength(2));
    await user.clear(field);
    expect(await screen.findByText('Enter a username')).toBeInTheDocument();

    await user.type(field, 'Taken_Name');
    await user.click(save);
    expect(await screen.findByText('This username is taken. Choose another.')).toBeInTheDocument();
    expect(field).toHaveValue('Taken_Name');

    await user.clear(field);
    await user.type(field, 'harbour_fox');
    await user.click(save);
    expect(await screen.findByText('Username saved')).toBeInTheDocument();
    expect(server.current.callsOf(accountPaths.updateProfile).at(-1)!.body).toEqual({ username: 'harbour_fox' });
  });
});

describe('deleting the account', { timeout: 60_000 }, () => {
  it('says what goes, stays locked until the username is typed exactly, then deletes, logs out and goes home', async () => {
    const user = show((profile) => <DeleteAccountForm profile={profile} />);
    const { username } = server.current.account();
    expect(await screen.findByText('the agents you created, with their knowledge files')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete my account' });
    const confirm = screen.getByRole('textbox', { name: `Type your username (${username}) to confirm` });
    expect(remove).toBeDisabled();

    await user.type(confirm, `${username}x`);
    expect(await screen.findByText('This does not match your username.')).toBeInTheDocument();
    expect(remove).toBeDisabled();
    await user.clear(confirm);
    await user.type(confirm, username);
    await waitFor(() => expect(remove).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /^Resend in/ });
    expect(server.current.callsOf(authPaths.sendSmsCode)[0]!.body).toMatchObject({ purpose: 'delete_account' });
    await user.type(screen.getByRole('textbox', { name: /^Verification code/ }), server.current.code);
    await user.click(remove);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ token: '', showLogin: false });
    expect(server.current.callsOf(accountPaths.deleteAccount)[0]!.body).toEqual({ smsCode: server.current.code, confirmText: username });
  });
});
