import type { KnowledgeChunk, KnowledgeFile } from '@parley/contracts';
import { Alert, Button, Drawer, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useKnowledgeChunks } from '../api/knowledge-chunks';
import { describeKnowledgeError } from '../lib/describe-error';

/** Where a chunk sits in its file: page and heading, when known. */
export function ChunkPlace({ chunk }: { chunk: Pick<KnowledgeChunk, 'page' | 'heading'> }) {
  const { t } = useTranslation('knowledge');
  if (chunk.page === null && !chunk.heading) return null;
  return (
    <span className="knowledge-place">
      {chunk.page !== null && <Tag>{t('chunks.page', { page: chunk.page })}</Tag>}
      {chunk.heading && <span className="knowledge-place__heading">{chunk.heading}</span>}
    </span>
  );
}

/** What was indexed from one file, chunk by chunk, to check it read the file right. */
export function ChunksDrawer({ appId, file, onClose }: { appId: string; file: KnowledgeFile | null; onClose: () => void }) {
  const { t } = useTranslation('knowledge');
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const chunks = useKnowledgeChunks(appId, file?.id ?? null);
  const list = chunks.data?.pages.flatMap((page) => page.chunks) ?? [];
  return (
    <Drawer open={file !== null} onClose={onClose} title={file ? t('chunks.title', { name: file.name }) : ''} size={narrow ? '100%' : 560} destroyOnHidden>
      {chunks.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {chunks.isError && <Alert type="error" showIcon title={describeKnowledgeError(chunks.error, t)} action={<Button onClick={() => void chunks.refetch()}>{t('retry')}</Button>} />}
      {chunks.isSuccess && list.length === 0 && <Empty description={t('chunks.empty')} />}
      <ol className="knowledge-chunks" aria-label={t('chunks.list')}>
        {list.map((chunk) => (
          <li key={chunk.id} className="knowledge-chunk">
            <div className="knowledge-chunk__meta">
              <span className="knowledge-chunk__ordinal">#{chunk.ordinal + 1}</span>
              {chunk.kind === 'qa' && <Tag color="blue">{t('kinds.qa')}</Tag>}
              <ChunkPlace chunk={chunk} />
            </div>
            {chunk.question && <p className="knowledge-chunk__question">{chunk.question}</p>}
            <p className="knowledge-chunk__content">{chunk.content}</p>
          </li>
        ))}
      </ol>
      {chunks.hasNextPage && (
        <Button block loading={chunks.isFetchingNextPage} onClick={() => void chunks.fetchNextPage()}>
          {t('more')}
        </Button>
      )}
    </Drawer>
  );
}
