import type { AdminUser } from '@parley/contracts';
import { Avatar, Empty, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadMore, LoadingRows } from '../../../components/console/paged-list-states';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUsers } from '../api/get-users';
import { UserCounts } from './user-counts';
import { UserPanel } from './user-panel';
import './users.css';

function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  const { t, i18n } = useTranslation('consoleUsers');
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="admin-users__row">
      <button type="button" className="admin-users__open" onClick={onOpen}>
        <Avatar size={36} src={user.headUrl ?? undefined} alt="" aria-hidden>
          {user.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="admin-users__who">
          <span className="admin-users__name">{user.username}</span>
          <span className="admin-users__meta">
            {user.mobileMasked ? `+${user.areaCode} ${user.mobileMasked}` : t('noPhone')}
            {' · '}
            {t('signedUp', { date: day.format(new Date(user.createdAt)) })}
            {user.lastSeenAt && ` · ${t('lastSeen', { date: day.format(new Date(user.lastSeenAt)) })}`}
          </span>
        </span>
        <span className="admin-users__tags">
          {user.operator && <Tag color="blue">{t('tags.operator')}</Tag>}
          {user.disabledAt && <Tag color="red">{t('tags.disabled')}</Tag>}
        </span>
      </button>
    </li>
  );
}

/** Accounts, searched by phone or name, each opening its panel (activity and actions); visitors only counted. */
export function UsersView({ operatorId }: { operatorId: string }) {
  const { t } = useTranslation('consoleUsers');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const query = useUsers(q);
  const [openId, setOpenId] = useState<string | null>(null);

  let body;
  if (query.isPending) body = <LoadingRows count={4} avatar />;
  else if (query.isError) body = <ListError onRetry={() => void query.refetch()} />;
  else {
    const users = query.data.pages.flatMap((page) => page.list);
    body =
      users.length === 0 ? (
        <Empty description={q ? t('noMatch') : t('empty')} />
      ) : (
        <>
          <ul className="admin-users__list" aria-label={t('listLabel')}>
            {users.map((user) => (
              <UserRow key={user.id} user={user} onOpen={() => setOpenId(user.id)} />
            ))}
          </ul>
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onMore={() => void query.fetchNextPage()}
          />
        </>
      );
  }

  return (
    <section className="admin-users">
      <UserCounts />
      <div className="admin-users__filters" role="search">
        <Input.Search
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('search')}
          aria-label={t('search')}
          maxLength={50}
          className="admin-users__search"
        />
      </div>
      {body}
      <UserPanel userId={openId} operatorId={operatorId} onClose={() => setOpenId(null)} />
    </section>
  );
}
