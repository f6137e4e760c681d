import { loadAntdLocale } from './lib/i18n/antd-locale';
import { initI18n } from './lib/i18n/i18n';
import { appSettingStore } from './stores/app-setting-store';
import './styles/global.css';

async function start(): Promise<void> {
  const language = appSettingStore.getState().language;
  // Texts first: stores created by the app read them for their defaults (the new-chat title).
  const [, antdLocale] = await Promise.all([initI18n(language), loadAntdLocale(language)]);
  const { renderApp } = await import('./app/app');
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  renderApp(container, { language, antdLocale });
}

void start();
