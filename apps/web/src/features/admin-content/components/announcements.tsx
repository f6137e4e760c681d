import { announcementLimits } from '@parley/contracts';
import { Button, Empty, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, LoadingRows } from '../../../components/console/paged-list-states';
import { notify } from '../../../lib/notify';
import { useAnnouncements, usePostAnnouncement } from '../api/announcements';

/** Announcements: written here, posted to every account's messages page after a confirmation, listed newest first. */
export function Announcements() {
  const { t, i18n } = useTranslation('consoleContent');
  const list = useAnnouncements();
  const post = usePostAnnouncement();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [modal, modalHolder] = Modal.useModal();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  function confirmPost() {
    void modal.confirm({
      title: t('announcements.confirm'),
      content: title.trim(),
      okText: t('announcements.post'),
      cancelText: t('cancel'),
      onOk: () =>
        post.mutateAsync({ title: title.trim(), body: body.trim() }).then(() => {
          notify.success(t('announcements.posted'));
          setTitle('');
          setBody('');
        }),
    });
  }

  return (
    <section className="content-section">
      <form
        className="announcement-form"
        onSubmit={(event) => {
          event.preventDefault();
          confirmPost();
        }}
      >
        <Input value={title} onChange={(event) => setTitle(event.target.value)} aria-label={t('announcements.title')} placeholder={t('announcements.title')} maxLength={announcementLimits.titleMax} showCount />
        <Input.TextArea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-label={t('announcements.body')}
          placeholder={t('announcements.body')}
          maxLength={announcementLimits.bodyMax}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
        />
        <div className="content-section__actions">
          <Button type="primary" htmlType="submit" disabled={title.trim() === '' || body.trim() === ''} loading={post.isPending}>
            {t('announcements.post')}
          </Button>
        </div>
      </form>
      <h3 className="content-section__heading">{t('announcements.recent')}</h3>
      {list.isPending && <LoadingRows count={2} />}
      {list.isError && <ListError onRetry={() => void list.refetch()} />}
      {list.data && list.data.list.length === 0 && <Empty description={t('announcements.empty')} />}
      {list.data && list.data.list.length > 0 && (
        <ul className="announcement-list">
          {list.data.list.map((item) => (
            <li key={item.id} className="announcement-list__item">
              <strong>{item.title}</strong>
              <p className="announcement-list__body">{item.body}</p>
              <p className="announcement-list__meta">
                {item.authorName ?? t('announcements.cli')} · <time dateTime={item.publishedAt}>{when.format(new Date(item.publishedAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {modalHolder}
    </section>
  );
}
