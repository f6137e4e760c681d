import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/layout/brand-mark';
import { AgentsHistory, OfficialHistory, useForgetHistoriesOnLogout } from '../../../features/chat-history';
import { isLoggedIn, useSession } from '../../../stores/session-store';
import { SidebarFooter } from './sidebar-footer';
import { SidebarLinks } from './sidebar-links';
import { SidebarNav } from './sidebar-nav';
import './sidebar.css';

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
              // Visitors have no history lists: their code loads only for a logged-in user.
              loggedIn
                ? {
                    official: <OfficialHistory onNavigate={closeOnMobile} />,
                    agents: <AgentsHistory onNavigate={closeOnMobile} />,
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
