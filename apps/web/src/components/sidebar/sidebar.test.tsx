import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp, setupTestI18n } from '../../test/render';
import { appSettingStore, setSiderCollapsed, useAppSetting } from '../../stores/app-setting-store';
import { sessionStore } from '../../stores/session-store';
import { Sidebar } from './sidebar';

function SidebarFromStore() {
  const collapsed = useAppSetting((setting) => setting.siderCollapsed);
  return <Sidebar collapsed={collapsed} isMobile={false} onCollapsedChange={setSiderCollapsed} />;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SidebarFromStore /> }], { initialEntries: [path] });
  renderWithApp(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

beforeAll(() => setupTestI18n());
beforeEach(() => {
  appSettingStore.setState({ siderCollapsed: false, theme: 'light', language: 'en-US' });
  sessionStore.setState({ token: '', showLogin: false });
});

describe('the sidebar', () => {
  it('is a labelled landmark with the two main entries', () => {
    renderAt('/home');
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Customer service' }));
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Agents' }));
  });

  it('marks customer service current on /chat and agents current on /discover', () => {
    renderAt('/chat/official');
    expect(screen.getByRole('link', { name: 'Customer service' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Agents' })).not.toHaveAttribute('aria-current');
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
