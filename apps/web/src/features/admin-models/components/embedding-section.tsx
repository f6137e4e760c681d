import type { ModelsOverview } from '@parley/contracts';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceCheck } from './service-check';
import { settingsFormat } from './settings-format';

/** The embedding service of knowledge search: its model and address, and the live check. */
export function EmbeddingSection({ embedding }: { embedding: ModelsOverview['embedding'] }) {
  const { t, i18n } = useTranslation('consoleModels');
  const format = settingsFormat(i18n.language, t);
  return (
    <section className="models-page__section" aria-labelledby="models-embedding">
      <h2 id="models-embedding">{t('embedding.title')}</h2>
      {embedding.model === null ? (
        <Alert type="info" showIcon className="models-page__alert" title={t('embedding.off')} description={t('embedding.connect')} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'model', label: t('embedding.model'), children: <code>{embedding.model}</code> },
              { key: 'address', label: t('chat.address'), children: format.address(embedding.baseUrl) },
              { key: 'key', label: t('chat.apiKey'), children: format.keySet(embedding.apiKeySet) },
              { key: 'timeout', label: t('settings.timeout'), children: format.ms(embedding.timeoutMs) },
              { key: 'similarity', label: t('embedding.minSimilarity'), children: format.count(embedding.minSimilarity) },
            ]}
          />
          <p className="models-page__note">{t('embedding.errorsNote')}</p>
          <h3 className="models-page__subtitle">{t('check.titleEmbedding')}</h3>
          <ServiceCheck service="embedding" />
        </>
      )}
    </section>
  );
}
