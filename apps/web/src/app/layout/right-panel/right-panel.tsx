import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query';
import { LazyRightPanelContent } from './lazy-right-panel-content';
import { setRightPanelOpen } from './right-panel-store';
import './right-panel.css';

// Only narrow screens use the drawer: wide ones do not load antd's Drawer for it.
const RightPanelDrawer = lazy(() => import('./right-panel-drawer').then((module) => ({ default: module.RightPanelDrawer })));

/** Below this width the panel leaves the page to the chat and opens as a drawer instead. */
export const narrowQuery = '(max-width: 991.98px)';

/**
 * The right-hand panel of /home and /chat: a column on wide screens, a drawer on narrow ones,
 * opened from the top bar on phones and from the chat header on tablets.
 */
export function RightPanel() {
  const { t } = useTranslation('layout');
  const narrow = useMediaQuery(narrowQuery);
  // Pages without the panel leave the drawer closed for the next page that has one.
  useEffect(() => () => setRightPanelOpen(false), []);
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
