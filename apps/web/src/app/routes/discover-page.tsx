import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/layout/link-button';
import { PageShell } from '../../components/layout/page-shell';
import { DiscoverView } from '../../features/agents';
import { routePaths } from '../../lib/route-paths';

/** /discover: the public agents. */
export default function DiscoverPage() {
  const { t } = useTranslation('agents');
  return (
    <PageShell title={t('pages:discover.title')} extra={<LinkButton to={routePaths.Create} icon={<PlusOutlined aria-hidden />}>{t('mine.create')}</LinkButton>}>
      <DiscoverView />
    </PageShell>
  );
}
