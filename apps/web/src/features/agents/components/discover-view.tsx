import { SearchOutlined } from '@ant-design/icons';
import { agentCategories, agentLimits, discoverSorts, type AgentCard as AgentCardInfo, type AgentCategory, type DiscoverSort } from '@parley/contracts';
import { Button, Empty, Input, Segmented, Tabs } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearchBoxLabels } from '../../../components/search-box-labels';
import { chatPath } from '../../../lib/route-paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDiscover } from '../api/get-discover';
import { AgentCard, AgentCardSkeleton, type AgentCardData } from './agent-card';
import { InfiniteSentinel } from './infinite-sentinel';
import './discover-view.css';
import { BrandResult } from '../../../components/layout/brand-result';

/** Spec section 9: search waits 300 ms after the last key. */
const searchDebounceMs = 300;
const allCategories = 'all';

function parseCategory(value: string | null): AgentCategory | null {
  return agentCategories.find((category) => category === value) ?? null;
}

function parseSort(value: string | null): DiscoverSort {
  return discoverSorts.find((sort) => sort === value) ?? 'popular';
}

function cardOf(agent: AgentCardInfo): AgentCardData {
  const { figures } = agent;
  return { ...agent, conversationCount: figures.conversations, goodCount: figures.good, badCount: figures.bad };
}

/** /discover: public agents to search, filter by category and sort, loaded page by page as the reader scrolls. */
export function DiscoverView() {
  const { t } = useTranslation('agents');
  const [params, setParams] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const sort = parseSort(params.get('sort'));
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), searchDebounceMs);
  const discover = useDiscover({ q, category, sort });
  const { allowClear } = useSearchBoxLabels();

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  // The address keeps the settled search, so back and reload return to the same results.
  const keepSearch = useEffectEvent((settled: string) => {
    if ((params.get('q') ?? '') !== settled) setParam('q', settled || null);
  });
  useEffect(() => keepSearch(q), [q]);

  const agents = discover.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className="discover">
      <div className="discover__toolbar">
        <Input
          className="discover__search"
          type="search"
          allowClear={allowClear}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('discover.searchPlaceholder')}
          aria-label={t('discover.search')}
          maxLength={agentLimits.searchMaxChars}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Segmented<DiscoverSort>
          className="discover__sort"
          aria-label={t('discover.sort')}
          value={sort}
          options={discoverSorts.map((value) => ({ value, label: t(`discover.sorts.${value}`) }))}
          onChange={(value) => setParam('sort', value === 'popular' ? null : value)}
        />
      </div>
      <Tabs
        className="discover__tabs"
        activeKey={category ?? allCategories}
        onChange={(key) => setParam('category', key === allCategories ? null : key)}
        items={[allCategories, ...agentCategories].map((key) => ({ key, label: key === allCategories ? t('discover.all') : t(`categories.${key}`) }))}
      />
      {discover.isPending ? (
        <ul className="discover__grid" role="status" aria-label={t('discover.loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            <li key={index}>
              <AgentCardSkeleton />
            </li>
          ))}
        </ul>
      ) : discover.isError && agents.length === 0 ? (
        <BrandResult
          kind="problem"
          title={t('discover.failed')}
          extra={
            <Button type="primary" onClick={() => void discover.refetch()}>
              {t('discover.retry')}
            </Button>
          }
        />
      ) : agents.length === 0 ? (
        <Empty className="discover__empty" description={q ? t('discover.noMatch', { q }) : t('discover.empty')} />
      ) : (
        <>
          <ul className="discover__grid" aria-label={t('discover.results')} aria-busy={discover.isFetching}>
            {agents.map((agent) => (
              <li key={agent.id}>
                <AgentCard agent={cardOf(agent)} to={chatPath(agent.id)} />
              </li>
            ))}
          </ul>
          <InfiniteSentinel
            hasMore={discover.hasNextPage}
            loading={discover.isFetchingNextPage}
            failed={discover.isFetchNextPageError}
            onLoadMore={() => void discover.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
