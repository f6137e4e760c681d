import type { CheckedService, ServiceCheckResult } from '@parley/contracts';
import { Button, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckService } from '../api/check-service';

interface ServiceCheckProps {
  service: CheckedService;
  /** The models the operator may pick from (the model service); none for the embedding service. */
  models?: string[];
  defaultModel?: string;
}

/** What the check found, in the reader's words. */
function CheckOutcome({ result }: { result: ServiceCheckResult }) {
  const { t, i18n } = useTranslation('consoleModels');
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(result.checkedAt));
  const number = new Intl.NumberFormat(i18n.language);
  if (result.state === 'not_configured') return <p className="service-check__detail">{t(`check.notConfigured.${result.service}`)}</p>;
  if (result.state === 'ok') {
    return (
      <p className="service-check__detail">
        <Tag color="success">{t('check.answers')}</Tag>
        {t(result.service === 'embedding' ? 'check.okEmbedding' : 'check.okModel', {
          model: result.model,
          ms: number.format(result.ms ?? 0),
          dimensions: number.format(result.dimensions ?? 0),
        })}{' '}
        <span className="service-check__time">{t('check.at', { time })}</span>
      </p>
    );
  }
  const failure = result.failure;
  return (
    <div className="service-check__detail">
      <p>
        <Tag color="error">{t('check.fails')}</Tag>
        {failure ? t(`consoleDashboard:kinds.${failure.kind}`) : null}
        {failure?.status != null && ` (HTTP ${failure.status})`} <span className="service-check__time">{t('check.at', { time })}</span>
      </p>
      {failure && <p className="service-check__advice">{t(`check.advice.${failure.kind}`, { defaultValue: t('check.advice.other') })}</p>}
    </div>
  );
}

/** "Check now": the service is asked something tiny through the site's own client, and the outcome shown. */
export function ServiceCheck({ service, models = [], defaultModel }: ServiceCheckProps) {
  const { t } = useTranslation('consoleModels');
  const check = useCheckService();
  const [model, setModel] = useState(defaultModel);
  return (
    <div className="service-check">
      <div className="service-check__controls">
        {models.length > 1 && (
          <Select
            value={model}
            onChange={setModel}
            options={models.map((name) => ({ value: name, label: name }))}
            aria-label={t('check.model')}
            className="service-check__model"
          />
        )}
        <Button onClick={() => check.mutate({ service, ...(service === 'model' && model ? { model } : {}) })} loading={check.isPending}>
          {t(check.isPending ? 'check.running' : 'check.run')}
        </Button>
      </div>
      <div aria-live="polite" className="service-check__result">
        {check.isError && <p role="alert">{t('check.couldNotRun')}</p>}
        {check.data && !check.isPending && <CheckOutcome result={check.data} />}
      </div>
    </div>
  );
}
