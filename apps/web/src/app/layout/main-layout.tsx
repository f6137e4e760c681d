import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBarProvider } from '../../components/layout/top-bar-slot';
import { mobileQuery, useMediaQuery } from '../../lib/use-media-query';
import { setSiderCollapsed, useAppSetting } from '../../stores/app-setting-store';
import { RightPanel } from './right-panel/right-panel';
import { Sidebar } from './sidebar/sidebar';
import { TopBar } from './top-bar';
import './main-layout.css';

interface MainLayoutProps {
  /** The page (the route outlet). */
  children: ReactNode;
  /** Show the right-hand panel next to the page (/home and /chat). */
  rightPanel: boolean;
  /** Dialogs over the layout: the 403 overlay, the login dialog. */
  overlays?: ReactNode;
}

/**
 * The 1200 px page: collapsible sidebar, content, optional right panel. Phones get a top bar
 * instead of the sidebar, which opens from it as a drawer (the stored desktop preference to
 * collapse it is neither used nor changed there).
 */
export function MainLayout({ children, rightPanel, overlays }: MainLayoutProps) {
  const { t } = useTranslation('common');
  const collapsed = useAppSetting((setting) => setting.siderCollapsed);
  const isMobile = useMediaQuery(mobileQuery);
  const [title, setTitle] = useState<HTMLElement | null>(null);
  const [actions, setActions] = useState<HTMLElement | null>(null);
  const topBarTargets = useMemo(() => ({ title, actions }), [title, actions]);

  return (
    <div className="main-layout" data-collapsed={!isMobile && collapsed} data-mobile={isMobile}>
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      {isMobile ? (
        <TopBar titleRef={setTitle} actionsRef={setActions} rightPanel={rightPanel} />
      ) : (
        <Sidebar collapsed={collapsed} onCollapsedChange={setSiderCollapsed} />
      )}
      <div className="main-layout__content">
        <main id="main-content" className="main-layout__main" tabIndex={-1}>
          <TopBarProvider value={topBarTargets}>{children}</TopBarProvider>
        </main>
        {rightPanel && <RightPanel />}
      </div>
      {overlays}
    </div>
  );
}
