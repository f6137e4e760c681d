import { headers } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import site from '../../../locales/en-US/site.json';
import { sessionStore } from '../../../stores/session-store';
import { defaultUserInfo, userStore } from '../../../stores/user-store';
import { withRealServer, type TestUser } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { SidebarFooter } from './sidebar-footer';

function renderFooter() {
  return renderRoutes([{ path: '*', element: <SidebarFooter /> }], '/home');
}

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'site', site, true, true);
});
beforeEach(() => {
  sessionStore.setState({ token: '', visitorToken: '', showLogin: false });
  userStore.setState(defaultUserInfo(), true);
});

describe('the sidebar footer of a logged-in user', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await server.signIn();
    userStore.setState({ username: user.username, headUrl: '/files/images/0f8fad5b-d9cb-469f-a165-70867728950e' });
  });

  it('shows avatar and username, leading to the settings', async () => {
    const { user: clicker, router } = renderFooter();
    const account = screen.getByRole('link', { name: user.username });
    expect(account.querySelector('img')).toHaveAttribute('src', '/files/images/0f8fad5b-d9cb-469f-a165-70867728950e');
    await clicker.click(account);
    expect(router.state.location.pathname).toBe('/setting');
    expect(screen.queryByRole('button', { name: 'Log in / Sign up' })).not.toBeInTheDocument();
  });

  it('shows the unread count on the message icon, which opens the messages page', async () => {
    for (const title of ['Spreads', 'Swaps', 'Pips']) {
      await server.app.services.notifications.shareOpened({ ownerUserId: user.userId, shareCode: 'AbCdEf123456', title });
    }
    const { user: clicker, router } = renderFooter();
    const messages = await screen.findByRole('button', { name: 'Messages (3 unread)' });
    expect(messages.parentElement).toHaveTextContent('3');
    await clicker.click(messages);
    expect(router.state.location.pathname).toBe('/user/message');
    expect(server.calls('/api/notifications/unread-count')[0]?.headers[headers.userToken]).toBe(user.token);
  });

  it('shows no badge when everything is read', async () => {
    renderFooter();
    await screen.findByRole('button', { name: 'Messages' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    expect(server.calls('/api/notifications/unread-count')).not.toHaveLength(0);
  });
});

describe('the sidebar footer of a visitor', () => {
  it('offers log in / sign up and asks the server for no unread count', async () => {
    await server.visit();
    const { user } = renderFooter();
    await user.click(screen.getByRole('button', { name: 'Log in / Sign up' }));
    expect(sessionStore.getState().showLogin).toBe(true);
    expect(server.requests).toEqual([]);
  });
});

describe('the site pages', () => {
  it.each([
    ['Terms of use', '/usage'],
    ['Privacy', '/private'],
    ['About us', '/aboutUs'],
  ])('are one click away for everyone: %s', async (name, path) => {
    await server.visit();
    const { user, router } = renderFooter();
    const pages = screen.getByRole('navigation', { name: 'Site information' });
    await user.click(within(pages).getByRole('link', { name }));
    expect(router.state.location.pathname).toBe(path);
  });
});
