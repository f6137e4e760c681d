import type { AgentDetail } from '@parley/contracts';
import { Badge, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKnowledgeFiles } from '../api/knowledge-files';
import { useUnanswered } from '../api/unanswered-questions';
import { EntriesPanel } from './entries-panel';
import { FilesPanel } from './files-panel';
import { KnowledgeHeader } from './knowledge-header';
import { RetrievalTest } from './retrieval-test';
import { UnansweredPanel } from './unanswered-panel';
import './knowledge.css';

type TabKey = 'files' | 'entries' | 'test' | 'unanswered';

/** An agent's knowledge, for its owner: files, typed-in entries, the retrieval test and unanswered questions. */
export function KnowledgeView({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation('knowledge');
  const [tab, setTab] = useState<TabKey>('files');
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
