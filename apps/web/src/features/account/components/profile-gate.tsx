import type { UserInfo } from '@parley/contracts';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginRequired } from '../../auth';
import { setShowLogin } from '../../../stores/session-store';
import { useProfile } from '../api/get-profile';
import { BrandResult } from '../../../components/layout/brand-result';

/** Account screens need login and the account's own details: this shows what to do until both are there. */
export function ProfileGate({ children }: { children: (profile: UserInfo) => ReactNode }) {
  const { t } = useTranslation('account');
  const loggedIn = useLoginRequired();
  const profile = useProfile(loggedIn);
  if (!loggedIn) {
    return (
      <BrandResult
        kind="sign-in"
        title={t('needLogin')}
        extra={
          <Button type="primary" onClick={() => setShowLogin(true)}>
            {t('layout:footer.login')}
          </Button>
        }
      />
    );
  }
  if (profile.isPending) return <Skeleton active paragraph={{ rows: 5 }} className="account-skeleton" />;
  if (profile.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('loadError')}
        extra={
          <Button type="primary" onClick={() => void profile.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return children(profile.data);
}
