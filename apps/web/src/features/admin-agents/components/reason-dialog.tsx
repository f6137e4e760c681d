import { agentLimits } from '@parley/contracts';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonRequest {
  title: string;
  /** What happens, and that the owner reads the reason. */
  body: string;
  ok: string;
  danger?: boolean;
  /** The owner must be told why (hide, decline); restoring may go without. */
  required: boolean;
  submit: (reason: string) => Promise<unknown>;
}

/** Asks for the reason an agent's owner will read on their messages page, then does the change. */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const { t } = useTranslation('consoleAgents');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const missing = request?.required === true && reason.trim() === '';

  function close() {
    setReason('');
    onClose();
  }

  async function confirm() {
    if (!request || missing) return;
    setBusy(true);
    try {
      await request.submit(reason.trim());
      close();
    } catch {
      // the client toasted why; what was typed stays
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText={request?.ok}
      okButtonProps={{ danger: request?.danger ?? false, disabled: missing }}
      confirmLoading={busy}
      cancelText={t('cancel')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      <p>{request?.body}</p>
      <label className="admin-agents__label" htmlFor="agent-reason">
        {request?.required ? t('reason.label') : t('reason.optional')}
      </label>
      <Input.TextArea
        id="agent-reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={agentLimits.hideReasonMaxChars}
        showCount
        aria-required={request?.required}
        className="admin-agents__reason-input"
      />
    </Modal>
  );
}
