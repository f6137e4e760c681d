import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandResult } from '../../../components/layout/brand-result';
import { useModelsOverview } from '../api/get-models-overview';
import { ContentCheckSection } from './content-check-section';
import { EmbeddingSection } from './embedding-section';
import { ModelServiceSection } from './model-service-section';
import './models-view.css';

/** The model service page: the chat models, the embedding service, and the content check. */
export function ModelsView() {
  const { t } = useTranslation('consoleModels');
  const overview = useModelsOverview();
  if (overview.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="models-page">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <BrandResult
        kind="problem"
        title={t('loadFailed')}
        extra={
          <Button type="primary" onClick={() => void overview.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="models-page">
      <ModelServiceSection chat={overview.data.chat} />
      <EmbeddingSection embedding={overview.data.embedding} />
      <ContentCheckSection moderation={overview.data.moderation} />
    </div>
  );
}
