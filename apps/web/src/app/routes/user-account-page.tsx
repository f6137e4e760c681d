import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layout/page-shell';
import { AccountNav, SecurityDetails, ProfileGate } from '../../features/account';

export default function UserAccountPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('userAccount.title')}>
      <AccountNav />
      <ProfileGate>{(profile) => <SecurityDetails profile={profile} />}</ProfileGate>
    </PageShell>
  );
}
