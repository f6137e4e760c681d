import { LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setShowLogin } from '../../../stores/session-store';
import { BrandResult } from '../../../components/layout/brand-result';

/** In place of a page that needs an account: says so, and opens the login dialog. */
export function LoginRequired({ message }: { message: string }) {
  const { t } = useTranslation('agents');
  return (
    <BrandResult
      kind="sign-in"
      title={message}
      extra={
        <Button type="primary" icon={<LoginOutlined aria-hidden />} onClick={() => setShowLogin(true)}>
          {t('login.action')}
        </Button>
      }
    />
  );
}
