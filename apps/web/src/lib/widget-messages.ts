import { locales, type Locale } from '@parley/contracts';

/**
 * The messages of the chat widget, between the loader (embed.js, on the host page), the panel
 * (the iframe from Parley's origin) and the host page's own code. Each side reads a message only
 * from the window and origin it expects, and posts only to the origin it knows.
 */
const tag = 'parley-widget';

/** Panel → loader. */
export type PanelMessage = { source: typeof tag; type: 'ready' } | { source: typeof tag; type: 'close' };
/** Loader → panel. */
export type LoaderMessage = { source: typeof tag; type: 'opened' } | { source: typeof tag; type: 'set-language'; lang: Locale };
/** The host page's commands to the loader, the documented API (README "Embed an agent on your website"). */
export type HostCommand = { type: 'parley-widget:open' } | { type: 'parley-widget:close' } | { type: 'parley-widget:set-language'; lang: string };

export function panelMessage(type: PanelMessage['type']): PanelMessage {
  return { source: tag, type };
}

export function loaderMessage(message: { type: 'opened' } | { type: 'set-language'; lang: Locale }): LoaderMessage {
  return { source: tag, ...message };
}

/** Who may send a message: exactly this origin, and (when given) this window. */
export interface Expected {
  origin: string;
  source?: MessageEventSource | null;
}

function fromExpected(event: MessageEvent, expected: Expected): boolean {
  if (event.origin !== expected.origin) return false;
  return expected.source === undefined || (expected.source !== null && event.source === expected.source);
}

function record(data: unknown): Record<string, unknown> | null {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** A message of the panel to the loader, or null for anything else. */
export function readPanelMessage(event: MessageEvent, expected: Expected): PanelMessage | null {
  const data = record(event.data);
  if (!fromExpected(event, expected) || data?.source !== tag) return null;
  return data.type === 'ready' || data.type === 'close' ? panelMessage(data.type) : null;
}

/** A message of the loader to the panel, or null for anything else. */
export function readLoaderMessage(event: MessageEvent, expected: Expected): LoaderMessage | null {
  const data = record(event.data);
  if (!fromExpected(event, expected) || data?.source !== tag) return null;
  if (data.type === 'opened') return loaderMessage({ type: 'opened' });
  if (data.type === 'set-language' && (locales as readonly unknown[]).includes(data.lang)) return loaderMessage({ type: 'set-language', lang: data.lang as Locale });
  return null;
}

/** A command of the host page (its own origin only), or null for anything else. */
export function readHostCommand(event: MessageEvent, hostOrigin: string): HostCommand | null {
  const data = record(event.data);
  if (event.origin !== hostOrigin || !data) return null;
  if (data.type === 'parley-widget:open' || data.type === 'parley-widget:close') return { type: data.type };
  if (data.type === 'parley-widget:set-language' && typeof data.lang === 'string') return { type: data.type, lang: data.lang };
  return null;
}
