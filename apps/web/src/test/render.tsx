import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { NotifierBridge } from '../app/providers/notifier-bridge';
import access from '../locales/en-US/access.json';
import account from '../locales/en-US/account.json';
import auth from '../locales/en-US/auth.json';
import chat from '../locales/en-US/chat.json';
import common from '../locales/en-US/common.json';
import errors from '../locales/en-US/errors.json';
import layout from '../locales/en-US/layout.json';
import messages from '../locales/en-US/messages.json';
import pages from '../locales/en-US/pages.json';
import prompts from '../locales/en-US/prompts.json';
import settings from '../locales/en-US/settings.json';

let ready: Promise<unknown> | null = null;

/** i18next with the English bundles loaded synchronously, for component tests. */
export function setupTestI18n(): Promise<unknown> {
  ready ??= i18next.use(initReactI18next).init({
    lng: 'en-US',
    ns: ['common', 'errors', 'layout', 'access', 'pages', 'chat', 'auth', 'account', 'messages', 'prompts', 'settings'],
    defaultNS: 'common',
    resources: { 'en-US': { common, errors, layout, access, pages, chat, auth, account, messages, prompts, settings } },
    interpolation: { escapeValue: false },
  });
  return ready;
}

/** Renders inside ConfigProvider with the app's toast outlet. */
export function renderWithApp(ui: ReactElement) {
  return render(
    <ConfigProvider>
      <NotifierBridge />
      {ui}
    </ConfigProvider>,
  );
}

/**
 * `routes` in a memory router opened at `initialEntry`, with a fresh query client that does not
 * retry, rendered as renderWithApp does: a screen as the app shows it, for tests that navigate.
 */
export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const { unmount } = renderWithApp(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router, queryClient, unmount };
}
