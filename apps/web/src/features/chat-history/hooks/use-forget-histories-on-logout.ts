import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore } from '../../../stores/session-store';
import { chatHistoryKeys } from '../api/history-keys';

/**
 * Drops the loaded history lists whenever the user token changes (logout, or another account
 * in another tab), so nobody sees the previous user's chats.
 */
export function useForgetHistoriesOnLogout(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      sessionStore.subscribe((state, previous) => {
        if (state.token !== previous.token) queryClient.removeQueries({ queryKey: chatHistoryKeys.all });
      }),
    [queryClient],
  );
}
