import type { AgentKey } from '@parley/contracts';
import { Button, Modal } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface RevokeKeyDialogProps {
  /** The key asked about; it stays set while the dialog closes, so its name does not vanish. */
  agentKey: AgentKey | null;
  open: boolean;
  revoking: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  afterClose: () => void;
}

/**
 * Asks before a key is revoked, and says what it means. A dialog rather than a popover: the
 * keyboard lands in it (on Cancel, the harmless choice), and leaving it returns the focus.
 */
export function RevokeKeyDialog({ agentKey, open, revoking, onConfirm, onCancel, afterClose }: RevokeKeyDialogProps) {
  const { t } = useTranslation('keys');
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={t('revoke.confirm', { name: agentKey?.name ?? '' })}
      width={440}
      destroyOnHidden
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (visible) cancel.current?.focus();
      }}
      afterClose={afterClose}
      footer={[
        <Button key="cancel" ref={cancel} onClick={onCancel}>
          {t('revoke.cancel')}
        </Button>,
        <Button key="revoke" type="primary" danger loading={revoking} onClick={onConfirm}>
          {t('revoke.ok')}
        </Button>,
      ]}
    >
      <p className="agent-keys__revoke-explain">{t('revoke.explain')}</p>
    </Modal>
  );
}
