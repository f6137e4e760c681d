import type { SignInData } from '@parley/contracts';
import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { setShowLogin } from '../../../stores/session-store';
import { applySignIn } from '../lib/apply-sign-in';
import { ForgotPasswordForm } from './forgot-password-form';
import { PasswordLoginForm } from './password-login-form';
import { SmsLoginForm } from './sms-login-form';
import './login-modal.css';

type View = 'sms' | 'password' | 'forgot';

/** Sign in or sign up with a phone: by SMS code or by password; or reset a forgotten password. */
export default function LoginModal() {
  const { t } = useTranslation('auth');
  const [view, setView] = useState<View>('sms');
  const close = () => setShowLogin(false);

  function signedIn(data: SignInData) {
    applySignIn(data);
    notify.success(data.created ? t('welcome.created', { name: data.user.username }) : t('welcome.back', { name: data.user.username }));
  }

  return (
    <Modal
      open
      title={view === 'forgot' ? t('forgot.title') : t('title')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={420}
      className="auth-modal"
    >
      {view === 'forgot' ? (
        <ForgotPasswordForm onSignedIn={signedIn} onBack={() => setView('password')} />
      ) : (
        <Tabs
          activeKey={view}
          onChange={(key) => setView(key as View)}
          items={[
            { key: 'sms', label: t('tabs.sms'), children: <SmsLoginForm onSignedIn={signedIn} /> },
            {
              key: 'password',
              label: t('tabs.password'),
              children: <PasswordLoginForm onSignedIn={signedIn} onForgot={() => setView('forgot')} />,
            },
          ]}
        />
      )}
    </Modal>
  );
}
