import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { NotReady } from '../../components/layout/not-ready';
import { PageShell } from '../../components/layout/page-shell';

/** Chat with an app (official assistant when no app id), resuming ?chatId= when given. */
export default function ChatPage() {
  const { t } = useTranslation('pages');
  const { appId } = useParams();
  const [searchParams] = useSearchParams();
  const chatId = searchParams.get('chatId');
  return (
    <PageShell title={t('chat.title')}>
      <NotReady description={chatId || appId ? t('chat.notReadyResume') : undefined} />
    </PageShell>
  );
}
