import { theme } from 'antd';
import { useLayoutEffect } from 'react';

/** Hands antd's resolved tokens to the shell's own CSS (layout, sidebar, loading bar). */
export function ThemeCssVariables() {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const variables: Record<string, string> = {
      '--parley-primary': token.colorPrimary,
      '--parley-primary-text': token.colorPrimaryText,
      '--parley-primary-bg': token.colorPrimaryBg,
      '--parley-primary-bg-hover': token.colorPrimaryBgHover,
      '--parley-bg-layout': token.colorBgLayout,
      '--parley-bg-container': token.colorBgContainer,
      '--parley-bg-elevated': token.colorBgElevated,
      '--parley-fill': token.colorFillTertiary,
      '--parley-fill-hover': token.colorBgTextHover,
      '--parley-text': token.colorText,
      '--parley-text-secondary': token.colorTextSecondary,
      '--parley-border': token.colorBorderSecondary,
      '--parley-border-strong': token.colorBorder,
      '--parley-mask': token.colorBgMask,
      '--parley-warning': token.colorWarning,
      '--parley-warning-bg': token.colorWarningBg,
      '--parley-success-text': token.colorSuccessText,
      '--parley-error-text': token.colorErrorText,
    };
    const root = document.documentElement;
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  }, [token]);
  return null;
}
