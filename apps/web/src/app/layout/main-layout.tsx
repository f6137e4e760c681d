import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mobileQuery, useMediaQuery } from '../../lib/use-media-query';
import { setSiderCollapsed, useAppSetting } from '../../stores/app-setting-store';
import { RightPanel } from './right-panel/right-panel';
import { Sidebar } from './sidebar/sidebar';
import './main-layout.css';

interface MainLayoutProps {
  /** The page (the route outlet). */
  children: ReactNode;
  /** Show the right-hand panel next to the page (/home and /chat). */
  rightPanel: boolean;
  /** Dialogs over the layout: the 403 overlay, the login dialog. */
  overlays?: ReactNode;
}

/** The 1200 px page: collapsible sidebar, content, optional right panel. */
export function MainLayout({ children, rightPanel, overlays }: MainLayoutProps) {
  const { t } = useTranslation('common');
  const storedCollapsed = useAppSetting((setting) => setting.siderCollapsed);
  const isMobile = useMediaQuery(mobileQuery);
  // On phones the sidebar starts collapsed and opening it is momentary: the stored desktop
  // preference is neither used nor overwritten there.
  const [mobileOpen, setMobileOpen] = useState(false);
  const collapsed = isMobile ? !mobileOpen : storedCollapsed;
  const setCollapsed = (next: boolean) => (isMobile ? setMobileOpen(!next) : setSiderCollapsed(next));

  return (
    <div className="main-layout" data-collapsed={collapsed} data-mobile={isMobile}>
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <Sidebar collapsed={collapsed} isMobile={isMobile} onCollapsedChange={setCollapsed} />
      {isMobile && !collapsed && <div className="main-layout__mask" onClick={() => setCollapsed(true)} />}
      <div className="main-layout__content">
        <main id="main-content" className="main-layout__main" tabIndex={-1}>
          {children}
        </main>
        {rightPanel && <RightPanel />}
      </div>
      {overlays}
    </div>
  );
}
