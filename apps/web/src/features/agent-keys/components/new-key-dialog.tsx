import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateAgentKey } from '../api/create-agent-key';
import { CreatedKey } from './created-key';
import { NewKeyForm } from './new-key-form';

interface NewKeyDialogProps {
  appId: string;
  open: boolean;
  onClose: () => void;
  /** Once it has closed: a first key replaces the empty state, and with it the button the focus came from. */
  afterClose: () => void;
}

/**
 * Making a key: the form, then its secret. The secret is kept only in this dialog's request
 * result, which is dropped when the dialog has closed: it cannot be shown again.
 */
export function NewKeyDialog({ appId, open, onClose, afterClose }: NewKeyDialogProps) {
  const { t } = useTranslation('keys');
  const create = useCreateAgentKey(appId);
  const created = create.data;
  return (
    <Modal
      open={open}
      title={created ? t('created.title', { name: created.key.name }) : t('form.title')}
      footer={null}
      width={created ? 720 : 480}
      // a stray click beside the dialog must not lose a secret that is shown only once
      mask={{ closable: !created }}
      destroyOnHidden
      onCancel={onClose}
      afterClose={() => {
        create.reset();
        afterClose();
      }}
    >
      {created ? (
        <CreatedKey created={created} onDone={onClose} />
      ) : (
        <NewKeyForm appId={appId} creating={create.isPending} create={create.mutateAsync} onCancel={onClose} />
      )}
    </Modal>
  );
}
