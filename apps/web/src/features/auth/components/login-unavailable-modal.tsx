import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { setShowLogin } from '../../../stores/session-store';

/** Signing in is not built yet, and this dialog says so plainly. */
export default function LoginUnavailableModal() {
  const { t } = useTranslation('layout');
  const close = () => setShowLogin(false);
  return (
    <Modal
      open
      title={t('login.title')}
      onOk={close}
      onCancel={close}
      okText={t('common:actions.ok')}
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <p>{t('login.unavailable')}</p>
    </Modal>
  );
}
