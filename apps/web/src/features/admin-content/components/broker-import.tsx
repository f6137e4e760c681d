import { UploadOutlined } from '@ant-design/icons';
import type { BrokerImportPreview } from '@parley/contracts';
import { Alert, Button, Empty, Modal, Statistic } from 'antd';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useImportBrokers, usePreviewBrokers } from '../api/broker-import';
import { BrokerChanges } from './broker-changes';

interface ChosenFile {
  fileName: string;
  text: string;
}

/**
 * Broker data from a CSV or JSON file: chosen, previewed (what it adds, changes and refuses),
 * and only then imported, after a confirmation, exactly as previewed.
 */
export function BrokerImport() {
  const { t } = useTranslation('consoleContent');
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<BrokerImportPreview | null>(null);
  const previewing = usePreviewBrokers();
  const importing = useImportBrokers();
  const [modal, modalHolder] = Modal.useModal();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const next = { fileName: chosen.name, text: await chosen.text() };
    setFile(next);
    setPreview(null);
    previewing.mutate(next, { onSuccess: setPreview });
  }

  function confirmImport() {
    if (!file || !preview) return;
    void modal.confirm({
      title: t('brokers.confirm', { count: preview.added.length + preview.changed.length }),
      content: t('brokers.confirmDetail', { added: preview.added.length, changed: preview.changed.length }),
      okText: t('brokers.import'),
      cancelText: t('cancel'),
      onOk: () =>
        importing.mutateAsync({ ...file, digest: preview.digest }).then((result) => {
          notify.success(t('brokers.imported', { inserted: result.inserted, updated: result.updated }));
          setPreview(null);
          setFile(null);
        }),
    });
  }

  return (
    <section className="content-section" aria-labelledby={hint}>
      <p id={hint} className="content-section__hint">
        {t('brokers.hint')}
      </p>
      <input ref={input} type="file" accept=".csv,.json,text/csv,application/json" hidden onChange={(event) => void choose(event)} data-testid="broker-file" />
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()} loading={previewing.isPending}>
        {file ? t('brokers.chooseAnother') : t('brokers.choose')}
      </Button>
      {file && <p className="content-section__file">{file.fileName}</p>}
      {preview && (
        <div className="broker-preview" aria-live="polite">
          <div className="broker-preview__figures">
            <Statistic title={t('brokers.rows')} value={preview.total} />
            <Statistic title={t('brokers.added')} value={preview.added.length} />
            <Statistic title={t('brokers.changed')} value={preview.changed.length} />
            <Statistic title={t('brokers.unchanged')} value={preview.unchanged} />
          </div>
          {preview.rejected.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={t('brokers.rejected', { count: preview.rejected.length })}
              description={
                <ul className="broker-preview__rejected">
                  {preview.rejected.map((row) => (
                    <li key={row.line}>{t('brokers.line', { line: row.line, problems: row.problems.join('; ') })}</li>
                  ))}
                </ul>
              }
            />
          )}
          {preview.unshownLogoHosts.length > 0 && <Alert type="warning" showIcon title={t('brokers.unshownLogos', { hosts: preview.unshownLogoHosts.join(', ') })} />}
          {preview.added.length + preview.changed.length === 0 && preview.rejected.length === 0 ? (
            <Empty description={t('brokers.nothingNew')} />
          ) : (
            <BrokerChanges preview={preview} />
          )}
          <div className="content-section__actions">
            <Button type="primary" onClick={confirmImport} disabled={preview.rejected.length > 0 || preview.added.length + preview.changed.length === 0} loading={importing.isPending}>
              {t('brokers.importCount', { count: preview.added.length + preview.changed.length })}
            </Button>
          </div>
        </div>
      )}
      {modalHolder}
    </section>
  );
}
