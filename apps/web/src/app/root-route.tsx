import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingBar } from '../components/layout/loading-bar';
import { useRequestsInFlight } from '../lib/http';

function useScrollToTopOnNavigation() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/** Root: every page, inside or outside the main layout, sits under it. */
export function RootRoute() {
  const navigating = useNavigation().state !== 'idle';
  const requesting = useRequestsInFlight();
  useScrollToTopOnNavigation();
  return (
    <>
      <LoadingBar active={navigating || requesting} />
      <Outlet />
    </>
  );
}

/** Shown while the first page's code and the route guard are still loading. */
export function RootHydrateFallback() {
  return <LoadingBar active />;
}
