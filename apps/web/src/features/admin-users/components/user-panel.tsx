import type { AdminUserDetail } from '@parley/contracts';
import { Button, Descriptions, Drawer, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeHttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { mobileQuery, useMediaQuery } from '../../../lib/use-media-query';
import { useChangeUser, type UserChange } from '../api/change-user';
import { useUser } from '../api/get-user';
import { DeleteUserDialog } from './delete-user-dialog';

interface UserPanelProps {
  userId: string | null;
  /** The operator at the console: their own account cannot be disabled, demoted or deleted here. */
  operatorId: string;
  onClose: () => void;
}

function Activity({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('consoleUsers');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        { key: 'phone', label: t('activity.phone'), children: user.mobileMasked ? `+${user.areaCode} ${user.mobileMasked}` : t('noPhone') },
        { key: 'signedUp', label: t('activity.signedUp'), children: when.format(new Date(user.createdAt)) },
        { key: 'lastSeen', label: t('activity.lastSeen'), children: user.lastSeenAt ? when.format(new Date(user.lastSeenAt)) : t('activity.never') },
        { key: 'chats', label: t('activity.chats'), children: number.format(user.chats) },
        { key: 'questions', label: t('activity.questions'), children: number.format(user.questions) },
        { key: 'agents', label: t('activity.agents'), children: number.format(user.agents) },
        { key: 'tokens', label: t('activity.tokens', { month: user.month }), children: number.format(user.tokensThisMonth) },
        {
          key: 'status',
          label: t('activity.status'),
          children: (
            <span className="admin-users__tags">
              {user.disabledAt ? <Tag color="red">{t('tags.disabledSince', { date: when.format(new Date(user.disabledAt)) })}</Tag> : <Tag color="green">{t('tags.enabled')}</Tag>}
              {user.operator && <Tag color="blue">{t('tags.operator')}</Tag>}
            </span>
          ),
        },
      ]}
    />
  );
}

/** One account: its activity, and disable / enable, the operator role and deletion, each confirmed where it takes something away. */
export function UserPanel({ userId, operatorId, onClose }: UserPanelProps) {
  const { t } = useTranslation('consoleUsers');
  const [modal, modalHolder] = Modal.useModal();
  const isMobile = useMediaQuery(mobileQuery);
  const query = useUser(userId);
  const change = useChangeUser(userId ?? '');
  const [deleting, setDeleting] = useState(false);
  const user = query.data;
  const self = user?.id === operatorId;

  function run(next: UserChange, done: string) {
    return change.mutateAsync(next).then(
      () => notify.success(done),
      // the client toasted why already
      () => undefined,
    );
  }

  function confirm(next: UserChange, texts: { title: string; content: string; ok: string; done: string; danger?: boolean }) {
    void modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.ok,
      okButtonProps: { danger: texts.danger ?? false },
      cancelText: t('cancel'),
      onOk: () => run(next, texts.done),
    });
  }

  let body;
  if (!user) {
    body = query.isError ? <p role="alert">{describeHttpError(query.error, t)}</p> : <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const name = user.username;
    body = (
      <>
        <Activity user={user} />
        {self && <p className="admin-users__self">{t('self')}</p>}
        <div className="admin-users__actions">
          {user.disabledAt ? (
            <Button onClick={() => void run({ kind: 'enable' }, t('enable.done', { name }))} loading={change.isPending}>
              {t('enable.action')}
            </Button>
          ) : (
            <Button
              danger
              disabled={self}
              loading={change.isPending}
              onClick={() => confirm({ kind: 'disable' }, { title: t('disable.title', { name }), content: t('disable.body'), ok: t('disable.ok'), done: t('disable.done', { name }), danger: true })}
            >
              {t('disable.action')}
            </Button>
          )}
          {user.operator ? (
            <Button
              disabled={self}
              onClick={() => confirm({ kind: 'operator', operator: false }, { title: t('revoke.title', { name }), content: t('revoke.body'), ok: t('revoke.ok'), done: t('revoke.done', { name }) })}
            >
              {t('revoke.action')}
            </Button>
          ) : (
            <Button onClick={() => confirm({ kind: 'operator', operator: true }, { title: t('grant.title', { name }), content: t('grant.body'), ok: t('grant.ok'), done: t('grant.done', { name }) })}>
              {t('grant.action')}
            </Button>
          )}
          <Button danger type="primary" disabled={self} onClick={() => setDeleting(true)}>
            {t('delete.action')}
          </Button>
        </div>
        <DeleteUserDialog
          user={deleting ? user : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            onClose();
          }}
        />
      </>
    );
  }

  return (
    <Drawer open={userId !== null} onClose={onClose} title={user?.username ?? t('panelTitle')} size={isMobile ? '100%' : 440} destroyOnHidden>
      {body}
      {modalHolder}
    </Drawer>
  );
}
