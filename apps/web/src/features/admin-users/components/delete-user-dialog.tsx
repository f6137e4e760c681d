import type { AdminUserDetail } from '@parley/contracts';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeHttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useDeleteUser } from '../api/delete-user';

interface DeleteUserDialogProps {
  /** The account to delete; null while the dialog is closed. */
  user: AdminUserDetail | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting an account as its owner could: the operator types the username before the button works. */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const { t } = useTranslation('consoleUsers');
  const remove = useDeleteUser(user?.id ?? '');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = user?.username ?? '';
  const matches = typed === name && name !== '';

  function close() {
    setTyped('');
    setProblem(null);
    onClose();
  }

  async function confirm() {
    setProblem(null);
    try {
      await remove.mutateAsync(typed);
      notify.success(t('delete.done', { name }));
      setTyped('');
      onDeleted();
    } catch (error) {
      setProblem(describeHttpError(error, t));
    }
  }

  return (
    <Modal
      open={user !== null}
      title={t('delete.title', { name })}
      okText={t('delete.ok')}
      okButtonProps={{ danger: true, disabled: !matches }}
      confirmLoading={remove.isPending}
      cancelText={t('cancel')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      <p>{t('delete.body', { agents: user?.agents ?? 0 })}</p>
      <label className="admin-users__confirm-label" htmlFor="delete-user-confirm">
        {t('delete.typeName', { name })}
      </label>
      <Input
        id="delete-user-confirm"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        onPressEnter={() => matches && void confirm()}
        status={typed !== '' && !matches ? 'warning' : undefined}
      />
      {problem && <Alert className="admin-users__problem" type="error" showIcon title={problem} />}
    </Modal>
  );
}
