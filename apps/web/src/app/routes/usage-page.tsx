import { useTranslation } from 'react-i18next';
import { NotReady } from '../../components/layout/not-ready';
import { StandalonePage } from '../../components/layout/standalone-page';

export default function UsagePage() {
  const { t } = useTranslation('pages');
  return (
    <StandalonePage title={t('usage.title')}>
      <NotReady />
    </StandalonePage>
  );
}
