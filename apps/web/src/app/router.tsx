import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { loadPageTexts } from '../lib/i18n/i18n';
import { routePaths, type RouteName } from '../lib/route-paths';
import { routeGuard } from './guard/route-guard';
import { RootRoute, RootHydrateFallback } from './root-route';
import { RouteErrorPage } from './route-error-page';

export interface RouteHandle {
  /** The page has the right-hand panel (brokers, promos) next to it. */
  rightPanel?: boolean;
}

type PageModule = { default: ComponentType };

/** Routes that only redirect from their loader still need a component for the router. */
function Redirecting() {
  return null;
}

/** The chat screens: the texts loaded at start are all they need. */
const chatScreens: ReadonlySet<RouteName> = new Set(['MainChat', 'Chat']);

/** Each page is its own chunk, fetched when first visited; other pages than the chat screens fetch the page texts with it. */
function page(name: RouteName, load: () => Promise<PageModule>, handle: RouteHandle = {}): RouteObject {
  return {
    id: name,
    path: routePaths[name],
    handle,
    lazy: async () => {
      const [module] = await Promise.all([load(), chatScreens.has(name) ? undefined : loadPageTexts()]);
      return { Component: module.default };
    },
  };
}

/** A page of the operator console: its texts came with the console's frame (consoleLoader). */
function consolePage(name: RouteName, load: () => Promise<PageModule>): RouteObject {
  return { id: name, path: routePaths[name], lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    id: 'Root',
    path: routePaths.Root,
    Component: RootRoute,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteErrorPage,
    loader: routeGuard,
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect(routePaths.MainChat), Component: Redirecting },
      {
        id: 'MainLayout',
        lazy: async () => ({ Component: (await import('./routes/main-layout-route')).default }),
        children: [
          page('MainChat', () => import('./routes/chat-page'), { rightPanel: true }),
          page('Chat', () => import('./routes/chat-page'), { rightPanel: true }),
          page('Discover', () => import('./routes/discover-page')),
          page('Create', () => import('./routes/app-editor-page')),
          page('Edit', () => import('./routes/app-editor-page')),
          page('Setting', () => import('./routes/setting-page')),
          page('UserRole', () => import('./routes/user-role-page')),
          page('UserRoleDetail', () => import('./routes/user-role-detail-page')),
          page('Upload', () => import('./routes/upload-page')),
          page('UserProfile', () => import('./routes/user-profile-page')),
          page('UserAccount', () => import('./routes/user-account-page')),
          page('AccountModify', () => import('./routes/account-modify-page')),
          page('AccountDelete', () => import('./routes/account-delete-page')),
          page('UserMessage', () => import('./routes/user-message-page')),
          page('RoleHistory', () => import('./routes/role-history-page')),
        ],
      },
      {
        id: 'ConsoleLayout',
        path: routePaths.Console,
        lazy: async () => {
          const module = await import('./routes/console/console-layout-route');
          return { Component: module.default, loader: module.consoleLoader };
        },
        // who is an operator is asked on entering the console, not on every page inside it
        shouldRevalidate: ({ currentUrl }) => currentUrl.pathname !== routePaths.Console && !currentUrl.pathname.startsWith(`${routePaths.Console}/`),
        children: [
          { index: true, id: 'Console', lazy: async () => ({ Component: (await import('./routes/console/dashboard-page')).default }) },
          consolePage('ConsoleQuality', () => import('./routes/console/quality-page')),
          consolePage('ConsoleAgents', () => import('./routes/console/agents-page')),
          consolePage('ConsoleUsers', () => import('./routes/console/users-page')),
          consolePage('ConsoleContent', () => import('./routes/console/content-page')),
          consolePage('ConsoleModels', () => import('./routes/console/models-page')),
          consolePage('ConsoleAudit', () => import('./routes/console/audit-page')),
        ],
      },
      page('ShareAI', () => import('./routes/share-ai-page')),
      page('ShareChat', () => import('./routes/share-chat-page')),
      page('Usage', () => import('./routes/usage-page')),
      page('Private', () => import('./routes/private-page')),
      page('AboutUs', () => import('./routes/about-us-page')),
      page('NotFound', () => import('./routes/not-found-page')),
      page('ServerError', () => import('./routes/server-error-page')),
      page('UnSupport', () => import('./routes/unsupport-page')),
      { path: '*', loader: () => redirect(routePaths.NotFound), Component: Redirecting },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
