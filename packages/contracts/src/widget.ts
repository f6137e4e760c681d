import { z } from 'zod';

/**
 * The embeddable chat widget: one script tag (`/embed.js`) on an owner's website draws a
 * launcher that opens the agent's panel (`/widget/:appId`) in an iframe from Parley's origin.
 * The owner lists the websites (origins) that may show it; an agent with none has no widget.
 * `settings` and `saveOrigins` are relative to `/api` (the owner; visitors get LOGIN_REQUIRED,
 * anyone else NOT_FOUND). `config` is absolute and needs no token: the loader calls it from the
 * host page (CORS only for listed origins), the panel from Parley's own origin.
 */
export const widgetPaths = {
  /** GET {appId}: the agent's allowed origins, for its owner. */
  settings: '/core/app/widget',
  /** POST {appId, origins}: replaces the allowed origins. */
  saveOrigins: '/core/app/widget/origins',
  /** GET {appId}: what the launcher and the panel show; refused (403) to an unlisted `Origin`. */
  config: '/api/widget/config',
  /** The panel page, framed only by the agent's origins (CSP frame-ancestors). */
  page: '/widget/:appId',
  /** The loader script owners put on their pages. */
  script: '/embed.js',
} as const;

export const widgetLimits = {
  originsMax: 20,
  originMaxChars: 200,
} as const;

/** Where the chat was started: the site itself, an agent's share page or the widget. */
export const chatChannel = z.enum(['site', 'share', 'widget'], { error: "channel must be 'site', 'share' or 'widget'" });
export type RequestChatChannel = z.infer<typeof chatChannel>;

const loopbackHosts = new Set(['localhost', '127.0.0.1']);

const port = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?';
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A host name whose last label starts with a letter (an address of digits is no website's name). */
const hostName = `(?:${label}\\.)*[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;
/** What the API document says an origin looks like; `checkWidgetOrigin` says why a text is not one. */
export const widgetOriginPattern = `^(?:https://${hostName}|http://(?:localhost|127\\.0\\.0\\.1))${port}/?$`;
// schemes and host names in any case; the canonical form is lower case
const originRegex = new RegExp(widgetOriginPattern, 'i');

/** Why a text is not an allowed origin; the web says each in the owner's language. */
export const widgetOriginProblems = ['empty', 'wildcard', 'not_url', 'scheme', 'http_not_loopback', 'credentials', 'path'] as const;
export type WidgetOriginProblem = (typeof widgetOriginProblems)[number];

const problemMessages: Record<WidgetOriginProblem, string> = {
  empty: 'Write a website address, such as https://www.example.com',
  wildcard: 'Wildcards are not allowed; list each website',
  not_url: 'This is not a website address, such as https://www.example.com',
  scheme: 'Only https:// websites can show the widget',
  http_not_loopback: 'Use https:// (http:// only for localhost or 127.0.0.1)',
  credentials: 'Leave out the user name and password',
  path: "Only the website's origin, without a path, query or #fragment",
};

/**
 * A text as an allowed origin in canonical form (`https://host[:port]`, lower case, without a
 * default port or a trailing slash), or why it is not one. http:// only for localhost and
 * 127.0.0.1, where an owner tries the widget out.
 */
export function checkWidgetOrigin(text: string): { origin: string } | { problem: WidgetOriginProblem } {
  const value = text.trim();
  if (value === '') return { problem: 'empty' };
  if (value.includes('*')) return { problem: 'wildcard' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'not_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'scheme' };
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) return { problem: 'http_not_loopback' };
  if (url.username || url.password) return { problem: 'credentials' };
  const authority = /^[a-z]+:\/\/[^/?#]*/i.exec(value);
  if (!authority) return { problem: 'not_url' };
  const rest = value.slice(authority[0].length);
  if (rest !== '' && rest !== '/') return { problem: 'path' };
  if (!originRegex.test(value)) return { problem: 'not_url' };
  return { origin: url.origin };
}

const widgetOrigin = z
  .string({ error: 'Each website must be text' })
  .trim()
  .max(widgetLimits.originMaxChars, `A website address can be at most ${widgetLimits.originMaxChars} characters`)
  .transform((text, context) => {
    const checked = checkWidgetOrigin(text);
    if ('origin' in checked) return checked.origin;
    context.addIssue({ code: 'custom', message: `${text}: ${problemMessages[checked.problem]}` });
    return z.NEVER;
  })
  // the document's pattern, for clients and the API's fuzz test; the transform above says why a text fails
  .meta({ pattern: widgetOriginPattern });

export const widgetSettingsQuery = z.object({ appId: z.uuid({ error: 'must be a valid id' }) });

export const saveWidgetOriginsRequest = z.object({
  appId: z.uuid({ error: 'must be a valid id' }),
  origins: z
    .array(widgetOrigin, { error: 'origins must be a list of websites' })
    .max(widgetLimits.originsMax, `At most ${widgetLimits.originsMax} websites`)
    // the same website written twice (HTTPS://A.com and https://a.com/) is kept once
    .transform((origins) => [...new Set(origins)]),
});
export type SaveWidgetOriginsRequest = z.input<typeof saveWidgetOriginsRequest>;

export const widgetSettingsData = z.object({
  appId: z.string(),
  /** Canonical origins, in the order the owner listed them; empty: no widget. */
  origins: z.array(z.string()),
  visibility: z.enum(['private', 'unlisted', 'public']),
});
export type WidgetSettingsData = z.infer<typeof widgetSettingsData>;

export const widgetConfigQuery = z.object({ appId: z.uuid({ error: 'must be a valid id' }) });

/** What the launcher and the panel show of the agent. */
export const widgetConfigData = z.object({
  app: z.object({
    id: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    intro: z.string(),
    openingMessage: z.string(),
    suggestedQuestions: z.array(z.string()),
  }),
  /** The websites that may show it: the panel talks to its parent only when it is one of them. */
  origins: z.array(z.string()),
});
export type WidgetConfigData = z.infer<typeof widgetConfigData>;

/**
 * The panel's query string: `lang` (a site locale), `theme` (light, dark, auto) and `origin`,
 * the host page's origin, the only one the panel posts messages to.
 */
export const widgetThemes = ['light', 'dark', 'auto'] as const;
export type WidgetTheme = (typeof widgetThemes)[number];
