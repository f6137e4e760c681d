import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvancedSettings } from './advanced-settings';
import { ConfigSettings } from './config-settings';
import { GeneralSettings } from './general-settings';
import './settings.css';

/** The settings screen: general, advanced and config sections. */
export function SettingsView({ generalExtra }: { generalExtra?: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <Tabs
      className="settings-view"
      items={[
        { key: 'general', label: t('tabs.general'), children: <GeneralSettings extra={generalExtra} /> },
        { key: 'advanced', label: t('tabs.advanced'), children: <AdvancedSettings /> },
        { key: 'config', label: t('tabs.config'), children: <ConfigSettings /> },
      ]}
    />
  );
}
