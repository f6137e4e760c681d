import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore } from '../../../stores/session-store';

/**
 * When the user token changes (sign-in, logout, another account in another tab) every cached
 * answer belonged to someone else: drop them all; what is on screen loads again as the new owner.
 */
export function useResetQueriesOnAccountChange(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      sessionStore.subscribe((state, previous) => {
        if (state.token !== previous.token) void queryClient.resetQueries();
      }),
    [queryClient],
  );
}

/** Mount once inside the QueryClientProvider. */
export function QueryResetOnAccountChange() {
  useResetQueriesOnAccountChange();
  return null;
}
