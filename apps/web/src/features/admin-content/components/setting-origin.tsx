import type { SiteSettingSource } from '@parley/contracts';
import { Button, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface SettingOriginProps {
  source: SiteSettingSource;
  updatedAt: string | null;
  /** Named in the confirmation: "the sidebar links and contact details". */
  what: string;
  onReset: () => Promise<unknown>;
  resetting: boolean;
}

/** Where a group of settings comes from (the configuration, or the console since when), and the way back to the configured default. */
export function SettingOrigin({ source, updatedAt, what, onReset, resetting }: SettingOriginProps) {
  const { t, i18n } = useTranslation('consoleContent');
  const [modal, modalHolder] = Modal.useModal();
  const when = updatedAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(updatedAt)) : '';

  function confirmReset() {
    void modal.confirm({
      title: t('site.resetConfirm', { what }),
      content: t('site.resetDetail'),
      okText: t('site.reset'),
      cancelText: t('cancel'),
      onOk: onReset,
    });
  }

  return (
    <div className="setting-origin">
      {source === 'console' ? <Tag color="processing">{t('site.fromConsole', { when })}</Tag> : <Tag>{t('site.fromConfiguration')}</Tag>}
      <Button size="small" onClick={confirmReset} disabled={source === 'configuration'} loading={resetting}>
        {t('site.reset')}
      </Button>
      {modalHolder}
    </div>
  );
}
