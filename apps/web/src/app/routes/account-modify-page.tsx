import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layout/page-shell';
import { AccountNav, PhoneChangeForm, ProfileGate } from '../../features/account';

export default function AccountModifyPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('accountModify.title')}>
      <AccountNav />
      <ProfileGate>{(profile) => <PhoneChangeForm profile={profile} />}</ProfileGate>
    </PageShell>
  );
}
