import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/use-media-query';
import { LazyRightPanelContent } from './lazy-right-panel-content';
import { RightPanelDrawer } from './right-panel-drawer';
import './right-panel.css';

/** Below this width the panel leaves the page to the chat and opens as a drawer instead. */
export const narrowQuery = '(max-width: 991.98px)';

/** The right-hand panel of /home and /chat: a column on wide screens, a drawer button on narrow ones. */
export function RightPanel() {
  const { t } = useTranslation('layout');
  const narrow = useMediaQuery(narrowQuery);
  if (narrow) return <RightPanelDrawer />;
  return (
    <aside className="right-panel" aria-label={t('rightPanel.label')}>
      <LazyRightPanelContent />
    </aside>
  );
}
