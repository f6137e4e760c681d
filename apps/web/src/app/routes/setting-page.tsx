import { useTranslation } from 'react-i18next';
import { NotReady } from '../../components/layout/not-ready';
import { PageShell } from '../../components/layout/page-shell';

export default function SettingPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('setting.title')}>
      <NotReady />
    </PageShell>
  );
}
