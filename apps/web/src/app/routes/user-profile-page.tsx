import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layout/page-shell';
import { AccountNav, ProfileDetails, ProfileGate } from '../../features/account';

export default function UserProfilePage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('userProfile.title')}>
      <AccountNav />
      <ProfileGate>{(profile) => <ProfileDetails profile={profile} />}</ProfileGate>
    </PageShell>
  );
}
