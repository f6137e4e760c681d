import { auditActions, auditTargetTypes, type AuditAction, type AuditTargetType } from '@parley/contracts';
import { Empty, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadMore, LoadingRows } from '../../../components/console/paged-list-states';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAudit } from '../api/get-audit';
import { AuditChange } from './audit-change';
import './audit-log.css';

/** The audit log: every change operators made, newest first, filtered by what and by a name. */
export function AuditLog() {
  const { t, i18n } = useTranslation('console');
  const [action, setAction] = useState<AuditAction | undefined>();
  const [targetType, setTargetType] = useState<AuditTargetType | undefined>();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300) || undefined;
  const query = useAudit({ action, targetType, q });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const filtered = action !== undefined || targetType !== undefined || q !== undefined;

  const filters = (
    <div className="audit-log__filters" role="search">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={action}
        onChange={setAction}
        placeholder={t('audit.filters.action')}
        aria-label={t('audit.filters.action')}
        options={auditActions.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
        className="audit-log__select"
      />
      <Select
        allowClear
        value={targetType}
        onChange={setTargetType}
        placeholder={t('audit.filters.target')}
        aria-label={t('audit.filters.target')}
        options={auditTargetTypes.map((value) => ({ value, label: t(`audit.targets.${value}`) }))}
        className="audit-log__select"
      />
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('audit.filters.search')}
        aria-label={t('audit.filters.search')}
        maxLength={100}
        className="audit-log__search"
      />
    </div>
  );

  let body;
  if (query.isPending) body = <LoadingRows count={5} />;
  else if (query.isError) body = <ListError onRetry={() => void query.refetch()} />;
  else {
    const entries = query.data.pages.flatMap((page) => page.list);
    body =
      entries.length === 0 ? (
        <Empty description={filtered ? t('audit.noMatch') : t('audit.empty')} />
      ) : (
        <>
          <ol className="audit-log__list" aria-label={t('audit.listLabel')}>
            {entries.map((entry) => (
              <li key={entry.id} className="audit-log__entry">
                <div className="audit-log__head">
                  <strong className="audit-log__action">{t(`audit.actions.${entry.action}`)}</strong>
                  {(entry.targetLabel ?? entry.targetId) && (
                    <span className="audit-log__target">
                      {t(`audit.targets.${entry.targetType}`)}: {entry.targetLabel ?? entry.targetId}
                    </span>
                  )}
                </div>
                <div className="audit-log__meta">
                  <span>{entry.actorId === null ? t('audit.cli') : entry.actorName}</span>
                  <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                </div>
                <AuditChange before={entry.before} after={entry.after} />
              </li>
            ))}
          </ol>
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onMore={() => void query.fetchNextPage()}
            endText={t('audit.end')}
          />
        </>
      );
  }

  return (
    <section className="audit-log">
      {filters}
      {body}
    </section>
  );
}
