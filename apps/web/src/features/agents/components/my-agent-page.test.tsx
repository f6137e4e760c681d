import { agentPaths } from '@parley/contracts';
import { configure, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import agents from '../../../locales/en-US/agents.json';
import { makeAgent, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { MyAgentPage, type MyAgentSection } from './my-agent-page';

const server = withRealServer();
let appId: string;

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const keysSection: MyAgentSection = { key: 'keys', label: 'API keys', render: (agent) => <p>keys of {agent.name}</p> };

function renderPage(sections: MyAgentSection[] = [keysSection], entry = `/user/role/${appId}`) {
  return renderRoutes(
    [
      { path: '/user/role/:appId', element: <MyAgentPage appId={appId} sections={sections} /> },
      { path: '/user/role', element: <p>my agents</p> },
    ],
    entry,
  );
}

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'agents', agents, true, true);
});
beforeEach(async () => {
  const owner = await server.signIn();
  appId = (await makeAgent(server.app, owner.userId, { name: 'Forex tutor' })).id;
});

describe('the page of one of my agents', () => {
  it('asks a visitor to log in, without asking the server for the agent', async () => {
    await server.visit();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Log in / Sign up' })).toBeInTheDocument();
    expect(screen.getByText('Log in to manage your agents.')).toBeInTheDocument();
    expect(server.calls(`/api${agentPaths.detail}`)).toEqual([]);
  });

  it("says someone else's agent is not found, with the way back to my agents", async () => {
    await server.signIn();
    const { user, router } = renderPage();
    expect(await screen.findByText('This agent was not found, or it is not yours')).toBeInTheDocument();
    expect(screen.queryByText('keys of Forex tutor')).not.toBeInTheDocument();
    const main = screen.getAllByRole('link', { name: /My agents/ });
    expect(main.length).toBe(2);
    await user.click(main[1]!);
    expect(router.state.location.pathname).toBe('/user/role');
  });

  it('shows the owner the agent, links to chat, edit and back, and its one section under a heading', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Forex tutor' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Forex tutor · /);
    expect(screen.getByRole('link', { name: /My agents/ })).toHaveAttribute('href', '/user/role');
    expect(screen.getByRole('link', { name: /Chat with it/ })).toHaveAttribute('href', `/chat/${appId}`);
    expect(screen.getByRole('link', { name: /Edit agent/ })).toHaveAttribute('href', `/edit/${appId}`);
    const section = screen.getByRole('region', { name: 'API keys' });
    expect(within(section).getByRole('heading', { level: 2, name: 'API keys' })).toBeInTheDocument();
    expect(section).toHaveTextContent('keys of Forex tutor');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows several sections as tabs, the open one named in the address', async () => {
    const analytics: MyAgentSection = { key: 'analytics', label: 'Analytics', render: () => <p>the figures</p> };
    const { user, router } = renderPage([keysSection, analytics], `/user/role/${appId}?tab=analytics`);
    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    expect(screen.getByText('the figures')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'API keys' }));
    expect(router.state.location.search).toBe('?tab=keys');
    expect(screen.getByText('keys of Forex tutor')).toBeVisible();
  });
});
