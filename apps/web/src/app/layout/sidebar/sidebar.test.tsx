import { headers } from '@parley/contracts';
import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadSidebarHistories } from '../../../features/chat-history';
import history from '../../../locales/en-US/history.json';
import { agent, chat, officialApp, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { appKindStore, rememberAppKind } from '../../../stores/app-kind-store';
import { appSettingStore, setSiderCollapsed, useAppSetting } from '../../../stores/app-setting-store';
import { resetConversationStorage } from '../../../stores/conversation-store';
import { sessionStore } from '../../../stores/session-store';
import { Sidebar } from './sidebar';

function SidebarFromStore() {
  const collapsed = useAppSetting((setting) => setting.siderCollapsed);
  return <Sidebar collapsed={collapsed} onCollapsedChange={setSiderCollapsed} />;
}

function renderAt(path: string) {
  return renderRoutes([{ path: '*', element: <SidebarFromStore /> }], path);
}

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'history', history, true, true);
  // The lists are a lazy chunk; on a busy machine its first import outlasts findBy's wait.
  await preloadSidebarHistories();
});
beforeEach(async () => {
  resetConversationStorage();
  appKindStore.setState({ official: {} });
  appSettingStore.setState({ siderCollapsed: false, theme: 'light', language: 'en-US' });
  // a visitor, as the app makes everyone who has not logged in
  await server.visit();
});

describe('the sidebar', { timeout: 20_000 }, () => {
  it('is a labelled landmark with the two main entries', () => {
    renderAt('/home');
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Customer service' }));
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Agents' }));
  });

  it('marks customer service current on /home and on a chat with the official assistant', () => {
    rememberAppKind({ id: 'official-app', isOfficial: true });
    for (const path of ['/home', '/chat', '/chat/official-app?chatId=c1']) {
      const { unmount } = renderAt(path);
      expect(screen.getByRole('link', { name: 'Customer service' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Agents' })).not.toHaveAttribute('aria-current');
      unmount();
    }
  });

  it('marks agents, not customer service, current on a chat with an agent and on the agent pages', () => {
    rememberAppKind({ id: 'agent-1', isOfficial: false });
    for (const path of ['/chat/agent-1?chatId=c2', '/discover', '/create', '/edit/agent-1', '/user/role', '/role/history']) {
      const { unmount } = renderAt(path);
      expect(screen.getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Customer service' })).not.toHaveAttribute('aria-current');
      unmount();
    }
  });

  it('marks neither while it is not yet known whose chat /chat/:appId is', () => {
    renderAt('/chat/someone-unknown');
    expect(screen.getByRole('link', { name: 'Agents' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Customer service' })).not.toHaveAttribute('aria-current');
  });

  it('collapses and expands from the keyboard, hiding its content while collapsed', async () => {
    const { user } = renderAt('/discover');
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Agents' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('appSetting') ?? '{}').siderCollapsed).toBe(true);
    await user.keyboard(' ');
    expect(screen.getByRole('link', { name: 'Agents' })).toBeVisible();
  });

  it('opens the login dialog from the footer when logged out', async () => {
    const { user } = renderAt('/home');
    await user.click(screen.getByRole('button', { name: 'Log in / Sign up' }));
    expect(sessionStore.getState().showLogin).toBe(true);
  });

  it('sends a visitor to log in, not to the messages page', async () => {
    const { user, router } = renderAt('/home');
    await user.click(screen.getByRole('button', { name: 'Messages' }));
    expect(sessionStore.getState().showLogin).toBe(true);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('offers theme and language choices by name', async () => {
    const { user } = renderAt('/home');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(appSettingStore.getState().theme).toBe('dark');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '한국어');
    expect(appSettingStore.getState().language).toBe('ko-KR');
  });
});

describe('the history lists in the sidebar', { timeout: 20_000 }, () => {
  const historyPaths = ['/api/conversation/list', '/api/core/chat/agent/getHistories'];

  /** A new user, logged in, with one chat with the official assistant. */
  async function userWithOfficialChat(title: string) {
    const { userId } = await server.signIn();
    const official = await officialApp(server.app, server.db);
    await chat(server.db, { userId, visitorId: null }, { appId: official.id, title });
  }

  it('are neither shown nor loaded for a visitor', async () => {
    renderAt('/home');
    await screen.findByRole('link', { name: 'Agents' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('list', { name: 'Customer service chats' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Agent chats' })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => historyPaths.some((path) => request.path.endsWith(path)))).toEqual([]);
  });

  it('show a logged-in user the official chats under customer service and agent chats under agents', async () => {
    const { userId, token } = await server.signIn();
    const owner = { userId, visitorId: null };
    const official = await officialApp(server.app, server.db);
    const spreads = await chat(server.db, owner, { appId: official.id, title: 'Spreads explained' });
    const tutor = await agent(server.db, { name: 'Forex tutor' });
    const margin = await chat(server.db, owner, { appId: tutor.id, title: 'Margin calls', top: true });
    renderAt(`/chat/${tutor.id}?chatId=${margin.id}`);

    const officialList = await screen.findByRole('list', { name: 'Customer service chats' }, { timeout: 5000 });
    expect(within(officialList).getByRole('link', { name: 'Spreads explained' })).toHaveAttribute('href', `/chat/${official.id}?chatId=${spreads.id}`);
    const agents = await screen.findByRole('list', { name: 'Agent chats' }, { timeout: 5000 });
    const open = within(agents).getByRole('link', { name: /Margin calls/ });
    expect(open).toHaveTextContent('Forex tutor');
    expect(open).toHaveTextContent('Pinned');
    expect(open).toHaveAttribute('aria-current', 'page');

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('listitem')[0]).toContainElement(officialList);
    expect(server.requests.every((request) => request.headers[headers.userToken] === token)).toBe(true);
    expect(server.calls('/api/core/chat/agent/getHistories')[0]?.body).toEqual({ pageNum: 1, pageSize: 5 });
  });

  it('go away, with what was loaded, when the user logs out', async () => {
    await userWithOfficialChat('Spreads explained');
    const { queryClient } = renderAt('/home');
    // the lists load lazily; a busy CI machine needs more than findBy's default second
    await screen.findByRole('link', { name: 'Spreads explained' }, { timeout: 5000 });

    act(() => sessionStore.setState({ token: '' }));

    expect(screen.queryByRole('link', { name: 'Spreads explained' })).not.toBeInTheDocument();
    expect(queryClient.getQueriesData({ queryKey: ['chat-history'] })).toEqual([]);
  });

  it('are hidden with the rest of the sidebar when it collapses', async () => {
    await userWithOfficialChat('Spreads explained');
    const { user } = renderAt('/home');
    // the lists load lazily; a busy CI machine needs more than findBy's default second
    await screen.findByRole('link', { name: 'Spreads explained' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.queryByRole('link', { name: 'Spreads explained' })).not.toBeInTheDocument();
  });
});
