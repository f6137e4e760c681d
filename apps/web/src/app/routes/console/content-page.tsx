import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { SiteContent } from '../../../features/admin-content';
import { SiteMarkdown } from '../../../features/site';

export default function ConsoleContentPage() {
  const { t } = useTranslation('console');
  return (
    <PageShell title={t('nav.content')}>
      <SiteContent renderMarkdown={(markdown) => <SiteMarkdown markdown={markdown} />} />
    </PageShell>
  );
}
