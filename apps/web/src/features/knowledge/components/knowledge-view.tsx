import type { AgentDetail } from '@parley/contracts';
import { Badge, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useKnowledgeFiles } from '../api/knowledge-files';
import { useUnanswered } from '../api/unanswered-questions';
import { EntriesPanel } from './entries-panel';
import { FilesPanel } from './files-panel';
import { KnowledgeHeader } from './knowledge-header';
import { RetrievalTest } from './retrieval-test';
import { UnansweredPanel } from './unanswered-panel';
import './knowledge.css';

const tabKeys = ['files', 'entries', 'test', 'unanswered'] as const;
type TabKey = (typeof tabKeys)[number];

function isTabKey(key: string | null): key is TabKey {
  return (tabKeys as readonly (string | null)[]).includes(key);
}

/** An agent's knowledge, for its owner: files, typed-in entries, the retrieval test and unanswered questions (`?tab=` opens one). */
export function KnowledgeView({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation('knowledge');
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const [tab, setTab] = useState<TabKey>(isTabKey(asked) ? asked : 'files');
  const files = useKnowledgeFiles(agent.id, true);
  const unanswered = useUnanswered(agent.id, true);
  const waiting = unanswered.data?.questions.length ?? 0;
  return (
    <div className="knowledge">
      <KnowledgeHeader agent={agent} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'files', label: t('tabs.files'), children: <FilesPanel appId={agent.id} files={files} /> },
          { key: 'entries', label: t('tabs.entries'), children: <EntriesPanel appId={agent.id} /> },
          { key: 'test', label: t('tabs.test'), children: <RetrievalTest appId={agent.id} /> },
          {
            key: 'unanswered',
            label: (
              <span className="knowledge-tab-count">
                {t('tabs.unanswered')}
                {waiting > 0 && <Badge count={waiting} size="small" aria-label={t('tabs.waiting', { count: waiting })} />}
              </span>
            ),
            children: <UnansweredPanel appId={agent.id} unanswered={unanswered} />,
          },
        ]}
      />
    </div>
  );
}
