import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRightPanelContent } from './lazy-right-panel-content';
import { setRightPanelOpen, useRightPanelOpen } from './right-panel-store';

/** Narrow screens: the rankings, search and promo in a drawer, opened by a RightPanelButton. */
export function RightPanelDrawer() {
  const { t } = useTranslation('layout');
  const open = useRightPanelOpen();
  return (
    <Drawer
      open={open}
      onClose={() => setRightPanelOpen(false)}
      title={t('rightPanel.label')}
      placement="right"
      size="min(360px, 100vw)"
      className="right-panel__drawer"
    >
      <LazyRightPanelContent />
    </Drawer>
  );
}
