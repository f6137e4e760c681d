import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query';
import { LazyRightPanelContent } from './lazy-right-panel-content';
import './right-panel.css';

// Only narrow screens use the drawer: wide ones do not load antd's Drawer for it.
const RightPanelDrawer = lazy(() => import('./right-panel-drawer').then((module) => ({ default: module.RightPanelDrawer })));

/** Below this width the panel leaves the page to the chat and opens as a drawer instead. */
export const narrowQuery = '(max-width: 991.98px)';

/** The right-hand panel of /home and /chat: a column on wide screens, a drawer button on narrow ones. */
export function RightPanel() {
  const { t } = useTranslation('layout');
  const narrow = useMediaQuery(narrowQuery);
  if (narrow)
    return (
      <Suspense fallback={null}>
        <RightPanelDrawer />
      </Suspense>
    );
  return (
    <aside className="right-panel" aria-label={t('rightPanel.label')}>
      <LazyRightPanelContent />
    </aside>
  );
}
