import type { Locale } from '@parley/contracts';
import { mapLanguageTag } from '../lib/i18n/browser-language';
import { loaderMessage, readHostCommand, readPanelMessage, type LoaderMessage } from '../lib/widget-messages';
import { isAgentId, panelUrl, pickLanguage, pickTheme } from './embed-options';
import { embedStyles, launcherIcons } from './embed-styles';
import { embedText } from './embed-texts';

/**
 * The chat widget's loader (`/embed.js`), run on an owner's website: asks Parley whether this
 * website may show the agent, draws a launcher in a closed shadow root and, once opened, the
 * panel in an iframe from Parley's origin. It reads only its own script tag, the page's language
 * and origin; the page reaches it only through `window.ParleyWidget` and the documented messages.
 */

interface ParleyWidgetApi {
  open(): void;
  close(): void;
  setLanguage(lang: string): void;
}

declare global {
  interface Window {
    ParleyWidget?: ParleyWidgetApi;
  }
}

const say = 'Parley widget:';
const sandbox = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.agent !== undefined) return current;
  return document.querySelector<HTMLScriptElement>('script[data-agent][src*="/embed.js"]');
}

async function agentName(parleyOrigin: string, appId: string): Promise<string> {
  const response = await fetch(`${parleyOrigin}/api/widget/config?appId=${appId}`, { credentials: 'omit' });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  const body = (await response.json()) as { data?: { app?: { name?: unknown } } };
  const name = body.data?.app?.name;
  return typeof name === 'string' && name.trim() ? name : 'Parley';
}

function start(): void {
  const script = ownScript();
  if (!script || window.ParleyWidget) return;
  const appId = script.dataset.agent;
  if (!isAgentId(appId)) {
    console.error(`${say} data-agent must be the agent's id, as its owner copied the tag from Parley.`);
    return;
  }
  const parleyOrigin = new URL(script.src, location.href).origin;
  const hostOrigin = location.origin;
  const theme = pickTheme(script.dataset.theme);
  let lang: Locale = pickLanguage(script.dataset.lang, document.documentElement.lang, navigator.languages ?? [navigator.language]);
  let name = '';
  let wantOpen = false;
  let ui: ReturnType<typeof draw> | null = null;

  function draw() {
    const host = document.createElement('div');
    host.setAttribute('data-parley-widget', '');
    // the page's CSS may style any div; the host must stay there and out of the layout
    host.style.setProperty('display', 'block', 'important');
    host.style.setProperty('position', 'static', 'important');
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = `<style>${embedStyles}</style><div class="wrap"><button type="button" class="launcher" aria-expanded="false">${launcherIcons}</button><div class="panel ${theme}" role="dialog" hidden></div></div>`;
    document.body.append(host);
    const wrap = root.querySelector('.wrap') as HTMLElement;
    const launcher = root.querySelector('.launcher') as HTMLButtonElement;
    const panel = root.querySelector('.panel') as HTMLElement;
    return { host, wrap, launcher, panel, frame: null as HTMLIFrameElement | null, ready: false };
  }

  function post(message: LoaderMessage): void {
    if (ui?.frame?.contentWindow && ui.ready) ui.frame.contentWindow.postMessage(message, parleyOrigin);
  }

  function label(): void {
    if (!ui) return;
    const expanded = !ui.panel.hidden;
    ui.launcher.setAttribute('aria-label', embedText(lang, expanded ? 'close' : 'open', name));
    ui.launcher.title = embedText(lang, expanded ? 'close' : 'open', name);
    ui.panel.setAttribute('aria-label', embedText(lang, 'frame', name));
    if (ui.frame) ui.frame.title = embedText(lang, 'frame', name);
  }

  function open(): void {
    if (!ui) {
      wantOpen = true;
      return;
    }
    if (!ui.frame) {
      ui.frame = document.createElement('iframe');
      ui.frame.setAttribute('sandbox', sandbox);
      ui.frame.setAttribute('allow', 'clipboard-write');
      ui.frame.src = panelUrl(parleyOrigin, appId as string, { lang, theme, hostOrigin });
      ui.panel.append(ui.frame);
    }
    ui.panel.hidden = false;
    ui.wrap.classList.add('open');
    ui.launcher.setAttribute('aria-expanded', 'true');
    label();
    ui.frame.focus();
    post(loaderMessage({ type: 'opened' }));
  }

  function close(): void {
    wantOpen = false;
    if (!ui || ui.panel.hidden) return;
    // focus inside the panel goes back to the launcher; elsewhere on the page it stays
    const hadFocus = document.activeElement === ui.host;
    ui.panel.hidden = true;
    ui.wrap.classList.remove('open');
    ui.launcher.setAttribute('aria-expanded', 'false');
    label();
    if (hadFocus) ui.launcher.focus();
  }

  function setLanguage(tag: string): void {
    const locale = typeof tag === 'string' ? mapLanguageTag(tag) : null;
    if (!locale) {
      console.warn(`${say} ${String(tag)} is not a language the widget speaks.`);
      return;
    }
    lang = locale;
    label();
    post(loaderMessage({ type: 'set-language', lang }));
  }

  window.ParleyWidget = Object.freeze({ open, close, setLanguage });

  window.addEventListener('message', (event) => {
    const fromPanel = ui?.frame ? readPanelMessage(event, { origin: parleyOrigin, source: ui.frame.contentWindow }) : null;
    if (fromPanel && ui) {
      if (fromPanel.type === 'close') close();
      else {
        ui.ready = true;
        post(loaderMessage({ type: 'set-language', lang }));
        if (!ui.panel.hidden) post(loaderMessage({ type: 'opened' }));
      }
      return;
    }
    const command = readHostCommand(event, hostOrigin);
    if (command?.type === 'parley-widget:open') open();
    else if (command?.type === 'parley-widget:close') close();
    else if (command) setLanguage(command.lang);
  });

  agentName(parleyOrigin, appId).then(
    (found) => {
      name = found;
      const mount = () => {
        ui = draw();
        ui.launcher.addEventListener('click', () => (ui?.panel.hidden ? open() : close()));
        ui.launcher.addEventListener('keydown', (event) => {
          if (event.key === 'Escape') close();
        });
        label();
        if (wantOpen) open();
      };
      if (document.body) mount();
      else document.addEventListener('DOMContentLoaded', mount, { once: true });
    },
    () => {
      console.warn(`${say} agent ${appId} cannot be shown on ${hostOrigin}: its owner has not listed this website (or Parley at ${parleyOrigin} cannot be reached). The owner can add it in the agent's widget settings.`);
    },
  );
}

start();
