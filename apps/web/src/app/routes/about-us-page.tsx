import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../../components/layout/standalone-page';
import { SitePageContent } from '../../features/site';

export default function AboutUsPage() {
  const { t } = useTranslation('pages');
  return (
    <StandalonePage title={t('aboutUs.title')}>
      <SitePageContent slug="aboutUs" />
    </StandalonePage>
  );
}
