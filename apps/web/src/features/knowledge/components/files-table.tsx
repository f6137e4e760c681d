import { DeleteOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { KnowledgeFile } from '@parley/contracts';
import { Button, Grid, Popconfirm, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes';
import { notify } from '../../../lib/notify';
import { useDeleteKnowledgeFile, useReindexKnowledgeFile } from '../api/knowledge-files';
import { describeKnowledgeError } from '../lib/describe-error';
import { formatDateTime, formatWhen } from '../lib/format';
import { FileStatus } from './file-status';

interface FilesTableProps {
  appId: string;
  files: KnowledgeFile[];
  loading: boolean;
  onViewChunks: (file: KnowledgeFile) => void;
}

/** The agent's files: what each is, how far its processing got, and what can be done with it. */
export function FilesTable({ appId, files, loading, onViewChunks }: FilesTableProps) {
  const { t, i18n } = useTranslation('knowledge');
  const locale = i18n.language;
  const remove = useDeleteKnowledgeFile();
  const reindex = useReindexKnowledgeFile();
  // a phone shows each file's status under its name: the table then fits without scrolling sideways
  const narrow = !Grid.useBreakpoint().sm;

  async function run(action: typeof remove, file: KnowledgeFile, done: string) {
    try {
      await action.mutateAsync({ appId, fileId: file.id });
      notify.success(done);
    } catch (error) {
      notify.error(describeKnowledgeError(error, t));
    }
  }

  const columns: TableColumnsType<KnowledgeFile> = [
    {
      key: 'name',
      title: t('files.name'),
      dataIndex: 'name',
      ellipsis: !narrow,
      render: (name: string, file) =>
        narrow ? (
          <div className="knowledge-files__name-stack">
            <span className="knowledge-files__name" title={name}>
              {name}
            </span>
            <FileStatus file={file} />
          </div>
        ) : (
          <span title={name}>{name}</span>
        ),
    },
    { key: 'type', title: t('files.type'), dataIndex: 'type', width: 72, responsive: ['md'], render: (type: string) => type.toUpperCase() },
    { key: 'size', title: t('files.size'), dataIndex: 'size', width: 96, responsive: ['sm'], render: (size: number) => formatBytes(size, locale) },
    { key: 'status', title: t('files.status'), width: 180, responsive: ['sm'], render: (_, file) => <FileStatus file={file} /> },
    {
      key: 'chunks',
      title: t('files.chunks'),
      width: 110,
      responsive: ['md'],
      render: (_, file) => (file.qaCount > 0 ? t('files.chunksWithQa', { chunks: file.chunkCount, qa: file.qaCount }) : file.chunkCount),
    },
    {
      key: 'uploaded',
      title: t('files.uploaded'),
      dataIndex: 'createdAt',
      width: 140,
      responsive: ['lg'],
      render: (iso: string) => <time dateTime={iso} title={formatDateTime(iso, locale)}>{formatWhen(iso, locale)}</time>,
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('files.actions')}</span>,
      width: 132,
      // Always in view, also when the table scrolls sideways on a phone.
      fixed: 'right',
      render: (_, file) => (
        <div className="knowledge-actions">
          <Tooltip title={t('files.viewChunks')}>
            <Button icon={<EyeOutlined aria-hidden />} aria-label={t('files.viewChunksNamed', { name: file.name })} disabled={file.chunkCount === 0} onClick={() => onViewChunks(file)} />
          </Tooltip>
          <Tooltip title={t('files.reindex')}>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('files.reindexNamed', { name: file.name })}
              disabled={file.status === 'queued' || file.status === 'processing'}
              loading={reindex.isPending && reindex.variables.fileId === file.id}
              onClick={() => void run(reindex, file, t('files.reindexed', { name: file.name }))}
            />
          </Tooltip>
          <Popconfirm
            title={t('files.deleteConfirm', { name: file.name })}
            description={t('files.deleteHint')}
            okText={t('files.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('cancel')}
            onConfirm={() => run(remove, file, t('files.deleted', { name: file.name }))}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} aria-label={t('files.deleteNamed', { name: file.name })} />
          </Popconfirm>
        </div>
      ),
    },
  ];

  return (
    <Table<KnowledgeFile>
      className="knowledge-files"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={files}
      loading={loading}
      pagination={false}
      scroll={narrow ? undefined : { x: 'max-content' }}
      aria-label={t('files.title')}
      locale={{ emptyText: t('files.empty') }}
    />
  );
}
