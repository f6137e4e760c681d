import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// react-router/dom's provider can apply a navigation at once (flushSync) where one asks for it
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/app-providers';
import type { LanguageResources } from './providers/use-language-resources';
import { createAppRouter } from './router';

export function renderApp(container: HTMLElement, initialLanguage: LanguageResources): void {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders initialLanguage={initialLanguage}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
