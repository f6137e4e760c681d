import { PlusOutlined } from '@ant-design/icons';
import { errorCodes, type AgentDetail, type AgentVisibility } from '@parley/contracts';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/layout/link-button';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { routePaths } from '../../../lib/route-paths';
import { useDeleteAgent } from '../api/delete-agent';
import { useMyAgents } from '../api/get-my-agents';
import { getShareNum } from '../api/get-share-num';
import { useSetVisibility } from '../api/set-visibility';
import { fieldProblems } from '../lib/agent-form';
import { describeAgentError } from '../lib/describe-error';
import { MyAgentRow } from './my-agent-row';
import './my-agents-view.css';
import { BrandResult } from '../../../components/layout/brand-result';

interface MyAgentsViewProps {
  /** Copies the landing page address (the route knows the site's origin and the copy toast). */
  copyLink: (path: string) => Promise<void>;
}

/** /user/role: the agents I made, with their figures and what I can do with each. */
export function MyAgentsView({ copyLink }: MyAgentsViewProps) {
  const { t } = useTranslation('agents');
  const mine = useMyAgents(true);
  const remove = useDeleteAgent();
  const visibility = useSetVisibility();
  const [sharingId, setSharingId] = useState<string | null>(null);

  async function share(agent: AgentDetail) {
    setSharingId(agent.id);
    try {
      const { path } = await getShareNum(agent.id);
      await copyLink(path);
    } catch {
      // The client toasted why (a private agent cannot be shared ...).
    } finally {
      setSharingId(null);
    }
  }

  function changeVisibility(agent: AgentDetail, next: AgentVisibility) {
    visibility.mutate(
      { agent, visibility: next },
      {
        onSuccess: () => notify.success(t('mine.visibilityChanged', { visibility: t(`visibility.${next}`) })),
        onError: (error) => {
          if (error instanceof HttpError && error.code === errorCodes.CONTENT_BLOCKED.code) {
            const reasons = fieldProblems(error.data).map((problem) => problem.message);
            notify.notice({ title: t('editor.blocked.title'), description: reasons.join(' · ') || t('editor.blocked.generic') });
          } else if (error instanceof HttpError && error.code === errorCodes.VALIDATION.code) {
            notify.error(t('mine.fixFirst'));
          } else notify.error(describeAgentError(error, t));
        },
      },
    );
  }

  if (mine.isPending) {
    return (
      <div role="status" aria-label={t('mine.loading')}>
        <Skeleton active avatar paragraph={{ rows: 2 }} />
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (mine.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('mine.failed')}
        extra={
          <Button type="primary" onClick={() => void mine.refetch()}>
            {t('discover.retry')}
          </Button>
        }
      />
    );
  }
  if (mine.data.list.length === 0) {
    return (
      <Empty description={t('mine.empty')}>
        <LinkButton to={routePaths.Create} icon={<PlusOutlined aria-hidden />}>
          {t('mine.create')}
        </LinkButton>
      </Empty>
    );
  }
  return (
    <ul className="my-agents" aria-label={t('mine.list')}>
      {mine.data.list.map((agent) => (
        <MyAgentRow
          key={agent.id}
          agent={agent}
          sharing={sharingId === agent.id}
          changingVisibility={visibility.isPending && visibility.variables?.agent.id === agent.id}
          onShare={(chosen) => void share(chosen)}
          onDelete={async (chosen) => {
            await remove.mutateAsync(chosen.id);
            notify.success(t('editor.deleted'));
          }}
          onVisibility={changeVisibility}
        />
      ))}
    </ul>
  );
}
