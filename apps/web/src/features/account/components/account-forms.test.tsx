import { accountPaths, authPaths, headers, maskPhone, type UserInfo } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { givePhone, newPhone, passwordIs, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { AvatarEditor } from './avatar-editor';
import { DeleteAccountForm } from './delete-account-form';
import { PasswordForm } from './password-form';
import { PhoneChangeForm } from './phone-change-form';
import { ProfileGate } from './profile-gate';
import { UsernameForm } from './username-form';

// Each answer crosses the real server and antd's form validation; a busy machine needs more than a second.
configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();
const sendSmsCode = `/api${authPaths.sendSmsCode}`;
const updateProfile = `/api${accountPaths.updateProfile}`;

beforeAll(() => setupTestI18n());

/** An account of its own with a phone number (and a password, when given), signed in. */
async function signedInWithPhone(password?: string) {
  const account = await server.signIn();
  const phone = newPhone();
  await givePhone(server.db, account.userId, phone, password);
  return { ...account, phone };
}

/** The label of a code field whose code goes to `phone`, as the forms mask it. */
const codeTo = (phone: string) => `Verification code (sent to +86 ${maskPhone(phone)})`;

/** Six digits that are not `code`. */
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** What the server holds for the account now. */
const profileOf = (userId: string) => server.app.services.account.profile(userId);

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
    const me = await signedInWithPhone('Harbour-42-walnut');
    const user = show((profile) => <PasswordForm profile={profile} />);
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter the verification code')).toBeInTheDocument();
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    // the code goes to the account's own phone, asked for with the user's token
    const [sent] = server.calls(sendSmsCode);
    expect(sent!.body).toMatchObject({ phone: me.phone, purpose: 'update_password' });
    expect(sent!.headers[headers.authorization]).toBe(`Bearer ${me.token}`);
    const code = await server.smsCode(me.phone, 'update_password');

    await user.type(screen.getByRole('textbox', { name: codeTo(me.phone) }), wrongCodeFor(code));
    await user.type(screen.getByLabelText('New password'), 'onlyletters');
    expect((await screen.findAllByText('Use 8 to 64 characters with at least one letter and one number')).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Copper-58-meadow');
    expect(await screen.findByText('Strong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'Copper-58-meadow');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('Copper-58-meadow');

    await user.clear(screen.getByRole('textbox', { name: codeTo(me.phone) }));
    await user.type(screen.getByRole('textbox', { name: codeTo(me.phone) }), code);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password saved. Your other devices have been logged out.')).toBeInTheDocument();
    expect(await passwordIs(server.db, me.userId, 'Copper-58-meadow')).toBe(true);
    // every earlier session ended, this one's too; the browser holds the fresh token
    const { token } = sessionStore.getState();
    await expect(server.app.services.identity.authenticateUser(token)).resolves.toMatchObject({ userId: me.userId });
    await expect(server.app.services.identity.authenticateUser(me.token)).rejects.toThrow();
  });
});

describe('changing the phone', { timeout: 60_000 }, () => {
  /** Proves the current number with its code, and waits for the new number's step. */
  async function proveCurrentNumber(user: ReturnType<typeof show>, phone: string) {
    await user.click(await screen.findByRole('button', { name: 'Get code' }));
    await user.type(screen.getByRole('textbox', { name: codeTo(phone) }), await server.smsCode(phone, 'change_phone_old'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    return screen.findByRole('textbox', { name: 'New phone number' });
  }

  it('proves the current number first, then moves to the new one', async () => {
    const me = await signedInWithPhone();
    const user = show((profile) => <PhoneChangeForm profile={profile} />);
    expect(await screen.findByText(`Your current number is +86 ${maskPhone(me.phone)}.`)).toBeInTheDocument();
    const oldCode = await screen.findByRole('textbox', { name: codeTo(me.phone) });
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(server.calls(sendSmsCode)[0]?.body).toMatchObject({ phone: me.phone, purpose: 'change_phone_old' }));
    const code = await server.smsCode(me.phone, 'change_phone_old');

    await user.type(oldCode, wrongCodeFor(code));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This code is wrong. Check it and try again.')).toBeInTheDocument();
    await user.clear(oldCode);
    await user.type(oldCode, code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const next = newPhone();
    await user.type(await screen.findByRole('textbox', { name: 'New phone number' }), next);
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(server.calls(sendSmsCode)[1]?.body).toMatchObject({ phone: next, purpose: 'change_phone_new' }));
    const newCode = await server.smsCode(next, 'change_phone_new');
    await user.type(screen.getByRole('textbox', { name: /code/i }), newCode);
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByText(`Your number is now +86 ${maskPhone(next)}.`)).toBeInTheDocument();
    expect(server.calls(`/api${accountPaths.changePhone}`).at(-1)?.body).toMatchObject({ areaCode: '86', mobile: next, smsCode: newCode });
    await expect(profileOf(me.userId)).resolves.toMatchObject({ mobile: next });
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/user/profile');
  });

  it('refuses a number another account has, and the account keeps its own', async () => {
    const me = await signedInWithPhone();
    const taken = newPhone();
    const someoneElse = await server.newUser();
    await givePhone(server.db, someoneElse.userId, taken);
    const user = show((profile) => <PhoneChangeForm profile={profile} />);

    await user.type(await proveCurrentNumber(user, me.phone), taken);
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await user.type(screen.getByRole('textbox', { name: /code/i }), await server.smsCode(taken, 'change_phone_new'));
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByText('This number belongs to another account.')).toBeInTheDocument();
    await expect(profileOf(me.userId)).resolves.toMatchObject({ mobile: me.phone });
  });
});

