import { act, render, waitFor } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { appSettingStore } from '../../../stores/app-setting-store';
import { sessionStore } from '../../../stores/session-store';
import { defaultChatSettings, settingsStore } from '../../../stores/settings-store';
import { startLocalServer } from '../../../test/local-server';
import { visitorChangesStore } from '../lib/visitor-changes';
import { SettingsSync } from './use-settings-sync';

/** A settings server over real HTTP holding one user's record, as /api/settings/* does. */
let saved: unknown = null;
const calls: string[] = [];
/** While set, GET /api/settings/get waits for it: the saved settings are still on their way. */
let holdGet: Promise<void> | null = null;
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer(async (request: IncomingMessage, response: ServerResponse, body: string) => {
    calls.push(`${request.method} ${request.url}`);
    if (request.method === 'GET' && holdGet) await holdGet;
    if (request.url?.startsWith('/api/settings/save')) saved = (JSON.parse(body) as { settings: unknown }).settings;
    const data = { settings: saved, updatedAt: saved ? new Date().toISOString() : null };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'success', data }));
  });
  setHttpBaseUrl(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  saved = null;
  holdGet = null;
  calls.length = 0;
  settingsStore.setState(defaultChatSettings());
  appSettingStore.setState({ theme: 'light', language: 'en-US' });
  visitorChangesStore.setState({ keys: [] });
});

const fromOtherBrowser = {
  avatarUrl: '',
  name: 'Lin',
  description: '',
  systemMessage: 'Answer briefly.',
  temperature: 0.3,
  top_p: 0.9,
  theme: 'dark',
  language: 'en-US',
};

describe('settings sync', () => {
  it('does nothing for a visitor: their settings stay in the browser', async () => {
    sessionStore.setState({ token: '', visitorToken: 'v' });
    render(<SettingsSync />);
    settingsStore.setState({ temperature: 1.2 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(calls).toEqual([]);
  });

  it('loads what the user saved in another browser when they are logged in', async () => {
    saved = fromOtherBrowser;
    sessionStore.setState({ token: 'user-token', visitorToken: '' });
    render(<SettingsSync />);
    await waitFor(() => expect(settingsStore.getState()).toMatchObject({ name: 'Lin', temperature: 0.3, systemMessage: 'Answer briefly.' }));
    expect(appSettingStore.getState().theme).toBe('dark');
  });

  it('keeps a change made while the saved settings load, and saves it into the account', async () => {
    saved = fromOtherBrowser;
    let release = () => {};
    holdGet = new Promise((resolve) => (release = resolve));
    sessionStore.setState({ token: 'user-token', visitorToken: '' });
    render(<SettingsSync />);
    await waitFor(() => expect(calls).toContain('GET /api/settings/get'));
    act(() => settingsStore.setState({ temperature: 1.5 }));
    release();
    await waitFor(() => expect(saved).toMatchObject({ name: 'Lin', temperature: 1.5, theme: 'dark' }));
    expect(settingsStore.getState()).toMatchObject({ name: 'Lin', temperature: 1.5, systemMessage: 'Answer briefly.' });
  });

  it('saves this browser’s settings when the server has none, then each later change once', async () => {
    sessionStore.setState({ token: 'user-token', visitorToken: '' });
    render(<SettingsSync />);
    await waitFor(() => expect(saved).toMatchObject({ temperature: 0.8, theme: 'light' }));
    settingsStore.setState({ temperature: 1.1 });
    settingsStore.setState({ temperature: 1.2 });
    await waitFor(() => expect(saved).toMatchObject({ temperature: 1.2 }));
    expect(calls.filter((call) => call.startsWith('POST /api/settings/save'))).toHaveLength(2);
  });

  it('what a visitor changed moves into the account they sign in to, over its saved settings, and only once', async () => {
    saved = fromOtherBrowser;
    sessionStore.setState({ token: '', visitorToken: 'v' });
    render(<SettingsSync />);
    // as a visitor: a role and the dark theme; the temperature is left alone
    act(() => {
      settingsStore.setState({ systemMessage: 'Answer like a compliance officer.' });
      appSettingStore.setState({ theme: 'dark' });
    });
    act(() => sessionStore.setState({ token: 'user-token', visitorToken: '' }));
    await waitFor(() => expect(saved).toMatchObject({ systemMessage: 'Answer like a compliance officer.', theme: 'dark' }));
    // the rest is the account's own
    expect(saved).toMatchObject({ name: 'Lin', temperature: 0.3, top_p: 0.9 });
    await waitFor(() => expect(settingsStore.getState()).toMatchObject({ name: 'Lin', temperature: 0.3, systemMessage: 'Answer like a compliance officer.' }));
    expect(visitorChangesStore.getState().keys).toEqual([]);

    // signing in again later brings nothing over a second time
    const saves = calls.filter((call) => call.startsWith('POST /api/settings/save')).length;
    saved = { ...fromOtherBrowser, systemMessage: 'Changed elsewhere.' };
    act(() => sessionStore.setState({ token: '', visitorToken: '' }));
    act(() => sessionStore.setState({ token: 'user-token-2', visitorToken: '' }));
    await waitFor(() => expect(settingsStore.getState().systemMessage).toBe('Changed elsewhere.'));
    expect(calls.filter((call) => call.startsWith('POST /api/settings/save'))).toHaveLength(saves);
  });

  it('a former user’s settings left in the browser do not move into the next account', async () => {
    saved = fromOtherBrowser;
    settingsStore.setState({ systemMessage: 'The last user’s role.' });
    sessionStore.setState({ token: '', visitorToken: '' });
    render(<SettingsSync />);
    act(() => sessionStore.setState({ token: 'user-token', visitorToken: '' }));
    await waitFor(() => expect(settingsStore.getState().systemMessage).toBe('Answer briefly.'));
    expect(calls.filter((call) => call.startsWith('POST /api/settings/save'))).toHaveLength(0);
  });
});
