import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../../components/layout/standalone-page';
import { SitePageContent } from '../../features/site';

export default function PrivatePage() {
  const { t } = useTranslation('pages');
  return (
    <StandalonePage title={t('private.title')}>
      <SitePageContent slug="private" />
    </StandalonePage>
  );
}
