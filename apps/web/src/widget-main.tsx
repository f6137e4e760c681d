import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectWidgetSession, readWidgetParams, WidgetPanel } from './features/widget-panel';
import { initI18n } from './lib/i18n/i18n';
import { applyDocumentTheme, darkSchemeQuery, resolveTheme } from './lib/theme/resolve-theme';

/**
 * The chat widget's panel page (widget.html, served at /widget/:appId): its own small start,
 * without the app's shell, antd or router. Texts: its own, the chat's (answers, markdown) and the errors.
 */
async function start(): Promise<void> {
  const params = readWidgetParams(window.location);
  connectWidgetSession();
  const system = window.matchMedia(darkSchemeQuery);
  const paint = () => applyDocumentTheme(resolveTheme(params.theme, system.matches));
  paint();
  if (params.theme === 'auto') system.addEventListener('change', paint);
  await initI18n(params.lang, ['widget', 'chat', 'errors']);
  const container = document.getElementById('root');
  if (!container) throw new Error('widget.html has no #root element');
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <WidgetPanel params={params} framed={window.parent !== window} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