describe('the avatar', { timeout: 60_000 }, () => {
  it('can be one of the built-in avatars, chosen by click or by arrow keys', async () => {
    const me = await server.signIn();
    const user = show((profile) => <AvatarEditor profile={profile} />);
    const group = await screen.findByRole('radiogroup', { name: 'Or choose a built-in avatar' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Built-in avatar 2' }));
    await waitFor(() => expect(server.calls(updateProfile).at(-1)?.body).toEqual({ headUrl: '/files/avatars/chart.svg' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Built-in avatar 1' })).toBeEnabled());
    screen.getByRole('radio', { name: 'Built-in avatar 1' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(server.calls(updateProfile).at(-1)?.body).toEqual({ headUrl: '/files/avatars/coin.svg' }));
    await waitFor(() => expect(profileOf(me.userId)).resolves.toMatchObject({ headUrl: '/files/avatars/coin.svg' }));
  });
});

describe('the username form', { timeout: 60_000 }, () => {
  it('checks the rule as it is typed, says when a name is taken, and saves a free one', async () => {
    const me = await server.signIn();
    await server.newUser('taken_name');
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

    // names are told apart regardless of case
    await user.type(field, 'Taken_Name');
    await user.click(save);
    expect(await screen.findByText('This username is taken. Choose another.')).toBeInTheDocument();
    expect(field).toHaveValue('Taken_Name');

    await user.clear(field);
    await user.type(field, 'harbour_fox');
    await user.click(save);
    expect(await screen.findByText('Username saved')).toBeInTheDocument();
    expect(server.calls(updateProfile).at(-1)!.body).toEqual({ username: 'harbour_fox' });
    await expect(profileOf(me.userId)).resolves.toMatchObject({ username: 'harbour_fox' });
  });
});

describe('deleting the account', { timeout: 60_000 }, () => {
  it('says what goes, stays locked until the username is typed exactly, then deletes, logs out and goes home', async () => {
    const me = await signedInWithPhone();
    const user = show((profile) => <DeleteAccountForm profile={profile} />);
    expect(await screen.findByText('the agents you created, with their knowledge files')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete my account' });
    const confirm = screen.getByRole('textbox', { name: `Type your username (${me.username}) to confirm` });
    expect(remove).toBeDisabled();

    await user.type(confirm, `${me.username}x`);
    expect(await screen.findByText('This does not match your username.')).toBeInTheDocument();
    expect(remove).toBeDisabled();
    await user.clear(confirm);
    await user.type(confirm, me.username);
    await waitFor(() => expect(remove).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /^Resend in/ });
    expect(server.calls(sendSmsCode)[0]!.body).toMatchObject({ phone: me.phone, purpose: 'delete_account' });
    const code = await server.smsCode(me.phone, 'delete_account');
    await user.type(screen.getByRole('textbox', { name: /^Verification code/ }), code);
    await user.click(remove);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ token: '', showLogin: false });
    expect(server.calls(`/api${accountPaths.deleteAccount}`)[0]!.body).toEqual({ smsCode: code, confirmText: me.username });
    await expect(profileOf(me.userId)).rejects.toThrow();
  });
});
