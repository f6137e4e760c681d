import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../../components/layout/standalone-page';
import { SitePageContent } from '../../features/site';

export default function UsagePage() {
  const { t } = useTranslation('pages');
  return (
    <StandalonePage title={t('usage.title')}>
      <SitePageContent slug="usage" />
    </StandalonePage>
  );
}
