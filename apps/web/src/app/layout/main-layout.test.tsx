import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TopBarContent } from '../../components/layout/top-bar-slot';
import { preloadSidebarHistories } from '../../features/chat-history';
import { mobileQuery } from '../../lib/use-media-query';
import history from '../../locales/en-US/history.json';
import { appSettingStore } from '../../stores/app-setting-store';
import { resetConversationStorage } from '../../stores/conversation-store';
import { setMediaMatch } from '../../test/match-media';
import { chat, officialApp, withRealServer } from '../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../test/render';
import { MainLayout } from './main-layout';
import { narrowQuery } from './right-panel/right-panel';

/** A page that puts its title and an action in the top bar, as the chat does. */
function Page() {
  return <TopBarContent title={<h1>Spreads explained</h1>} actions={<button type="button">Page action</button>} />;
}

function renderLayout(path: string, { rightPanel = true } = {}) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <MainLayout rightPanel={rightPanel}>
            <Page />
          </MainLayout>
        ),
      },
    ],
    path,
  );
}

const server = withRealServer();
const sidebarDialog = () => screen.queryByRole('dialog', { name: 'Sidebar' });

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'history', history, true, true);
  // The lists are a lazy chunk; on a busy machine its first import outlasts findBy's wait.
  await preloadSidebarHistories();
});
beforeEach(async () => {
  resetConversationStorage();
  appSettingStore.setState({ siderCollapsed: false, theme: 'light', language: 'en-US' });
  await server.visit();
});

describe('the layout on a phone', { timeout: 20_000 }, () => {
  // a phone is narrow too: the rankings leave the page for a drawer
  const phone = (matches: boolean) => [mobileQuery, narrowQuery].forEach((query) => setMediaMatch(query, matches));
  beforeEach(() => phone(true));
  afterEach(() => phone(false));

  it("has a top bar with the menu, the brand, the page's title and actions, and no sidebar at the edge", () => {
    renderLayout('/home');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(bar).getByRole('link', { name: 'Parley' })).toHaveAttribute('href', '/home');
    expect(within(bar).getByRole('heading', { name: 'Spreads explained' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Page action' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Expand sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('opens the sidebar as a modal drawer that takes focus, and Escape gives it back to the menu button', async () => {
    const { user } = renderLayout('/home');
    const menu = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Sidebar' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Log in / Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Parley' })).toHaveFocus());
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(sidebarDialog()).not.toBeInTheDocument());
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('closes the drawer on a tap on the mask', async () => {
    const { user } = renderLayout('/home');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sidebar' });
    await user.click(drawer.closest('.ant-drawer')!.querySelector('.ant-drawer-mask')!);
    await waitFor(() => expect(sidebarDialog()).not.toBeInTheDocument());
  });

  it('closes the drawer once a chat is chosen from the history, and opens that chat', async () => {
    const { userId } = await server.signIn();
    const official = await officialApp(server.app, server.db);
    const spreads = await chat(server.db, { userId, visitorId: null }, { appId: official.id, title: 'Spreads explained' });
    const { user, router } = renderLayout('/discover');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sidebar' });
    const chats = await within(drawer).findByRole('list', { name: 'Customer service chats' }, { timeout: 5000 });
    await user.click(within(chats).getByRole('link', { name: 'Spreads explained' }));
    expect(router.state.location.search).toBe(`?chatId=${spreads.id}`);
    await waitFor(() => expect(sidebarDialog()).not.toBeInTheDocument());
  });

  it('opens the broker ranking from the bar, where the page has the panel', async () => {
    const { user } = renderLayout('/home');
    const rankings = within(screen.getByRole('banner')).getByRole('button', { name: 'Rankings' });
    await user.click(rankings);
    expect(await screen.findByRole('dialog', { name: 'Broker ranking and promotions' })).toBeInTheDocument();
    expect(rankings).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Broker ranking and promotions' })).not.toBeInTheDocument());
    expect(rankings).toHaveAttribute('aria-expanded', 'false');
  });

  it('has no rankings button on a page without the panel', () => {
    renderLayout('/discover', { rightPanel: false });
    expect(screen.queryByRole('button', { name: 'Rankings' })).not.toBeInTheDocument();
  });
});

describe('the layout on a desktop', () => {
  it('keeps the collapsible sidebar and no top bar; a page title meant for the bar is not drawn', () => {
    renderLayout('/home');
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Spreads explained' })).not.toBeInTheDocument();
  });
});
