import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/layout/page-shell';
import { useAgentModeration } from '../../../features/admin-agents';
import { QualityQueue } from '../../../features/admin-quality';
import { MarkdownView } from '../../../features/chat';

export default function ConsoleQualityPage() {
  const { t } = useTranslation('console');
  const moderation = useAgentModeration();
  return (
    <PageShell title={t('nav.quality')}>
      <QualityQueue renderText={(text) => <MarkdownView text={text} />} onHideAgent={(agent, done) => moderation.ask(agent, 'hide', done)} />
      {moderation.dialog}
    </PageShell>
  );
}
