import { connectHttpToSession } from './app/http-session';
import { loadSiteConfig } from './features/site';
import { loadAntdLocale } from './lib/i18n/antd-locale';
import { initI18n } from './lib/i18n/i18n';
import { appSettingStore } from './stores/app-setting-store';
// In the build, only what every antd component relies on: each component's rules come with the
// modules that import it (vite/antd-stylesheet.ts).
import 'antd/dist/antd.css';
import './styles/global.css';
import './styles/boot-shell.css';

/**
 * A chat opened by its address: its screen's module starts loading the chat's messages as it
 * runs (see chat-page.tsx), so it runs now, alongside the app, not once the router gets to it.
 * Only after the texts: the stores it creates read them.
 */
function warmUpOpenedChat(): void {
  if (/^\/chat(\/|$)/.test(window.location.pathname)) void import('./app/routes/chat-page');
}

async function start(): Promise<void> {
  // Before the first call: the HTTP client takes its tokens from the session store.
  connectHttpToSession();
  const language = appSettingStore.getState().language;
  // Every navigation's guard reads the site config: ask for it now, alongside the texts.
  loadSiteConfig().catch(() => undefined);
  // Texts first: stores created by the app read them for their defaults (the new-chat title).
  const [, antdLocale] = await Promise.all([initI18n(language), loadAntdLocale(language)]);
  warmUpOpenedChat();
  const { renderApp } = await import('./app/app');
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  renderApp(container, { language, antdLocale });
}

void start();

// Installable, with an offline page (public/sw.js); the production build only, so development
// reloads are never served by a worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
