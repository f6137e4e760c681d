import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import agents from '../../../locales/en-US/agents.json';
import consoleTexts from '../../../locales/en-US/console.json';
import consoleAgents from '../../../locales/en-US/consoleAgents.json';
import { makeAgent, makeOperator, setBlockedKeywords, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { AgentsView } from './agents-view';

configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, console: consoleTexts, consoleAgents })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});

function show(path = '/admin/agents') {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AgentsView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

async function rowOf(name: string) {
  const title = await screen.findByText(name);
  return title.closest('li') as HTMLElement;
}

/** A dialog by its title (antd's ids are all "test-id" under test, so its labelling cannot be relied on). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading!.closest('[role="dialog"]') as HTMLElement;
}

describe('the agents page', { timeout: 60_000 }, () => {
  it('hides an agent only with a reason, which reaches its owner, and restores it', async () => {
    const operator = await server.signIn();
    await makeOperator(server.db, operator.userId);
    const owner = await server.newUser();
    const agent = await makeAgent(server.app, owner.userId, { name: `Hide me ${owner.userId.slice(0, 6)}`, visibility: 'public' });
    const user = show();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), agent.name);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(await rowOf(agent.name)).getByRole('button', { name: 'Hide' }));
    const dialog = await dialogTitled(`Hide ${agent.name}?`);
    const ok = within(dialog).getByRole('button', { name: 'Hide' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Promises guaranteed returns');
    await user.click(ok);

    expect(await screen.findByText('Hidden: Promises guaranteed returns')).toBeInTheDocument();
    const told = await server.app.services.notifications.list(owner.userId, { limit: 5 });
    expect(told.list[0]).toMatchObject({ kind: 'app_hidden', data: { appId: agent.id, reason: 'Promises guaranteed returns' } });

    await user.click(within(await rowOf(agent.name)).getByRole('button', { name: 'Restore' }));
    const restore = await dialogTitled(`Restore ${agent.name}?`);
    // restoring may go without a note
    await user.click(within(restore).getByRole('button', { name: 'Restore' }));
    expect(await within(await rowOf(agent.name)).findByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect((await server.app.services.agentAdmin.detail(agent.id)).hidden).toBe(false);
  });

  it('shows a held agent with what the check found, and publishes it on approval', async () => {
    const operator = await server.signIn();
    await makeOperator(server.db, operator.userId);
    const owner = await server.newUser();
    const name = `Held ${owner.userId.slice(0, 6)}`;
    await setBlockedKeywords(server.db, ['casino']);
    const held = await server.app.services.agents.requestReview({ userId: owner.userId, visitorId: null }, undefined, {
      name,
      intro: 'Crypto casino tips',
      avatarUrl: null,
      category: 'general',
      systemPrompt: 'You share casino tips.',
      model: null,
      temperature: null,
      top_p: null,
      openingMessage: '',
      suggestedQuestions: [],
      visibility: 'public',
    });
    expect(held.reviewRequestedAt).not.toBeNull();
    const user = show('/admin/agents?tab=review');

    const card = await rowOf(name);
    expect(await within(card).findByText('What the content check found')).toBeInTheDocument();
    expect(within(card).getAllByText(/contains “casino”/i).length).toBeGreaterThan(0);
    await user.click(within(card).getByRole('button', { name: 'Approve and publish' }));
    const confirm = await dialogTitled(`Publish ${name}?`);
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(`${name} is published; its owner was told.`)).toBeInTheDocument();
    expect(await server.app.services.agentAdmin.detail(held.id)).toMatchObject({ visibility: 'public', reviewRequestedAt: null });
    await setBlockedKeywords(server.db, []);
  });
});
