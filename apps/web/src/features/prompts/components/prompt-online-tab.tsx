import { CloudDownloadOutlined } from '@ant-design/icons';
import { errorCodes } from '@parley/contracts';
import { Alert, Button, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useFetchPromptList } from '../api/import-prompt-url';
import { readyMadeLists, type ReadyMadeList } from '../data/ready-made-lists';
import type { ImportResult } from '../lib/prompt-import';
import { importSummary } from '../lib/prompt-messages';
import { importPromptsFromData } from '../stores/prompt-actions';
import { ImportReport } from './import-report';

/** Ready-made lists shipped with the app, and import from a link the server fetches. */
export function PromptOnlineTab() {
  const { t } = useTranslation('prompts');
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [loading, setLoading] = useState<ReadyMadeList['id'] | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const fetchList = useFetchPromptList();

  function apply(data: unknown) {
    const next = importPromptsFromData(data);
    setResult(next);
    if (next.ok) notify.success(importSummary(t, next.added.length, next.skipped.length));
  }

  async function importReadyMade(list: ReadyMadeList) {
    setLoading(list.id);
    try {
      apply(await list.load());
    } catch {
      notify.error(t('online.downloadError'));
    } finally {
      setLoading(null);
    }
  }

  function importUrl() {
    const trimmed = url.trim();
    if (!/^https?:\/\/\S+$/i.test(trimmed)) {
      setUrlError(t('online.urlInvalid'));
      return;
    }
    setUrlError(null);
    setResult(null);
    fetchList.mutate(trimmed, {
      onSuccess: apply,
      // a private address, an odd port or a non-web protocol: no retry will help, another link will
      onError: (error) => setUrlError(t(error instanceof HttpError && error.code === errorCodes.REMOTE_ADDRESS_REFUSED.code ? 'online.addressRefused' : 'online.downloadError')),
    });
  }

  return (
    <div className="prompt-online">
      <h3 className="prompt-online__heading">{t('online.lists')}</h3>
      <div className="prompt-online__lists">
        {readyMadeLists.map((list) => (
          <section key={list.id} className="prompt-online__list" aria-labelledby={`${urlId}-${list.id}`}>
            <h4 id={`${urlId}-${list.id}`} className="prompt-online__list-name">
              {t(list.id === 'zh' ? 'online.zh' : 'online.en')}
            </h4>
            <span>{t('online.itemCount', { count: list.count })}</span>
            <Button
              icon={<CloudDownloadOutlined />}
              loading={loading === list.id}
              onClick={() => void importReadyMade(list)}
              aria-describedby={`${urlId}-${list.id}`}
            >
              {t('online.importList')}
            </Button>
          </section>
        ))}
      </div>
      <form
        className="prompt-online__url"
        onSubmit={(event) => {
          event.preventDefault();
          importUrl();
        }}
      >
        <label htmlFor={urlId} className="prompt-import__label">
          {t('online.fromUrl')}
        </label>
        <Alert type="warning" showIcon role="note" title={t('online.warning')} />
        <div className="prompt-online__url-row">
          <Input
            id={urlId}
            type="url"
            value={url}
            placeholder={t('online.urlPlaceholder')}
            aria-label={t('online.url')}
            status={urlError ? 'error' : undefined}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${urlId}-error` : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setUrlError(null);
            }}
          />
          <Button type="primary" htmlType="submit" loading={fetchList.isPending} disabled={url.trim() === ''}>
            {t('online.download')}
          </Button>
        </div>
        {urlError && (
          <Typography.Text id={`${urlId}-error`} type="danger" role="alert">
            {urlError}
          </Typography.Text>
        )}
      </form>
      {result && <ImportReport result={result} />}
    </div>
  );
}
