/**
 * The only addresses model text may carry into the page: links to http(s) and mail, in-page
 * anchors, and images over https. Everything else (javascript:, data:, vbscript:, file:,
 * relative paths into this site, streamdown's own placeholders) is dropped.
 */
export function safeMarkdownUrl(url: string, key: string): string | null {
  const value = url.trim();
  if (key === 'src') return /^https:\/\//i.test(value) ? value : null;
  if (key === 'href') {
    if (value.startsWith('#')) return value;
    return /^(https?:\/\/|mailto:)/i.test(value) ? value : null;
  }
  return null;
}
