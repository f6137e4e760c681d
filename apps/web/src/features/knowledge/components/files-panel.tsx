import type { KnowledgeFile, KnowledgeFilesData } from '@parley/contracts';
import { Alert, Button, Progress, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatBytes } from '../../../lib/format-bytes';
import { describeKnowledgeError } from '../lib/describe-error';
import { ChunksDrawer } from './chunks-drawer';
import { FilesTable } from './files-table';
import { UploadZone } from './upload-zone';

/** How much of the agent's allowance is used: bytes of the maximum, and the counts. */
function Totals({ data }: { data: KnowledgeFilesData }) {
  const { t, i18n } = useTranslation('knowledge');
  const { totals, limits } = data;
  const share = limits.maxAgentBytes > 0 ? Math.min(100, Math.round((totals.bytes / limits.maxAgentBytes) * 100)) : 0;
  return (
    <div className="knowledge-totals">
      <div className="knowledge-totals__used">
        <span>{t('totals.used', { used: formatBytes(totals.bytes, i18n.language), max: formatBytes(limits.maxAgentBytes, i18n.language) })}</span>
        <Progress percent={share} size="small" showInfo={false} status={share >= 90 ? 'exception' : 'normal'} aria-label={t('totals.usedLabel')} />
      </div>
      <span className="knowledge-totals__counts">
        {[t('totals.files', { count: totals.files }), t('totals.chunks', { count: totals.chunks }), t('totals.entries', { count: totals.entries })].join(' · ')}
      </span>
      <span className="knowledge-totals__mode">{data.hybrid ? t('totals.hybrid') : t('totals.text')}</span>
    </div>
  );
}

export function FilesPanel({ appId, files }: { appId: string; files: UseQueryResult<KnowledgeFilesData> }) {
  const { t } = useTranslation('knowledge');
  const [viewing, setViewing] = useState<KnowledgeFile | null>(null);
  return (
    <div className="knowledge-panel">
      <UploadZone appId={appId} limits={files.data?.limits} />
      {files.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {files.isError && !files.data && (
        <Alert type="error" showIcon title={describeKnowledgeError(files.error, t)} action={<Button onClick={() => void files.refetch()}>{t('retry')}</Button>} />
      )}
      {files.data && (
        <>
          <Totals data={files.data} />
          <FilesTable appId={appId} files={files.data.files} loading={false} onViewChunks={setViewing} />
        </>
      )}
      <ChunksDrawer appId={appId} file={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
