import { Popconfirm } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmProps {
  onConfirm: () => unknown;
  /** The button that asks (icon-only in the header, labelled in the phone bar). */
  children: ReactElement;
  disabled?: boolean;
}

/** Clearing a chat's messages, after a confirmation: the header's and the phone bar's. */
export function ClearChatConfirm({ onConfirm, children, disabled }: ConfirmProps) {
  const { t } = useTranslation('chat');
  return (
    <Popconfirm
      title={t('confirm.clearChat')}
      okText={t('confirm.clear')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
      disabled={disabled}
    >
      {children}
    </Popconfirm>
  );
}

/** Exporting a chat as a picture, after a confirmation: the header's and the phone bar's. */
export function ExportChatConfirm({ onConfirm, children }: ConfirmProps) {
  const { t } = useTranslation('chat');
  return (
    <Popconfirm title={t('confirm.exportChat')} okText={t('confirm.export')} cancelText={t('confirm.cancel')} onConfirm={onConfirm}>
      {children}
    </Popconfirm>
  );
}
