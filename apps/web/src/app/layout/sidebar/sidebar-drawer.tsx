import { Drawer } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SidebarContent } from './sidebar-content';
import './sidebar.css';

interface SidebarDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Phones: the sidebar as a modal drawer from the left. The drawer traps focus, closes on Escape
 * and on the mask, and gives focus back to the menu button; choosing a page or chat closes it.
 */
export function SidebarDrawer({ open, onClose }: SidebarDrawerProps) {
  const { t } = useTranslation('layout');
  const panel = useRef<HTMLElement>(null);
  // Keyboard users start on the drawer's first link rather than on its frame.
  const focusFirstLink = (visible: boolean) => visible && panel.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size="min(300px, 86vw)"
      closable={false}
      className="sider-drawer"
      aria-label={t('sider.label')}
      styles={{ body: { padding: 0 } }}
      afterOpenChange={focusFirstLink}
    >
      <aside ref={panel} className="sider-drawer__panel" aria-label={t('sider.label')}>
        <SidebarContent onNavigate={onClose} />
      </aside>
    </Drawer>
  );
}
