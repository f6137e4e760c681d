import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths, errorCodes } from '@parley/contracts';
import { setHttpBaseUrl } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { agentCard, loadAgentTexts, startAgentsApi, type AgentsApi } from '../testing/agents-api-server';
import { DiscoverView } from './discover-view';

const discoverPath = `/api${agentPaths.discover}`;
let api: AgentsApi;

function renderDiscover(path = '/discover') {
  return renderRoutes(
    [
      { path: '/discover', element: <DiscoverView /> },
      { path: '/chat/:appId', element: <p>chat page</p> },
    ],
    path,
  );
}

const discoverCalls = () => api.state.seen.filter((request) => request.path === discoverPath);

beforeAll(async () => {
  await setupTestI18n();
  loadAgentTexts();
  api = await startAgentsApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.state.seen = [];
  api.state.cards = [];
  sessionStore.setState({ token: '', visitorToken: 'visitor-token' });
});

describe('discover', () => {
  it('shows skeletons, then cards with creator, conversations and like ratio that open a chat', async () => {
    api.state.cards = [agentCard('a1', { name: '汇率小助手', creatorName: 'ada', figures: { conversations: 12_345, users: 40, good: 3, bad: 1, likeRatio: 0.75 } })];
    const { user, router } = renderDiscover();
    expect(screen.getByRole('status', { name: 'Loading agents' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: 'Chat with 汇率小助手' });
    expect(card).toHaveTextContent('By ada');
    expect(card).toHaveTextContent('Conversations: 12345');
    expect(card).toHaveTextContent('12.3K');
    expect(card).toHaveTextContent('75% liked');
    await user.click(card);
    expect(router.state.location.pathname).toBe('/chat/a1');
  });

  it('searches once the typing settles, and keeps the search in the address', async () => {
    api.state.cards = [agentCard('a1', { name: '汇率小助手' }), agentCard('a2', { name: 'Essay coach' })];
    const { user, router } = renderDiscover();
    await screen.findByRole('link', { name: 'Chat with Essay coach' });
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), '汇率');
    // The machine may be slow: the search waits 300 ms, then the server answers.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Agents' })).getAllByRole('link')).toHaveLength(1), { timeout: 4000 });
    expect(screen.getByRole('link', { name: 'Chat with 汇率小助手' })).toBeInTheDocument();
    // One call for the page, one for the settled search: none per key.
    expect(discoverCalls().map((request) => request.query.get('q'))).toEqual([null, '汇率']);
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('汇率')}`);
  });

  it('filters by category tab and sorts, asking the server for each', async () => {
    api.state.cards = [agentCard('a1', { name: 'Pip tutor', category: 'forex' }), agentCard('a2', { name: 'Jokes', category: 'fun' })];
    const { user } = renderDiscover();
    await screen.findByRole('link', { name: 'Chat with Jokes' });
    await user.click(screen.getByRole('tab', { name: 'Forex' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chat with Jokes' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Chat with Pip tutor' })).toBeInTheDocument();
    await user.click(screen.getByText('Newest'));
    await waitFor(() => expect(discoverCalls().at(-1)?.query.get('sort')).toBe('newest'));
    expect(discoverCalls().at(-1)?.query.get('category')).toBe('forex');
  });

  it('loads the next page from the end of the list', async () => {
    api.state.cards = Array.from({ length: 30 }, (_, index) => agentCard(`a${index}`));
    const { user } = renderDiscover();
    await screen.findByRole('link', { name: 'Chat with Agent a0' });
    const results = screen.getByRole('list', { name: 'Agents' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(discoverCalls().at(-1)?.query.get('cursor')).toBe('24');
  });

  it('says when nothing matches a search', async () => {
    renderDiscover('/discover?q=zzz');
    expect(await screen.findByText('No agents match “zzz”.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    api.state.cards = [agentCard('a1', { name: 'Back again' })];
    api.state.failing.set(discoverPath, { ...errorCodes.INTERNAL });
    const { user } = renderDiscover();
    expect(await screen.findByText('The agents could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Chat with Back again' })).toBeInTheDocument();
    await act(() => Promise.resolve());
  });
});
