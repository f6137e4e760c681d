import { MessageOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/layout/link-button';
import { StandalonePage } from '../../components/layout/standalone-page';
import { SharedAgentError, SharedAgentView, useSharedAgent } from '../../features/agents';
import { chatPath, routePaths } from '../../lib/route-paths';

/** /share/:shareNum: a shared agent's landing page, open to visitors, with a way into a chat. */
export default function ShareAiPage() {
  const { t } = useTranslation('agents');
  const { shareNum = '' } = useParams();
  const shared = useSharedAgent(shareNum);

  if (shared.isPending) {
    return (
      <StandalonePage title={t('pages:shareAi.title')}>
        <Skeleton active avatar paragraph={{ rows: 5 }} />
      </StandalonePage>
    );
  }
  if (!shared.data) {
    return (
      <StandalonePage title={t('pages:shareAi.title')}>
        <SharedAgentError error={shared.error} discover={<LinkButton to={routePaths.Discover}>{t('share.discover')}</LinkButton>} />
      </StandalonePage>
    );
  }
  const agent = shared.data;
  return (
    <StandalonePage title={t('pages:shareAi.title')}>
      <SharedAgentView
        agent={agent}
        startChat={
          <LinkButton to={`${chatPath(agent.appId)}?from=share`} icon={<MessageOutlined aria-hidden />}>
            {t('share.start')}
          </LinkButton>
        }
      />
    </StandalonePage>
  );
}
