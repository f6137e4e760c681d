import { errorCodes } from '@parley/contracts';
import { Button, Input, Modal } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { saveAccessToken, sessionStore } from '../../../stores/session-store';
import { BrandArt } from '../../../components/layout/brand-result';
import { verifyAccess } from '../api/verify-access';
import './verify-overlay.css';

// Long enough for the success toast to be read before the page reloads.
const reloadDelayMs = 600;

/** What the toast says about a refused or failed verification, in the reader's language. */
function failureKey(error: unknown): 'wrong' | 'tooMany' | 'failed' {
  if (!(error instanceof HttpError)) return 'failed';
  if (error.code === errorCodes.ACCESS_PASSWORD_WRONG.code) return 'wrong';
  if (error.code === errorCodes.RATE_LIMITED.code) return 'tooMany';
  return 'failed';
}

export interface VerifyOverlayProps {
  reload?: () => void;
}

/** The 403 overlay: the site access password, checked by POST /verify. */
export default function VerifyOverlay({ reload = () => window.location.reload() }: VerifyOverlayProps) {
  const { t } = useTranslation('access');
  const [password, setPassword] = useState('');
  const [verifying, setVerifying] = useState(false);
  const token = password.trim();
  const disabled = token === '' || verifying;

  async function verify() {
    if (disabled) return;
    setVerifying(true);
    try {
      const { accessToken } = await verifyAccess(token);
      saveAccessToken(accessToken);
      notify.success(t('success'));
      window.setTimeout(reload, reloadDelayMs);
    } catch (error) {
      notify.error(t(failureKey(error)));
      sessionStore.setState({ accessToken: '' });
      setPassword('');
      setVerifying(false);
    }
  }

  function submitOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void verify();
  }

  return (
    <Modal
      open
      centered
      width={640}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={null}
      title={null}
      aria-labelledby="verify-overlay-title"
      className="verify-overlay"
    >
      <div className="verify-overlay__body">
        <BrandArt kind="locked" />
        <h1 id="verify-overlay-title" className="verify-overlay__code">
          403
        </h1>
        <p className="verify-overlay__lead">{t('lead')}</p>
        <p className="verify-overlay__tip">{t('tip')}</p>
        <Input
          type="password"
          autoFocus
          aria-label={t('passwordLabel')}
          placeholder={t('passwordPlaceholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={submitOnEnter}
          autoComplete="current-password"
        />
        <Button type="primary" block loading={verifying} disabled={disabled} onClick={() => void verify()}>
          {t('verify')}
        </Button>
      </div>
    </Modal>
  );
}
