import { TrophyOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRightPanelContent } from './lazy-right-panel-content';

/** Narrow screens: a floating button opens the rankings, search and promo in a drawer. */
export function RightPanelDrawer() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        className="right-panel__open"
        shape="round"
        icon={<TrophyOutlined aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {t('rightPanel.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('rightPanel.label')}
        placement="right"
        size="min(360px, 100vw)"
        className="right-panel__drawer"
      >
        <LazyRightPanelContent />
      </Drawer>
    </>
  );
}
