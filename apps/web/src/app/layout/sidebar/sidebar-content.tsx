import { Link } from 'react-router';
import { BrandMark } from '../../../components/layout/brand-mark';
import { AgentsHistory, OfficialHistory, useForgetHistoriesOnLogout } from '../../../features/chat-history';
import { isLoggedIn, useSession } from '../../../stores/session-store';
import { SidebarFooter } from './sidebar-footer';
import { SidebarLinks } from './sidebar-links';
import { SidebarNav } from './sidebar-nav';

/** What the sidebar holds, on the desktop's side and in the phone's drawer: brand, navigation with history, links, footer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const loggedIn = useSession(isLoggedIn);
  useForgetHistoriesOnLogout();
  return (
    <>
      <Link to="/home" className="sider__brand" onClick={onNavigate}>
        <BrandMark />
      </Link>
      <SidebarNav
        onNavigate={onNavigate}
        histories={
          // Visitors have no history lists: their code loads only for a logged-in user.
          loggedIn
            ? {
                official: <OfficialHistory onNavigate={onNavigate} />,
                agents: <AgentsHistory onNavigate={onNavigate} />,
              }
            : undefined
        }
      />
      <SidebarLinks />
      <SidebarFooter onNavigate={onNavigate} />
    </>
  );
}
