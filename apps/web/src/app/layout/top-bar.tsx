import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark';
import { RightPanelButton } from './right-panel/right-panel-button';
import './top-bar.css';

const loadSidebarDrawer = () => import('./sidebar/sidebar-drawer');
const SidebarDrawer = lazy(() => loadSidebarDrawer().then((module) => ({ default: module.SidebarDrawer })));

interface TopBarProps {
  /** Where the page puts its title (the chat's, on /chat). */
  titleRef: (element: HTMLElement | null) => void;
  /** Where the page puts its actions (the chat's new chat and more). */
  actionsRef: (element: HTMLElement | null) => void;
  /** The page has the rankings panel (/home and /chat): the bar opens it. */
  rightPanel: boolean;
}

/** Phones: the menu button opening the sidebar as a drawer, the brand, the page's title and actions, the rankings. */
export function TopBar({ titleRef, actionsRef, rightPanel }: TopBarProps) {
  const { t } = useTranslation('layout');
  const location = useLocation();
  // The drawer is open at the address it was opened at: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The drawer's code arrives once the bar is up, so the first tap on the menu does not wait for it.
  useEffect(() => void loadSidebarDrawer(), []);

  return (
    <header className="top-bar">
      <Button
        type="text"
        icon={<MenuOutlined aria-hidden />}
        aria-label={t('topBar.menu')}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={() => {
          setDrawerUsed(true);
          setOpenAt(location.key);
        }}
      />
      <Link to="/home" className="top-bar__brand">
        <BrandMark />
      </Link>
      <div className="top-bar__title" ref={titleRef} />
      {rightPanel && <RightPanelButton type="text" />}
      <div className="top-bar__actions" ref={actionsRef} />
      {drawerUsed && (
        <Suspense fallback={null}>
          <SidebarDrawer open={menuOpen} onClose={() => setOpenAt(null)} />
        </Suspense>
      )}
    </header>
  );
}
