import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentLimits, agentPaths } from '@parley/contracts';
import agents from '../../../locales/en-US/agents.json';
import history from '../../../locales/en-US/history.json';
import share from '../../../locales/en-US/share.json';
import { agent, breakTable, makeAgent, retireAllAgents, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { DiscoverView } from './discover-view';

const server = withRealServer();

function renderDiscover(path = '/discover') {
  return renderRoutes(
    [
      { path: '/discover', element: <DiscoverView /> },
      { path: '/chat/:appId', element: <p>chat page</p> },
    ],
    path,
  );
}

const discoverCalls = () => server.calls(`/api${agentPaths.discover}`);

/** A public agent made the way its owner makes one (the server indexes it for search). */
async function publish(name: string) {
  const maker = await server.newUser();
  return makeAgent(server.app, maker.userId, { name, visibility: 'public' });
}

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, share, history })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});
beforeEach(async () => {
  // discover shows the whole site's public agents: each test starts from none
  await retireAllAgents(server.db);
  await server.visit();
});

describe('discover', () => {
  it('shows skeletons, then cards with creator, conversations and like ratio that open a chat', async () => {
    const ada = await server.newUser('ada');
    const helper = await agent(server.db, { ownerId: ada.userId, name: '汇率小助手', conversationCount: 12_345, userCount: 40, goodCount: 3, badCount: 1 });
    const { user, router } = renderDiscover();
    expect(screen.getByRole('status', { name: 'Loading agents' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Chat with 汇率小助手' });
    // the link is the agent's name; the card around it, one item of the grid, shows the rest
    expect(link).toHaveTextContent(/^汇率小助手$/);
    const card = link.closest('li')!;
    expect(card).toHaveTextContent('By ada');
    expect(card).toHaveTextContent('Conversations: 12345');
    expect(card).toHaveTextContent('12.3K');
    expect(card).toHaveTextContent('75% liked');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^汇率小助手$/);
    await user.click(link);
    expect(router.state.location.pathname).toBe(`/chat/${helper.id}`);
  });

  it('searches once the typing settles, and keeps the search in the address', async () => {
    await publish('汇率小助手');
    await publish('Essay coach');
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
    await agent(server.db, { name: 'Pip tutor', category: 'forex' });
    await agent(server.db, { name: 'Jokes', category: 'fun' });
    const { user } = renderDiscover();
    await screen.findByRole('link', { name: 'Chat with Jokes' });
    await user.click(screen.getByRole('tab', { name: 'Forex' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chat with Jokes' })).not.toBeInTheDocument());
    // the tab's list loads after the old one goes (skeletons between)
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat with Pip tutor' })).toBeInTheDocument());
    await user.click(screen.getByText('Newest'));
    await waitFor(() => expect(discoverCalls().at(-1)?.query.get('sort')).toBe('newest'));
    expect(discoverCalls().at(-1)?.query.get('category')).toBe('forex');
  });

  it('loads the next page from the end of the list', async () => {
    // most popular first: a0 leads
    for (let index = 0; index < 30; index++) await agent(server.db, { name: `Agent a${index}`, popularityScore: 30 - index });
    const { user } = renderDiscover();
    await screen.findByRole('link', { name: 'Chat with Agent a0' });
    const results = screen.getByRole('list', { name: 'Agents' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // the cursor the first page ended with
    const firstPage = await server.app.services.agents.discover({ sort: 'popular', pageSize: agentLimits.discoverPageSize });
    expect(discoverCalls().at(-1)?.query.get('cursor')).toBe(firstPage.nextCursor);
  });

  it('says when nothing matches a search', async () => {
    renderDiscover('/discover?q=zzz');
    expect(await screen.findByText('No agents match “zzz”.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    await agent(server.db, { name: 'Back again' });
    const restore = await breakTable(server.db, 'apps');
    try {
      const { user } = renderDiscover();
      expect(await screen.findByText('The agents could not be loaded.')).toBeInTheDocument();
      await restore();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('link', { name: 'Chat with Back again' })).toBeInTheDocument();
      await act(() => Promise.resolve());
    } finally {
      await restore();
    }
  });
});
