import { Outlet, useMatches } from 'react-router';
import { MainLayout } from '../layout/main-layout';
import { AccessGate, useAccessRequired } from '../../features/access';
import { LoginDialog } from '../../features/auth';
import { PromptSync } from '../../features/prompts';
import { SettingsSync } from '../../features/settings';
import type { RouteHandle } from '../router';

export default function MainLayoutRoute() {
  const matches = useMatches();
  const rightPanel = matches.some((match) => (match.handle as RouteHandle | undefined)?.rightPanel === true);
  // while the site asks for its access password, the pages behind the overlay stay unloaded:
  // they would only show that they failed to load
  const locked = useAccessRequired();
  return (
    <MainLayout
      rightPanel={rightPanel && !locked}
      overlays={
        <>
          <AccessGate />
          <LoginDialog />
          <SettingsSync />
          <PromptSync />
        </>
      }
    >
      {locked ? null : <Outlet />}
    </MainLayout>
  );
}
