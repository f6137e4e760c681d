export const themeSettings = ['light', 'dark', 'auto'] as const;
export type ThemeSetting = (typeof themeSettings)[number];
export type ResolvedTheme = 'light' | 'dark';

export const darkSchemeQuery = '(prefers-color-scheme: dark)';

/** auto follows the system preference; light and dark are taken as they are. */
export function resolveTheme(setting: ThemeSetting, systemPrefersDark: boolean): ResolvedTheme {
  if (setting === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return setting;
}

/** Marks the document so plain CSS (and the pre-boot script in index.html) agree with antd. */
export function applyDocumentTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
