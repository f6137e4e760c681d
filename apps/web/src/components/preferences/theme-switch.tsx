import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { themeSettings, type ThemeSetting } from '../../lib/theme/resolve-theme';
import { setTheme, useAppSetting } from '../../stores/app-setting-store';
import './theme-switch.css';

const icons: Record<ThemeSetting, ReactNode> = {
  light: <SunOutlined aria-hidden />,
  dark: <MoonOutlined aria-hidden />,
  auto: <DesktopOutlined aria-hidden />,
};

/**
 * Light, dark, or follow the system: native radios drawn as a segmented control, so arrow keys
 * move between them and screen readers name each one.
 */
export function ThemeSwitch() {
  const { t } = useTranslation('layout');
  const theme = useAppSetting((setting) => setting.theme);
  // Each switch its own radio group: the sidebar's and the settings' are on one page.
  const name = useId();
  return (
    <div className="theme-switch" role="radiogroup" aria-label={t('theme.label')}>
      {themeSettings.map((value) => (
        <label key={value} className="theme-switch__option" title={t(`theme.${value}`)}>
          <input
            type="radio"
            className="theme-switch__input"
            name={name}
            value={value}
            checked={theme === value}
            onChange={() => setTheme(value)}
          />
          {icons[value]}
          <span className="visually-hidden">{t(`theme.${value}`)}</span>
        </label>
      ))}
    </div>
  );
}
