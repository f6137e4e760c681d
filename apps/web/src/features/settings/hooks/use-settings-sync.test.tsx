import { settingsPaths, type UserSettings } from '@parley/contracts';
import { act, configure, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { appSettingStore } from '../../../stores/app-setting-store';
import { sessionStore } from '../../../stores/session-store';
import { defaultChatSettings, settingsStore } from '../../../stores/settings-store';
import { withRealServer, type TestUser } from '../../../test/real-server';
import { visitorChangesStore } from '../lib/visitor-changes';
import { SettingsSync } from './use-settings-sync';

// Each save crosses the real server after the hook's pause; a busy machine needs more than a second.
configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();
const getPath = `/api${settingsPaths.get}`;
const savePath = `/api${settingsPaths.save}`;

beforeEach(() => {
  settingsStore.setState(defaultChatSettings());
  appSettingStore.setState({ theme: 'light', language: 'en-US' });
  visitorChangesStore.setState({ keys: [] });
});

const fromOtherBrowser: UserSettings = {
  avatarUrl: '',
  name: 'Lin',
  description: '',
  systemMessage: 'Answer briefly.',
  temperature: 0.3,
  top_p: 0.9,
  theme: 'dark',
  language: 'en-US',
};

/** What the server holds for the account now (null when it never saved any). */
async function savedOf(account: TestUser) {
  return (await server.app.services.settings.get(account.userId)).settings;
}

/** An account that saved `settings` in another browser, not signed in here yet. */
async function accountWith(settings: UserSettings) {
  const account = await server.newUser();
  await server.app.services.settings.save(account.userId, settings);
  return account;
}

const signInAs = (account: TestUser) => act(() => sessionStore.setState({ token: account.token, visitorToken: '' }));

describe('settings sync', { timeout: 30_000 }, () => {
  it('does nothing for a visitor: their settings stay in the browser', async () => {
    await server.visit();
    render(<SettingsSync />);
    settingsStore.setState({ temperature: 1.2 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.requests).toEqual([]);
  });

  it('loads what the user saved in another browser when they are logged in', async () => {
    const account = await accountWith(fromOtherBrowser);
    sessionStore.setState({ token: account.token, visitorToken: '' });
    render(<SettingsSync />);
    await waitFor(() => expect(settingsStore.getState()).toMatchObject({ name: 'Lin', temperature: 0.3, systemMessage: 'Answer briefly.' }));
    expect(appSettingStore.getState().theme).toBe('dark');
  });

  it('keeps a change made while the saved settings load, and saves it into the account', async () => {
    const account = await accountWith(fromOtherBrowser);
    // the saved settings are still on their way until the test lets them go
    const release = server.hold(getPath);
    onTestFinished(release);
    sessionStore.setState({ token: account.token, visitorToken: '' });
    render(<SettingsSync />);
    await waitFor(() => expect(server.calls(getPath)).toHaveLength(1));
    act(() => settingsStore.setState({ temperature: 1.5 }));
    release();
    await waitFor(async () => expect(await savedOf(account)).toMatchObject({ name: 'Lin', temperature: 1.5, theme: 'dark' }));
    expect(settingsStore.getState()).toMatchObject({ name: 'Lin', temperature: 1.5, systemMessage: 'Answer briefly.' });
  });

  it('saves this browser’s settings when the server has none, then each later change once', async () => {
    const account = await server.signIn();
    render(<SettingsSync />);
    await waitFor(async () => expect(await savedOf(account)).toMatchObject({ temperature: 0.8, theme: 'light' }));
    settingsStore.setState({ temperature: 1.1 });
    settingsStore.setState({ temperature: 1.2 });
    await waitFor(async () => expect(await savedOf(account)).toMatchObject({ temperature: 1.2 }));
    expect(server.calls(savePath)).toHaveLength(2);
  });

  it('what a visitor changed moves into the account they sign in to, over its saved settings, and only once', async () => {
    const account = await accountWith(fromOtherBrowser);
    await server.visit();
    render(<SettingsSync />);
    // as a visitor: a role and the dark theme; the temperature is left alone
    act(() => {
      settingsStore.setState({ systemMessage: 'Answer like a compliance officer.' });
      appSettingStore.setState({ theme: 'dark' });
    });
    signInAs(account);
    await waitFor(async () => expect(await savedOf(account)).toMatchObject({ systemMessage: 'Answer like a compliance officer.', theme: 'dark' }));
    // the rest is the account's own
    expect(await savedOf(account)).toMatchObject({ name: 'Lin', temperature: 0.3, top_p: 0.9 });
    await waitFor(() => expect(settingsStore.getState()).toMatchObject({ name: 'Lin', temperature: 0.3, systemMessage: 'Answer like a compliance officer.' }));
    expect(visitorChangesStore.getState().keys).toEqual([]);

    // signing in again later brings nothing over a second time
    const saves = server.calls(savePath).length;
    await server.app.services.settings.save(account.userId, { ...fromOtherBrowser, systemMessage: 'Changed elsewhere.' });
    act(() => sessionStore.setState({ token: '', visitorToken: '' }));
    signInAs(account);
    await waitFor(() => expect(settingsStore.getState().systemMessage).toBe('Changed elsewhere.'));
    expect(server.calls(savePath)).toHaveLength(saves);
  });

  it('a former user’s settings left in the browser do not move into the next account', async () => {
    const account = await accountWith(fromOtherBrowser);
    settingsStore.setState({ systemMessage: 'The last user’s role.' });
    sessionStore.setState({ token: '', visitorToken: '' });
    render(<SettingsSync />);
    signInAs(account);
    await waitFor(() => expect(settingsStore.getState().systemMessage).toBe('Answer briefly.'));
    expect(server.calls(savePath)).toHaveLength(0);
    expect(await savedOf(account)).toEqual(fromOtherBrowser);
  });
});
