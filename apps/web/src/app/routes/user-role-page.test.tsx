import { agentPaths, agentSharePaths } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import agents from '../../locales/en-US/agents.json';
import history from '../../locales/en-US/history.json';
import share from '../../locales/en-US/share.json';
import { agent, withRealServer } from '../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../test/render';
import UserRolePage from './user-role-page';

const server = withRealServer();
/** The signed-in user's two agents: a public one with figures, and a private one. */
let owner: { userId: string; visitorId: null };
let publicId: string;
let privateId: string;

function renderMine() {
  return renderRoutes(
    [
      { path: '/user/role', element: <UserRolePage /> },
      { path: '/edit/:appId', element: <p>editor</p> },
      { path: '/upload/:appId', element: <p>knowledge upload</p> },
      { path: '/user/role/:appId', element: <p>agent keys</p> },
      { path: '/create', element: <p>create</p> },
    ],
    '/user/role',
  );
}

const calls = (path: string) => server.calls(`/api${path}`);

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, share, history })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});
beforeEach(async () => {
  const { userId } = await server.signIn();
  owner = { userId, visitorId: null };
  const tutor = { ownerId: userId, intro: 'Explains forex terms', category: 'forex', systemPrompt: 'You are a tutor.' };
  // listed newest first: the diary is the older of the two
  privateId = (await agent(server.db, { ...tutor, name: 'Diary', visibility: 'private', updatedAt: new Date('2025-01-01T00:00:00.000Z') })).id;
  publicId = (await agent(server.db, { ...tutor, name: 'Pip tutor', visibility: 'public', conversationCount: 42, userCount: 17, goodCount: 9, badCount: 2 })).id;
});

describe('my agents', { timeout: 30_000 }, () => {
  it('asks a visitor to log in, and loads nothing', async () => {
    await server.visit();
    renderMine();
    expect(screen.getByText('Log in to see your agents.')).toBeInTheDocument();
    expect(calls(agentPaths.mine)).toEqual([]);
  });

  it('lists each agent with its visibility and figures, and links to edit, knowledge upload, analytics and API keys', async () => {
    const { user, router } = renderMine();
    const list = await screen.findByRole('list', { name: 'My agents' });
    const tutor = within(list).getAllByRole('listitem')[0]!;
    expect(tutor).toHaveTextContent('Pip tutor');
    expect(tutor).toHaveTextContent('Public');
    for (const [label, value] of [['Conversations', '42'], ['People', '17'], ['Good feedback', '9'], ['Bad feedback', '2']]) {
      expect(within(tutor).getByTitle(label!)).toHaveTextContent(value!);
    }
    // an icon-only link names itself in a tooltip on hover
    await user.hover(within(tutor).getByRole('link', { name: 'Edit Pip tutor' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    expect(within(tutor).getByRole('link', { name: 'Analytics of Pip tutor' })).toHaveAttribute('href', `/user/role/${publicId}?tab=analytics`);
    expect(within(tutor).getByRole('link', { name: 'API keys of Pip tutor' })).toHaveAttribute('href', `/user/role/${publicId}?tab=keys`);
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
    const { shareNum } = await server.app.services.agentShares.shareNum(owner, publicId);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/share/${shareNum}`);
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
    expect((await server.app.services.agents.mine(owner)).list.map((mine) => mine.name)).toEqual(['Pip tutor']);
  });

  it('changes the visibility, sending the rest of the agent as it is', async () => {
    const { user } = renderMine();
    await screen.findByRole('list', { name: 'My agents' });
    await user.click(screen.getByRole('combobox', { name: 'Who can use Diary' }));
    await user.click(await screen.findByTitle('Link only'));
    await waitFor(() => expect(calls(agentPaths.update)).toHaveLength(1), { timeout: 4000 });
    expect(calls(agentPaths.update)[0]?.body).toMatchObject({ id: privateId, name: 'Diary', systemPrompt: 'You are a tutor.', visibility: 'unlisted' });
    await waitFor(async () => expect((await server.app.services.agents.detail(owner, privateId)).visibility).toBe('unlisted'));
  });

  it('invites someone with no agents to create one', async () => {
    await server.signIn();
    renderMine();
    expect(await screen.findByText('You have not made an agent yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Create agent/ }).length).toBeGreaterThan(0);
  });
});
