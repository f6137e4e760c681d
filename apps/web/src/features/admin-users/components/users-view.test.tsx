import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import agents from '../../../locales/en-US/agents.json';
import consoleTexts from '../../../locales/en-US/console.json';
import consoleUsers from '../../../locales/en-US/consoleUsers.json';
import { givePhone, makeOperator, newPhone, withRealServer, type TestUser } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { UsersView } from './users-view';

// each step crosses the real server
configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, console: consoleTexts, consoleUsers })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});

async function operatorAtConsole(): Promise<TestUser> {
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
  return operator;
}

function show(operator: TestUser) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <UsersView operatorId={operator.userId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

async function openAccount(user: ReturnType<typeof userEvent.setup>, search: string, name: string) {
  await user.type(screen.getByRole('searchbox', { name: 'Search by phone number or name' }), search);
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return (await screen.findByText(name, { selector: '.ant-drawer-title' })).closest('[role="dialog"]') as HTMLElement;
}

/** A dialog by its title (antd's ids are all "test-id" under test, so its labelling cannot be relied on). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading!.closest('[role="dialog"]') as HTMLElement;
}

describe('the users page', { timeout: 60_000 }, () => {
  it('finds an account by its phone number, shown masked, and disables it after confirmation', async () => {
    const operator = await operatorAtConsole();
    const target = await server.newUser();
    const phone = newPhone();
    await givePhone(server.db, target.userId, phone);
    const user = show(operator);

    const panel = await openAccount(user, phone, target.username);
    expect(within(panel).getByText(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeInTheDocument();
    expect(within(panel).queryByText(phone)).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Disable' }));
    const confirm = await dialogTitled(`Disable ${target.username}?`);
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));

    expect(await within(panel).findByText(/^Disabled since/)).toBeInTheDocument();
    expect((await server.app.services.userAdmin.detail(target.userId)).disabledAt).not.toBeNull();
    expect(within(panel).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('deletes an account only once its username is typed exactly', async () => {
    const operator = await operatorAtConsole();
    const target = await server.newUser();
    const user = show(operator);

    const panel = await openAccount(user, target.username, target.username);
    await user.click(within(panel).getByRole('button', { name: 'Delete account' }));
    const dialog = await dialogTitled(`Delete ${target.username}?`);
    const confirmButton = within(dialog).getByRole('button', { name: 'Delete for good' });
    const typed = within(dialog).getByRole('textbox', { name: `Type ${target.username} to confirm` });
    expect(confirmButton).toBeDisabled();
    await user.type(typed, target.username.toUpperCase());
    expect(confirmButton).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, target.username);
    expect(confirmButton).toBeEnabled();
    await user.click(confirmButton);

    expect(await screen.findByText(`${target.username} was deleted.`)).toBeInTheDocument();
    await expect(server.app.services.userAdmin.detail(target.userId)).rejects.toMatchObject({ errorName: 'NOT_FOUND' });
    await waitFor(() => expect(screen.queryByRole('button', { name: new RegExp(`^${target.username}`) })).toBeNull());
  });

  it("keeps an operator's own account from being disabled, demoted or deleted here", async () => {
    const operator = await operatorAtConsole();
    const user = show(operator);
    const panel = await openAccount(user, operator.username, operator.username);
    expect(within(panel).getByText(/This is your own account/)).toBeInTheDocument();
    for (const name of ['Disable', 'Remove operator role', 'Delete account']) expect(within(panel).getByRole('button', { name })).toBeDisabled();
  });
});
