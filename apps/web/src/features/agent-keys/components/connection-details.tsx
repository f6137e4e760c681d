import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** Where software calls the agent: the same details the examples use, for any OpenAI-compatible client. */
export function ConnectionDetails({ appId }: { appId: string }) {
  const { t } = useTranslation('keys');
  const titleId = useId();
  const details = [
    { key: 'baseUrl', value: `${window.location.origin}/v1` },
    { key: 'model', value: appId },
  ] as const;
  return (
    <section className="agent-keys__connect" aria-labelledby={titleId}>
      <h3 id={titleId} className="agent-keys__connect-title">
        {t('connect.title')}
      </h3>
      <p className="agent-keys__connect-body">{t('connect.body')}</p>
      <dl className="agent-keys__connect-list">
        {details.map((detail) => (
          <div key={detail.key} className="agent-keys__connect-item">
            <dt>{t(`connect.${detail.key}`)}</dt>
            <dd>
              <code>{detail.value}</code>
              <CopyButton size="small" type="text" text={detail.value} label={t(`connect.copy.${detail.key}`)} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
