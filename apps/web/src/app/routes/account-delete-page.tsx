import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layout/page-shell';
import { AccountNav, DeleteAccountForm, ProfileGate } from '../../features/account';

export default function AccountDeletePage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('accountDelete.title')}>
      <AccountNav />
      <ProfileGate>{(profile) => <DeleteAccountForm profile={profile} />}</ProfileGate>
    </PageShell>
  );
}
