import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgetHistoriesOnLogout } from '../../features/chat-history';
import { isLoggedIn, useSession } from '../../stores/session-store';
import { BrandMark } from '../layout/brand-mark';
import { SidebarFooter } from './sidebar-footer';
import { SidebarLinks } from './sidebar-links';
import { SidebarNav } from './sidebar-nav';
import './sidebar.css';

// Visitors have no history lists, so their code loads only for a logged-in user.
const sidebarHistories = () => import('../../features/chat-history/components/sidebar-histories');
const OfficialHistory = lazy(() => sidebarHistories().then((module) => ({ default: module.OfficialHistory })));
const AgentsHistory = lazy(() => sidebarHistories().then((module) => ({ default: module.AgentsHistory })));

interface SidebarProps {
  collapsed: boolean;
  /** On phones the open sidebar overlays the page and closes after a navigation or Escape. */
  isMobile: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
}

/** The left sidebar: 250 px open, a 20 px strip with its toggle when collapsed. */
export function Sidebar({ collapsed, isMobile, onCollapsedChange }: SidebarProps) {
  const { t } = useTranslation('layout');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeOnMobile = isMobile ? () => onCollapsedChange(true) : undefined;
  const loggedIn = useSession(isLoggedIn);
  useForgetHistoriesOnLogout();

  function closeWithEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isMobile || collapsed) return;
    // Escape in a menu or dialog opened from the sidebar (portalled elsewhere) closes only that.
    if (event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
    onCollapsedChange(true);
    toggleRef.current?.focus();
  }

  return (
    <aside className="sider" data-collapsed={collapsed} aria-label={t('sider.label')} onKeyDown={closeWithEscape}>
      <div className="sider__inner">
        <Button
          ref={toggleRef}
          className="sider__toggle"
          shape="circle"
          size="small"
          icon={collapsed ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
          aria-label={collapsed ? t('sider.expand') : t('sider.collapse')}
          aria-expanded={!collapsed}
          aria-controls="sider-panel"
          onClick={() => onCollapsedChange(!collapsed)}
        />
        <div id="sider-panel" className="sider__panel" hidden={collapsed}>
          <Link to="/home" className="sider__brand" onClick={closeOnMobile}>
            <BrandMark />
          </Link>
          <SidebarNav
            onNavigate={closeOnMobile}
            histories={
              loggedIn
                ? {
                    official: (
                      <Suspense fallback={null}>
                        <OfficialHistory onNavigate={closeOnMobile} />
                      </Suspense>
                    ),
                    agents: (
                      <Suspense fallback={null}>
                        <AgentsHistory onNavigate={closeOnMobile} />
                      </Suspense>
                    ),
                  }
                : undefined
            }
          />
          <SidebarLinks />
          <SidebarFooter onNavigate={closeOnMobile} />
        </div>
      </div>
    </aside>
  );
}
