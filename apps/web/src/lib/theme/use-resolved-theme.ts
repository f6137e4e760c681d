import { useMediaQuery } from '../use-media-query';
import { darkSchemeQuery, resolveTheme, type ResolvedTheme, type ThemeSetting } from './resolve-theme';

/** The theme to paint: auto follows prefers-color-scheme live. */
export function useResolvedTheme(setting: ThemeSetting): ResolvedTheme {
  return resolveTheme(setting, useMediaQuery(darkSchemeQuery));
}
