import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHistoryApi, type HistoryApi } from '../../../features/chat-history/testing/history-api-server';
import { setHttpBaseUrl } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';
import { defaultUserInfo, userStore } from '../../../stores/user-store';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { SidebarFooter } from './sidebar-footer';

function renderFooter() {
  return renderRoutes([{ path: '*', element: <SidebarFooter /> }], '/home');
}

let api: HistoryApi;

beforeAll(async () => {
  await setupTestI18n();
  api = await startHistoryApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  sessionStore.setState({ token: '', visitorToken: '', showLogin: false });
  userStore.setState(defaultUserInfo(), true);
});

describe('the sidebar footer of a logged-in user', () => {
  beforeEach(() => {
    sessionStore.setState({ token: 'user-token' });
    userStore.setState({ username: 'ada_l', headUrl: '/files/images/0f8fad5b-d9cb-469f-a165-70867728950e' });
  });

  it('shows avatar and username, leading to the settings', async () => {
    const { user, router } = renderFooter();
    const account = screen.getByRole('link', { name: 'ada_l' });
    expect(account.querySelector('img')).toHaveAttribute('src', '/files/images/0f8fad5b-d9cb-469f-a165-70867728950e');
    await user.click(account);
    expect(router.state.location.pathname).toBe('/setting');
    expect(screen.queryByRole('button', { name: 'Log in / Sign up' })).not.toBeInTheDocument();
  });

  it('shows the unread count on the message icon, which opens the messages page', async () => {
    api.notifications.unread = 3;
    const { user, router } = renderFooter();
    const messages = await screen.findByRole('button', { name: 'Messages (3 unread)' });
    expect(messages.parentElement).toHaveTextContent('3');
    await user.click(messages);
    expect(router.state.location.pathname).toBe('/user/message');
    expect(api.seen.find((request) => request.path === '/api/notifications/unread-count')?.userToken).toBe('user-token');
  });

  it('shows no badge when everything is read', async () => {
    renderFooter();
    await screen.findByRole('button', { name: 'Messages' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    expect(api.seen.some((request) => request.path === '/api/notifications/unread-count')).toBe(true);
  });
});

describe('the sidebar footer of a visitor', () => {
  it('offers log in / sign up and asks the server for no unread count', async () => {
    sessionStore.setState({ visitorToken: 'visitor-token' });
    const { user } = renderFooter();
    await user.click(screen.getByRole('button', { name: 'Log in / Sign up' }));
    expect(sessionStore.getState().showLogin).toBe(true);
    expect(api.seen).toEqual([]);
  });
});
