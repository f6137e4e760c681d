import { widgetPaths, type Locale, type WidgetTheme } from '@parley/contracts';

export interface SnippetOptions {
  /** null: the host page's language. */
  lang: Locale | null;
  theme: WidgetTheme;
}

/** The script tag an owner pastes into their pages, for this Parley site. */
export function embedSnippet(parleyOrigin: string, appId: string, { lang, theme }: SnippetOptions): string {
  const attributes = [`src="${parleyOrigin}${widgetPaths.script}"`, `data-agent="${appId}"`];
  if (lang) attributes.push(`data-lang="${lang}"`);
  if (theme !== 'auto') attributes.push(`data-theme="${theme}"`);
  return `<script ${attributes.join(' ')} async></script>`;
}

/** The panel on its own, to try it out before a website shows it. */
export function previewUrl(parleyOrigin: string, appId: string, { lang, theme }: SnippetOptions): string {
  const query = new URLSearchParams({ theme, ...(lang ? { lang } : {}) });
  return `${parleyOrigin}/widget/${appId}?${query.toString()}`;
}
