import { theme, type ThemeConfig } from 'antd';
import { dangerSeed, dangerSolidText, primaryColor, primaryTextColor } from './brand';
import type { ResolvedTheme } from './resolve-theme';

// antd's default description and placeholder greys fall under 4.5:1; these keep them readable.
const readableGreys: Record<ResolvedTheme, { colorTextDescription: string; colorTextPlaceholder: string }> = {
  light: { colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)' },
  dark: { colorTextDescription: 'rgba(255, 255, 255, 0.62)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.56)' },
};

export function antdTheme(resolved: ResolvedTheme): ThemeConfig {
  const primaryText = primaryTextColor[resolved];
  return {
    algorithm: resolved === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: primaryColor,
      colorPrimaryText: primaryText,
      // a seed: antd's link blue reads under 4.5:1 in both themes; links take the brand's text shade
      colorLink: primaryText,
      colorError: dangerSeed[resolved],
      ...readableGreys[resolved],
    },
    components: {
      // antd writes a selected tab in the primary fill colour, too dim as text in the dark theme.
      Tabs: { itemSelectedColor: primaryText, itemActiveColor: primaryText, itemHoverColor: primaryText },
      Button: { dangerColor: dangerSolidText[resolved] },
    },
    // antd's styles come from its prebuilt stylesheet (main.tsx) instead of being generated in
    // the browser on every page load; the tokens above still apply, as CSS variables.
    zeroRuntime: true,
  };
}
