import { agentVisibilities, type AdminAgent, type AgentVisibility } from '@parley/contracts';
import { Avatar, Button, Empty, Input, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadMore, LoadingRows } from '../../../components/console/paged-list-states';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { AgentFilter } from '../api/admin-agent-keys';
import { useAdminAgents } from '../api/get-admin-agents';
import { AgentFacts } from './agent-figures';

type Shown = 'all' | 'hidden' | 'shown';

/** A page of agents as the console lists them, with loading, error and empty states and "load more". */
export function AgentPages({ filter, emptyText, row }: { filter: AgentFilter; emptyText: string; row: (agent: AdminAgent) => ReactNode }) {
  const query = useAdminAgents(filter);
  if (query.isPending) return <LoadingRows count={3} avatar />;
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />;
  const agents = query.data.pages.flatMap((page) => page.list);
  if (agents.length === 0) return <Empty description={emptyText} />;
  return (
    <>
      <ul className="admin-agents__list">{agents.map(row)}</ul>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

/** Every agent, searched by name and filtered by visibility and hidden, each hidden or restored with a reason. */
export function AgentList({ onHide, onRestore }: { onHide: (agent: AdminAgent) => void; onRestore: (agent: AdminAgent) => void }) {
  const { t } = useTranslation('consoleAgents');
  const [search, setSearch] = useState('');
  const [visibility, setVisibility] = useState<AgentVisibility | undefined>();
  const [shown, setShown] = useState<Shown>('all');
  const q = useDebouncedValue(search.trim(), 300);
  const filter: AgentFilter = { q: q || undefined, visibility, hidden: shown === 'all' ? undefined : shown === 'hidden' };
  const filtered = q !== '' || visibility !== undefined || shown !== 'all';

  return (
    <section aria-label={t('tabs.all')}>
      <div className="admin-agents__filters" role="search">
        <Input.Search
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          maxLength={50}
          className="admin-agents__search"
        />
        <Select
          allowClear
          value={visibility}
          onChange={setVisibility}
          placeholder={t('filters.visibility')}
          aria-label={t('filters.visibility')}
          options={agentVisibilities.map((value) => ({ value, label: t(`agents:visibility.${value}`) }))}
          className="admin-agents__select"
        />
        <Select
          value={shown}
          onChange={setShown}
          aria-label={t('filters.state')}
          options={(['all', 'shown', 'hidden'] as const).map((value) => ({ value, label: t(`filters.${value}`) }))}
          className="admin-agents__select"
        />
      </div>
      <AgentPages
        filter={filter}
        emptyText={filtered ? t('noMatch') : t('empty')}
        row={(agent) => (
          <li key={agent.id} className="admin-agents__row">
            <Avatar size={40} src={agent.avatarUrl ?? undefined} alt="" aria-hidden>
              {agent.name.slice(0, 1)}
            </Avatar>
            <div className="admin-agents__main">
              <span className="admin-agents__name">{agent.name}</span>
              <AgentFacts agent={agent} />
              {agent.hidden && agent.hiddenReason && <span className="admin-agents__reason">{t('hiddenBecause', { reason: agent.hiddenReason })}</span>}
            </div>
            {agent.hidden ? (
              <Button onClick={() => onRestore(agent)}>{t('restore.action')}</Button>
            ) : (
              <Button danger onClick={() => onHide(agent)}>
                {t('hide.action')}
              </Button>
            )}
          </li>
        )}
      />
    </section>
  );
}
