import { useTranslation } from 'react-i18next';
import { NotReady } from '../layout/not-ready';
import './right-panel.css';

/** The right-hand panel of /home and /chat: promo banner and broker ranking, once they exist. */
export function RightPanel() {
  const { t } = useTranslation('layout');
  return (
    <aside className="right-panel" aria-label={t('rightPanel.label')}>
      <NotReady description={t('rightPanel.empty')} />
    </aside>
  );
}
