import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestVisitorToken } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';

/**
 * When the user token changes (sign-in, logout, another account in another tab) every cached
 * answer belonged to someone else: drop them all; what is on screen loads again as the new owner.
 * Signed out with no visitor token (the server ended the session: an account disabled, a token
 * expired), the new owner is a visitor, who needs a token first: the route guard gets one only
 * on navigating, and the open screen would otherwise ask with no credentials at all.
 */
export function useResetQueriesOnAccountChange(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      sessionStore.subscribe((state, previous) => {
        if (state.token === previous.token) return;
        const asVisitor = state.token === '' && state.visitorToken === '';
        const ready = asVisitor ? requestVisitorToken({ silent: true }).catch(() => undefined) : Promise.resolve();
        void ready.then(() => queryClient.resetQueries());
      }),
    [queryClient],
  );
}

/** Mount once inside the QueryClientProvider. */
export function QueryResetOnAccountChange() {
  useResetQueriesOnAccountChange();
  return null;
}
