import { Outlet, useMatches } from 'react-router';
import { MainLayout } from '../layout/main-layout';
import { AccessGate } from '../../features/access';
import { LoginDialog } from '../../features/auth';
import { PromptSync } from '../../features/prompts';
import { SettingsSync } from '../../features/settings';
import type { RouteHandle } from '../router';

export default function MainLayoutRoute() {
  const matches = useMatches();
  const rightPanel = matches.some((match) => (match.handle as RouteHandle | undefined)?.rightPanel === true);
  return (
    <MainLayout
      rightPanel={rightPanel}
      overlays={
        <>
          <AccessGate />
          <LoginDialog />
          <SettingsSync />
          <PromptSync />
        </>
      }
    >
      <Outlet />
    </MainLayout>
  );
}
