import { MessageOutlined, PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/layout/link-button';
import { chatPath, routePaths } from '../../../lib/route-paths';
import { useRoleHistory } from '../api/get-role-history';
import { agentsChatted } from '../lib/agents-chatted';
import { displayTitle } from '../lib/history-rules';
import './role-history.css';
import { BrandResult } from '../../../components/layout/brand-result';

/** /role/history: the agents I have chatted with, the most recent first, each with its latest chat to resume. */
export function RoleHistory() {
  const { t, i18n } = useTranslation('history');
  const history = useRoleHistory(true);
  const agents = useMemo(() => agentsChatted(history.data?.pages.flatMap((page) => page.list) ?? []), [history.data]);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (history.isPending) {
    return (
      <div role="status" aria-label={t('roles.loading')}>
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </div>
    );
  }
  if (history.isError && agents.length === 0) {
    return (
      <BrandResult
        kind="problem"
        title={t('roles.failed')}
        extra={
          <Button type="primary" onClick={() => void history.refetch()}>
            {t('roles.retry')}
          </Button>
        }
      />
    );
  }
  if (agents.length === 0) {
    return (
      <Empty description={t('roles.empty')}>
        <LinkButton to={routePaths.Discover}>{t('roles.discover')}</LinkButton>
      </Empty>
    );
  }
  return (
    <>
      <ul className="role-history" aria-label={t('roles.list')}>
        {agents.map(({ latest, chats }) => (
          <li key={latest.appId} className="role-history__item">
            <Avatar size={44} src={latest.appAvatarUrl || undefined} icon={<RobotOutlined />} alt="" aria-hidden />
            <div className="role-history__text">
              <span className="role-history__name">
                {latest.appName}
                {latest.appDeleted && <span className="role-history__gone"> · {t('appDeleted')}</span>}
              </span>
              <span className="role-history__last">
                {displayTitle(latest, t('common:chat.newChatTitle'))} · {when.format(new Date(latest.updateTime))} · {t('roles.chats', { count: chats })}
              </span>
            </div>
            <div className="role-history__actions">
              <LinkButton type="default" icon={<MessageOutlined aria-hidden />} to={chatPath(latest.appId, latest.chatId)} aria-label={t('roles.resumeNamed', { name: latest.appName })}>
                <span className="role-history__label">{t('roles.resume')}</span>
              </LinkButton>
              {!latest.appDeleted && (
                <LinkButton type="text" icon={<PlusOutlined aria-hidden />} to={chatPath(latest.appId)} aria-label={t('roles.newChatNamed', { name: latest.appName })} />
              )}
            </div>
          </li>
        ))}
      </ul>
      {history.hasNextPage && (
        <Button className="role-history__more" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {history.isFetchNextPageError ? t('roles.retryMore') : t('roles.more')}
        </Button>
      )}
    </>
  );
}
