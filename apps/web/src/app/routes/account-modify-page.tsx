import { useTranslation } from 'react-i18next';
import { NotReady } from '../../components/layout/not-ready';
import { PageShell } from '../../components/layout/page-shell';

export default function AccountModifyPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('accountModify.title')}>
      <NotReady />
    </PageShell>
  );
}
