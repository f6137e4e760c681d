import type { IdentityData } from '@parley/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';
import { withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { QueryResetOnAccountChange } from './use-reset-queries-on-account-change';

configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();

beforeAll(() => setupTestI18n());

/** Who the server takes the open screen for, asked again on a click (as the unread-count poll asks every minute). */
function WhoAmI() {
  const query = useQuery({
    queryKey: ['who'],
    queryFn: ({ signal }) => http.get<IdentityData>('/api/identity', undefined, { signal, silent: true }),
  });
  return (
    <>
      <p>{query.data ? `Signed in as a ${query.data.kind}` : query.isError ? 'Could not tell' : 'Asking'}</p>
      <button type="button" onClick={() => void query.refetch()}>
        Ask again
      </button>
    </>
  );
}

describe('an open tab whose session the server ends', { timeout: 60_000 }, () => {
  it('is signed out when an operator disables the account, says why, and loads again as a visitor', async () => {
    const person = await server.signIn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <QueryResetOnAccountChange />
        <WhoAmI />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Signed in as a user')).toBeInTheDocument();

    await server.app.services.userAdmin.disable('cli', person.userId);
    await user.click(screen.getByRole('button', { name: 'Ask again' }));

    expect(await screen.findByText('This account is disabled or has been deleted.')).toBeInTheDocument();
    expect(await screen.findByText('Signed in as a visitor')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBe('');
    expect(sessionStore.getState().visitorToken).not.toBe('');
  });
});
