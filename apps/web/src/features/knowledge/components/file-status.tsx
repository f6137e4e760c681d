import type { KnowledgeFile } from '@parley/contracts';
import { Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeKnowledgeProblem } from '../lib/describe-problem';

const colors = { queued: 'default', processing: 'processing', ready: 'success', failed: 'error' } as const;

/** Where a file is: queued, processing (with its own progress bar), ready, or failed and why. */
export function FileStatus({ file }: { file: KnowledgeFile }) {
  const { t, i18n } = useTranslation('knowledge');
  return (
    <div className="knowledge-status">
      <Tag color={colors[file.status]}>{t(`status.${file.status}`)}</Tag>
      {file.status === 'processing' && (
        <Progress size="small" percent={file.progress} aria-label={t('files.processing', { name: file.name })} className="knowledge-status__bar" />
      )}
      {file.status === 'failed' && file.error && (
        <Typography.Text type="danger" className="knowledge-status__reason">
          {describeKnowledgeProblem(file.problem, file.error, t, i18n.language)}
        </Typography.Text>
      )}
    </div>
  );
}
