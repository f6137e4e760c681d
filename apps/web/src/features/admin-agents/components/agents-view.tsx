import { Badge, Button, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandResult } from '../../../components/layout/brand-result';
import { useAdminAgents } from '../api/get-admin-agents';
import { useOfficial } from '../api/get-official';
import { AgentList } from './agent-list';
import { useAgentModeration } from './agent-moderation';
import { OfficialEditor } from './official-editor';
import { OfficialFaq } from './official-faq';
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
  const moderation = useAgentModeration();

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams(next === 'all' ? {} : { tab: next }, { replace: true })}
        items={[
          { key: 'all', label: t('tabs.all'), children: <AgentList onHide={(agent) => moderation.ask(agent, 'hide')} onRestore={(agent) => moderation.ask(agent, 'restore')} /> },
          {
            key: 'review',
            label: (
              <span className="admin-agents__tab">
                {t('tabs.review')}
                {held > 0 && <Badge count={held} aria-label={t('waiting', { count: held })} />}
              </span>
            ),
            children: <ReviewQueue onDecline={(agent) => moderation.ask(agent, 'decline')} />,
          },
          { key: 'official', label: t('tabs.official'), children: <OfficialTab /> },
        ]}
      />
      {moderation.dialog}
    </>
  );
}
