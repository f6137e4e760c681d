import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/layout/link-button';
import { StandalonePage } from '../../components/layout/standalone-page';
import { preloadMarkdown, SharedConversation, SharedConversationError, useAppTexts, useChatShare, useMarkdownReady } from '../../features/chat';
import { chatPath, routePaths } from '../../lib/route-paths';

// a shared conversation is mostly answers: the renderer comes along with the page's code
void preloadMarkdown();

/** /shareChat/:shareCode: a conversation someone shared, read-only, outside the main layout. */
export default function ShareChatPage() {
  const { t } = useTranslation('chat');
  const { shareCode = '' } = useParams();
  const share = useChatShare(shareCode);
  const texts = useAppTexts(share.data?.app);
  // the first screen a newcomer sees: its answers are drawn as markdown from their first paint
  const markdownReady = useMarkdownReady(share.data?.items.map((item) => item.content));
  const home = (
<LinkButton to={routePaths.MainChat}>{t('share.goHome')}</LinkButton>
  );

  if (share.isPending || !markdownReady) {
    return (
      <StandalonePage title={t('pages:shareChat.title')}>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </StandalonePage>
    );
  }
  if (!share.data) {
    return (
      <StandalonePage title={t('pages:shareChat.title')}>
        <SharedConversationError error={share.error} onRetry={() => void share.refetch()} home={home} />
      </StandalonePage>
    );
  }
  const { app } = share.data;
  const startOwn = app.deleted ? null : (
    <LinkButton to={app.isOfficial ? routePaths.MainChat : chatPath(app.id)}>
      {t('share.startWith', { name: texts.name })}
    </LinkButton>
  );
  return (
    <StandalonePage title={share.data.title || t('pages:shareChat.title')}>
      <SharedConversation share={share.data} startOwn={startOwn} />
    </StandalonePage>
  );
}
