import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { KnowledgeChunk } from '@parley/contracts';
import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useDeleteKnowledgeEntry, useKnowledgeEntries } from '../api/knowledge-entries';
import { describeKnowledgeError } from '../lib/describe-error';
import { formatDateTime, formatWhen } from '../lib/format';
import { EntryModal } from './entry-modal';

/** The Q&A pairs and passages the owner typed in: add, edit, delete. */
export function EntriesPanel({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('knowledge');
  const entries = useKnowledgeEntries(appId, true);
  const remove = useDeleteKnowledgeEntry(appId);
  const [editing, setEditing] = useState<KnowledgeChunk | null | undefined>(undefined);
  const list = entries.data?.pages.flatMap((page) => page.chunks) ?? [];

  async function deleteEntry(entry: KnowledgeChunk) {
    try {
      await remove.mutateAsync(entry.id);
      notify.success(t('entries.deleted'));
    } catch (error) {
      notify.error(describeKnowledgeError(error, t));
    }
  }

  return (
    <div className="knowledge-panel">
      <div className="knowledge-panel__bar">
        <p className="knowledge-panel__lead">{t('entries.lead')}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
          {t('entries.add')}
        </Button>
      </div>
      {entries.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {entries.isError && (
        <Alert type="error" showIcon title={describeKnowledgeError(entries.error, t)} action={<Button onClick={() => void entries.refetch()}>{t('retry')}</Button>} />
      )}
      {entries.isSuccess && list.length === 0 && <Empty description={t('entries.empty')} />}
      {list.length > 0 && (
        <ul className="knowledge-entries" aria-label={t('entries.list')}>
          {list.map((entry) => {
            const name = entry.question ?? entry.heading ?? entry.content.slice(0, 40);
            return (
              <li key={entry.id} className="knowledge-entry">
                <div className="knowledge-entry__body">
                  <div className="knowledge-entry__meta">
                    <Tag color={entry.kind === 'qa' ? 'blue' : 'default'}>{t(`kinds.${entry.kind}`)}</Tag>
                    <time dateTime={entry.updatedAt} title={formatDateTime(entry.updatedAt, i18n.language)}>
                      {formatWhen(entry.updatedAt, i18n.language)}
                    </time>
                  </div>
                  {(entry.question ?? entry.heading) && <p className="knowledge-entry__title">{entry.question ?? entry.heading}</p>}
                  <p className="knowledge-entry__content">{entry.content}</p>
                </div>
                <div className="knowledge-actions">
                  <Button icon={<EditOutlined aria-hidden />} aria-label={t('entries.editNamed', { name })} onClick={() => setEditing(entry)} />
                  <Popconfirm title={t('entries.deleteConfirm')} okText={t('entries.delete')} okButtonProps={{ danger: true }} cancelText={t('cancel')} onConfirm={() => deleteEntry(entry)}>
                    <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={t('entries.deleteNamed', { name })} />
                  </Popconfirm>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {entries.hasNextPage && (
        <Button block loading={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
          {t('more')}
        </Button>
      )}
      <EntryModal appId={appId} editing={editing} onClose={() => setEditing(undefined)} />
    </div>
  );
}
