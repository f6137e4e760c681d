import { BookOutlined, MessageOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { AgentDetail } from '@parley/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/layout/link-button';
import './agent-next-steps.css';

interface AgentNextStepsProps {
  agent: AgentDetail;
  /** Where each step goes (the route knows the addresses). */
  paths: { knowledge: string; chat: string; share: string };
}

/** Over the edit screen of an agent just created: it exists, and what usually comes next. */
export function AgentNextSteps({ agent, paths }: AgentNextStepsProps) {
  const { t } = useTranslation('agents');
  const shareHint = agent.visibility === 'private' ? t('nextSteps.sharePrivate') : t('nextSteps.shareHint');
  return (
    <Alert
      className="agent-next-steps"
      type="success"
      showIcon
      role="status"
      title={t('nextSteps.title', { name: agent.name })}
      description={
        <div className="agent-next-steps__body">
          <p>{t('nextSteps.intro')}</p>
          <div className="agent-next-steps__actions">
            <LinkButton to={paths.knowledge} icon={<BookOutlined aria-hidden />}>
              {t('nextSteps.knowledge')}
            </LinkButton>
            <LinkButton to={paths.chat} type="default" icon={<MessageOutlined aria-hidden />}>
              {t('nextSteps.try')}
            </LinkButton>
            <LinkButton to={paths.share} type="default" icon={<ShareAltOutlined aria-hidden />}>
              {t('nextSteps.share')}
            </LinkButton>
          </div>
          <p className="agent-next-steps__hint">{shareHint}</p>
        </div>
      }
    />
  );
}
