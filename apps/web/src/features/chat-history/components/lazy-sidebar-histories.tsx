import { lazy, Suspense } from 'react';
import type { SidebarHistoryProps } from './sidebar-histories';

// Visitors have no history lists, so their code loads only for a logged-in user.
const loadSidebarHistories = () => import('./sidebar-histories');
const Official = lazy(() => loadSidebarHistories().then((module) => ({ default: module.OfficialHistory })));
const Agents = lazy(() => loadSidebarHistories().then((module) => ({ default: module.AgentsHistory })));

/** Fetches the lists' code before they are first drawn. */
export function preloadSidebarHistories(): Promise<unknown> {
  return loadSidebarHistories();
}

/** The official assistant's conversations, under 智能客服; their code is fetched when first drawn. */
export function OfficialHistory(props: SidebarHistoryProps) {
  return (
    <Suspense fallback={null}>
      <Official {...props} />
    </Suspense>
  );
}

/** The agents history, under 智能体; its code is fetched when first drawn. */
export function AgentsHistory(props: SidebarHistoryProps) {
  return (
    <Suspense fallback={null}>
      <Agents {...props} />
    </Suspense>
  );
}
