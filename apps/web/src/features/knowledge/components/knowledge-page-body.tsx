import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/layout/link-button';
import { routePaths } from '../../../lib/route-paths';
import { isLoggedIn, useSession } from '../../../stores/session-store';
import { LoginRequired, useAgentDetail } from '../../agents';
import { describeKnowledgeError, isNotFound } from '../lib/describe-error';
import { KnowledgeView } from './knowledge-view';
import { BrandResult } from '../../../components/layout/brand-result';

/** /upload/:appId for whoever is here: log in first, then the owner's agent or a plain "not yours". */
export function KnowledgePageBody({ appId }: { appId: string }) {
  const { t } = useTranslation('knowledge');
  const loggedIn = useSession(isLoggedIn);
  const agent = useAgentDetail(appId, loggedIn);
  if (!loggedIn) return <LoginRequired message={t('login')} />;
  if (agent.isPending) {
    return (
      <div role="status" aria-label={t('loading')}>
        <Skeleton active avatar paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!agent.data) {
    const missing = isNotFound(agent.error);
    return (
      <BrandResult
        kind={missing ? 'not-found' : 'problem'}
        title={missing ? t('notFound.title') : describeKnowledgeError(agent.error, t)}
        subTitle={missing ? t('notFound.hint') : undefined}
        extra={[
          !missing && (
            <Button key="retry" onClick={() => void agent.refetch()}>
              {t('retry')}
            </Button>
          ),
          <LinkButton key="mine" to={routePaths.UserRole}>
            {t('notFound.mine')}
          </LinkButton>,
        ]}
      />
    );
  }
  return <KnowledgeView agent={agent.data} />;
}
