import type { AdminAgent } from '@parley/contracts';
import { Badge, Button, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandResult } from '../../../components/layout/brand-result';
import { notify } from '../../../lib/notify';
import { useAdminAgents } from '../api/get-admin-agents';
import { useOfficial } from '../api/get-official';
import { useModerateAgent, type Moderation } from '../api/moderate-agent';
import { AgentList } from './agent-list';
import { OfficialEditor } from './official-editor';
import { OfficialFaq } from './official-faq';
import { ReasonDialog, type ReasonRequest } from './reason-dialog';
import { ReviewQueue } from './review-queue';
import './agents.css';

const tabs = ['all', 'review', 'official'] as const;
type Tab = (typeof tabs)[number];

function OfficialTab() {
  const { t } = useTranslation('consoleAgents');
  const official = useOfficial();
  if (official.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (official.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('console:error.title')}
        subTitle={t('console:error.subtitle')}
        extra={
          <Button type="primary" onClick={() => void official.refetch()}>
            {t('console:error.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="admin-agents__official-tab">
      <section aria-label={t('official.title')}>
        <h2 className="admin-agents__heading">{t('official.title')}</h2>
        <p className="admin-agents__intro">{t('official.intro')}</p>
        <OfficialEditor key={official.dataUpdatedAt} data={official.data} />
      </section>
      <OfficialFaq />
    </div>
  );
}

/** The console's agents: every agent (hide, restore), the review queue (approve, decline) and the official assistant. */
export function AgentsView() {
  const { t } = useTranslation('consoleAgents');
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((name) => name === params.get('tab')) ?? 'all';
  const held = useAdminAgents({ held: true }).data?.pages[0]?.held ?? 0;
  const moderate = useModerateAgent();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);

  function ask(agent: AdminAgent, kind: Exclude<Moderation['kind'], 'approve'>) {
    const name = agent.name;
    setAsking({
      title: t(`${kind}.title`, { name }),
      body: t(`${kind}.body`),
      ok: t(`${kind}.ok`),
      danger: kind !== 'restore',
      required: kind !== 'restore',
      submit: async (reason) => {
        await moderate.mutateAsync({ id: agent.id, moderation: { kind, reason } });
        notify.success(t(`${kind}.done`, { name }));
      },
    });
  }

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams(next === 'all' ? {} : { tab: next }, { replace: true })}
        items={[
          { key: 'all', label: t('tabs.all'), children: <AgentList onHide={(agent) => ask(agent, 'hide')} onRestore={(agent) => ask(agent, 'restore')} /> },
          {
            key: 'review',
            label: (
              <span className="admin-agents__tab">
                {t('tabs.review')}
                {held > 0 && <Badge count={held} aria-label={t('waiting', { count: held })} />}
              </span>
            ),
            children: <ReviewQueue onDecline={(agent) => ask(agent, 'decline')} />,
          },
          { key: 'official', label: t('tabs.official'), children: <OfficialTab /> },
        ]}
      />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </>
  );
}
