import type { ResolvedTheme } from './resolve-theme';

/**
 * The one primary colour of both themes. Measured against antd's light and dark surfaces in
 * brand.test.ts: white button text on it and it on either surface stay readable.
 */
export const primaryColor = '#d4400f';

/**
 * The primary colour as text (selected tabs, links, the current account page): antd's own shades
 * of primaryColor that read at 4.5:1 on every surface of their theme, the primary tint included.
 * The dark theme's fill shade of primaryColor is too dim for text.
 */
export const primaryTextColor: Record<ResolvedTheme, string> = { light: '#ad2803', dark: '#e28458' };

/**
 * The seeds antd derives its danger reds from. Its default (#ff4d4f) reads under 4.5:1 as text in
 * both themes. No red both carries white text and reads on a dark surface, so a solid danger
 * button in the dark theme is written in dark ink (dangerSolidText).
 */
export const dangerSeed: Record<ResolvedTheme, string> = { light: '#cf1322', dark: '#ff7875' };
export const dangerSolidText: Record<ResolvedTheme, string> = { light: '#ffffff', dark: 'rgba(0, 0, 0, 0.88)' };
