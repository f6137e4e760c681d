import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { knowledgeAccept, type KnowledgeFilesData, type RejectedUpload } from '@parley/contracts';
import { Alert, Button, Progress } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes';
import { useUploadKnowledgeFiles } from '../api/upload-knowledge-files';
import { describeKnowledgeError } from '../lib/describe-error';
import { describeKnowledgeProblem } from '../lib/describe-problem';

const acceptedTypes = 'PDF, DOCX, TXT, MD, CSV, HTML';

interface UploadZoneProps {
  appId: string;
  limits: KnowledgeFilesData['limits'] | undefined;
}

interface Outcome {
  accepted: number;
  rejected: RejectedUpload[];
  /** The whole upload failed (network, login, the agent gone). */
  error: string | null;
}

/** Drop files here or pick them: one upload for all of them, its progress, and what was turned away and why. */
export function UploadZone({ appId, limits }: UploadZoneProps) {
  const { t, i18n } = useTranslation('knowledge');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadKnowledgeFiles(appId);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = progress !== null;

  async function send(files: File[]) {
    if (files.length === 0 || busy) return;
    setOutcome(null);
    setProgress(0);
    try {
      const result = await upload.mutateAsync({ files, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) });
      setOutcome({ accepted: result.files.length, rejected: result.rejected, error: null });
    } catch (error) {
      setOutcome({ accepted: 0, rejected: [], error: describeKnowledgeError(error, t) });
    } finally {
      setProgress(null);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  }

  return (
    <section className="knowledge-upload" aria-label={t('upload.title')}>
      <div
        className={`knowledge-upload__zone${dragging ? ' knowledge-upload__zone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="knowledge-drop-zone"
      >
        <InboxOutlined className="knowledge-upload__icon" aria-hidden />
        <p className="knowledge-upload__lead">{t('upload.drop')}</p>
        <p className="knowledge-upload__hint">
          {limits
            ? t('upload.hint', { types: acceptedTypes, size: formatBytes(limits.maxFileBytes, i18n.language), count: limits.filesPerUpload })
            : acceptedTypes}
        </p>
        <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={busy} onClick={() => input.current?.click()}>
          {t('upload.pick')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={knowledgeAccept}
          hidden
          aria-label={t('upload.pick')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(files);
          }}
        />
      </div>
      {busy && <Progress percent={progress} status="active" aria-label={t('upload.progress')} />}
      {outcome && outcome.accepted > 0 && (
        <Alert type="success" showIcon closable onClose={() => setOutcome({ ...outcome, accepted: 0 })} title={t('upload.accepted', { count: outcome.accepted })} />
      )}
      {outcome?.error && <Alert type="error" showIcon title={outcome.error} />}
      {outcome && outcome.rejected.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setOutcome({ ...outcome, rejected: [] })}
          title={t('upload.rejected', { count: outcome.rejected.length })}
          description={
            <ul className="knowledge-upload__rejected" aria-label={t('upload.rejectedList')}>
              {outcome.rejected.map((item, index) => (
                <li key={`${item.name}-${index}`}>
                  <strong>{item.name}</strong>: {describeKnowledgeProblem(item.problem, item.reason, t, i18n.language)}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </section>
  );
}
