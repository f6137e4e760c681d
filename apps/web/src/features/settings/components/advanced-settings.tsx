import { defaultUserSettings, settingsLimits } from '@parley/contracts';
import { Button, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { notify } from '../../../lib/notify';
import { roleInLanguage, settingsStore } from '../../../stores/settings-store';
import { NumberSetting } from './number-setting';

/** Role (system message), temperature and top_p for chats with the official assistant. */
export function AdvancedSettings() {
  const { t } = useTranslation('settings');
  const saved = useStore(settingsStore);
  const [systemMessage, setSystemMessage] = useState(() => roleInLanguage(saved.systemMessage));
  const [temperature, setTemperature] = useState(saved.temperature);
  const [topP, setTopP] = useState(saved.top_p);

  function save() {
    // the default role, left as it is, stays the default: it follows the language
    const role = systemMessage.trim() === roleInLanguage('') ? '' : systemMessage.trim();
    settingsStore.setState({ systemMessage: role, temperature, top_p: topP });
    setSystemMessage(roleInLanguage(role));
    notify.success(t('messages.saveSuccess'));
  }

  function reset() {
    const { systemMessage: role, temperature: temp, top_p } = defaultUserSettings;
    settingsStore.setState({ systemMessage: role, temperature: temp, top_p });
    setSystemMessage(roleInLanguage(role));
    setTemperature(temp);
    setTopP(top_p);
    notify.success(t('messages.resetSuccess'));
  }

  return (
    <div className="settings-section">
      <p className="settings-section__intro">{t('advanced.intro')}</p>
      <label htmlFor="settings-role" className="number-setting__label">
        {t('advanced.role')}
      </label>
      <Input.TextArea
        id="settings-role"
        value={systemMessage}
        maxLength={settingsLimits.systemMessageMaxChars}
        showCount
        autoSize={{ minRows: 3, maxRows: 10 }}
        onChange={(event) => setSystemMessage(event.target.value)}
      />
      <NumberSetting
        label={t('advanced.temperature')}
        hint={t('advanced.temperatureHint')}
        value={temperature}
        min={0}
        max={2}
        step={0.1}
        onChange={setTemperature}
      />
      <NumberSetting label={t('advanced.topP')} hint={t('advanced.topPHint')} value={topP} min={0} max={1} step={0.05} onChange={setTopP} />
      <Space wrap>
        <Button type="primary" onClick={save}>
          {t('actions.save')}
        </Button>
        <Popconfirm title={t('advanced.resetConfirm')} okText={t('actions.confirm')} cancelText={t('actions.cancel')} onConfirm={reset}>
          <Button>{t('advanced.reset')}</Button>
        </Popconfirm>
      </Space>
    </div>
  );
}
