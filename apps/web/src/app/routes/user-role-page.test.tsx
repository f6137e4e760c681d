import { agentPaths, agentSharePaths } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentDetail, loadAgentTexts, startAgentsApi, type AgentsApi } from '../../features/agents/testing/agents-api-server';
import { setHttpBaseUrl } from '../../lib/http';
import { sessionStore } from '../../stores/session-store';
import { renderRoutes, setupTestI18n } from '../../test/render';
import UserRolePage from './user-role-page';

let api: AgentsApi;
const publicId = '33333333-3333-4333-8333-333333333333';
const privateId = '44444444-4444-4444-8444-444444444444';

function renderMine() {
  return renderRoutes(
    [
      { path: '/user/role', element: <UserRolePage /> },
      { path: '/edit/:appId', element: <p>editor</p> },
      { path: '/upload/:appId', element: <p>knowledge upload</p> },
      { path: '/create', element: <p>create</p> },
    ],
    '/user/role',
  );
}

const calls = (path: string) => api.state.seen.filter((request) => request.path === `/api${path}`);

beforeAll(async () => {
  await setupTestI18n();
  loadAgentTexts();
  api = await startAgentsApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.state.seen = [];
  api.state.mine = [
    agentDetail(publicId, { name: 'Pip tutor', visibility: 'public', figures: { conversations: 42, users: 17, good: 9, bad: 2, likeRatio: 0.82 } }),
    agentDetail(privateId, { name: 'Diary', visibility: 'private' }),
  ];
  sessionStore.setState({ token: 'user-token', visitorToken: '', showLogin: false });
});

describe('my agents', { timeout: 30_000 }, () => {
  it('asks a visitor to log in, and loads nothing', async () => {
    sessionStore.setState({ token: '' });
    renderMine();
    expect(screen.getByText('Log in to see your agents.')).toBeInTheDocument();
    expect(calls(agentPaths.mine)).toEqual([]);
  });

  it('lists each agent with its visibility and figures, and links to edit and knowledge upload', async () => {
    const { user, router } = renderMine();
    const list = await screen.findByRole('list', { name: 'My agents' });
    const tutor = within(list).getAllByRole('listitem')[0]!;
    expect(tutor).toHaveTextContent('Pip tutor');
    expect(tutor).toHaveTextContent('Public');
    for (const [label, value] of [['Conversations', '42'], ['People', '17'], ['Good feedback', '9'], ['Bad feedback', '2']]) {
      expect(within(tutor).getByTitle(label!)).toHaveTextContent(value!);
    }
    await user.click(within(tutor).getByRole('link', { name: 'Knowledge files of Pip tutor' }));
    expect(router.state.location.pathname).toBe(`/upload/${publicId}`);
  });

  it('copies the share link of a shared agent, and cannot share a private one', async () => {
    const { user } = renderMine();
    await screen.findByRole('list', { name: 'My agents' });
    expect(screen.getByRole('button', { name: 'Copy the share link of Diary' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Copy the share link of Pip tutor' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(calls(agentSharePaths.shareNum)[0]?.query.get('id')).toBe(publicId);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/AbCdEfGh12345678`);
  });

  it('deletes an agent only after confirmation', async () => {
    const { user } = renderMine();
    await screen.findByRole('list', { name: 'My agents' });
    await user.click(screen.getByRole('button', { name: 'Delete Diary' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete “Diary”?');
    expect(calls(agentPaths.delete)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Diary')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(calls(agentPaths.delete)[0]?.body).toEqual({ id: privateId });
  });

  it('changes the visibility, sending the rest of the agent as it is', async () => {
    const { user } = renderMine();
    await screen.findByRole('list', { name: 'My agents' });
    await user.click(screen.getByRole('combobox', { name: 'Who can use Diary' }));
    await user.click(await screen.findByTitle('Link only'));
    await waitFor(() => expect(calls(agentPaths.update)).toHaveLength(1), { timeout: 4000 });
    expect(calls(agentPaths.update)[0]?.body).toMatchObject({ id: privateId, name: 'Diary', systemPrompt: 'You are a tutor.', visibility: 'unlisted' });
  });

  it('invites someone with no agents to create one', async () => {
    api.state.mine = [];
    renderMine();
    expect(await screen.findByText('You have not made an agent yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Create agent/ }).length).toBeGreaterThan(0);
  });
});
