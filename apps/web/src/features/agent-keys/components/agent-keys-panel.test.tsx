import { agentKeyPaths, type AgentKey } from '@parley/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import keys from '../../../locales/en-US/keys.json';
import { makeAgent, usageRepo, withRealServer, type TestUser } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { agentKeyQueryKeys } from '../api/query-keys';
import { AgentKeysPanel } from './agent-keys-panel';

const server = withRealServer();
/** The signed-in owner of each test, and the agent whose keys the panel shows. */
let owner: TestUser;
let appId: string;

// Each test drives the panel against the real server on a shared 2-core machine.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

function renderPanel() {
  return renderRoutes([{ path: '/keys', element: <AgentKeysPanel appId={appId} /> }], '/keys');
}

const calls = (path: string) => server.calls(`/api${path}`);
const asOwner = () => ({ userId: owner.userId, visitorId: null });

/** A key made as another tab of the owner's would make it. */
function makeKey(name: string, limits: { ratePerMinute?: number; monthlyTokens?: number | null } = {}) {
  return server.app.services.agentKeys.create(asOwner(), { appId, name, ratePerMinute: 60, monthlyTokens: 1_000_000, ...limits });
}

async function storedKeys(): Promise<AgentKey[]> {
  return server.app.services.agentKeys.list(asOwner(), appId);
}

const keyItem = (name: string) => screen.getByRole('listitem', { name: (_, element) => element.querySelector('.agent-key__name')?.textContent === name });

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'keys', keys, true, true);
});
beforeEach(async () => {
  owner = await server.signIn();
  appId = (await makeAgent(server.app, owner.userId, { name: 'Forex tutor' })).id;
});

describe('the list of keys', () => {
  it('explains what a key is for while the agent has none, with the address and model to call', async () => {
    renderPanel();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByText(/lets your own website, app or script chat with this agent through an OpenAI-compatible API/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New key' })).toBeEnabled();
    expect(screen.getByText(`${window.location.origin}/v1`)).toBeInTheDocument();
    expect(screen.getByText(appId)).toBeInTheDocument();
  });

  it('shows each key by name and prefix only, with its dates, tokens against the budget, rate and state; active keys first', async () => {
    const website = await makeKey('Website', { ratePerMinute: 30, monthlyTokens: 50_000 });
    const inUse = await server.app.services.agentKeys.authenticate(website.secret);
    await usageRepo(server.db).record({ userId: null, visitorId: inUse!.visitorId }, { model: 'offline', promptTokens: 1000, completionTokens: 234, messages: 1 });
    await server.app.services.agentKeys.touch(inUse!);
    const old = await makeKey('Old script', { monthlyTokens: null });
    await server.app.services.agentKeys.revoke(asOwner(), old.key.id);
    await makeKey('Nightly job', { monthlyTokens: null });

    const { user } = renderPanel();
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.agent-key__name')?.textContent)).toEqual(['Nightly job', 'Website']);
    expect(screen.getByText('Active keys: 2 of 10')).toBeInTheDocument();

    const item = keyItem('Website');
    expect(item).toHaveTextContent(`${website.key.prefix}…`);
    expect(item).not.toHaveTextContent(website.secret);
    const [stored] = (await storedKeys()).filter((key) => key.id === website.key.id);
    const lastUsed = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(stored!.lastUsedAt!));
    expect(within(item).getByText('Last used').nextElementSibling).toHaveTextContent(lastUsed);
    expect(within(item).getByText('Created').nextElementSibling).toHaveTextContent(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(website.key.createdAt)));
    expect(within(item).getByText('Tokens this month').nextElementSibling).toHaveTextContent('1,234 of 50,000');
    expect(within(item).getByRole('progressbar', { name: '2% of the monthly budget used' })).toBeInTheDocument();
    expect(within(item).getByText('Rate limit').nextElementSibling).toHaveTextContent('30 calls/min');
    expect(within(item).getByText('Active')).toBeInTheDocument();

    expect(within(keyItem('Nightly job')).getByText('Last used').nextElementSibling).toHaveTextContent('Never');
    expect(within(keyItem('Nightly job')).getByText('Tokens this month').nextElementSibling).toHaveTextContent('0 · no budget');
    // revoked keys wait behind a toggle, without the revoke button
    const toggle = screen.getByRole('button', { name: 'Revoked keys (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const revoked = within(screen.getByRole('list', { name: 'Revoked keys' })).getByRole('listitem');
    expect(revoked).toHaveTextContent('Old script');
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says the keys could not be loaded, and loads them again on Try again', async () => {
    await makeKey('Website');
    const release = server.hold(`/api${agentKeyPaths.list}`);
    const { user } = renderPanel();
    await waitFor(() => expect(calls(agentKeyPaths.list)).toHaveLength(1));
    expect(server.cut(`/api${agentKeyPaths.list}`)).toBe(1);
    release();
    expect(await screen.findByText('The API keys could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Parley cannot be reached. Check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'API keys' })).toHaveTextContent('Website');
  });
});

describe('making a key', () => {
  it('shows the secret once, with a warning, a copy button and examples to paste; afterwards only its prefix', async () => {
    const { user, queryClient } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Website');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Key “Website” is ready' });
    expect(shown).toHaveTextContent('Copy the key now');
    expect(shown).toHaveTextContent('It will not be shown again');
    const secret = (within(shown).getByRole('textbox', { name: 'Secret key' }) as HTMLInputElement).value;
    expect(secret).toMatch(/^pk_[\w-]{43}$/);
    expect(calls(agentKeyPaths.create)[0]?.body).toEqual({ appId, name: 'Website', ratePerMinute: 60, monthlyTokens: 1_000_000 });

    await waitFor(() => expect(within(shown).getByRole('button', { name: 'Copy key' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe(secret);
    const curl = within(shown).getByRole('group', { name: 'curl' });
    expect(curl).toHaveTextContent(`curl ${window.location.origin}/v1/chat/completions`);
    expect(curl).toHaveTextContent(`'Authorization: Bearer ${secret}'`);
    expect(curl).toHaveTextContent(`"model": "${appId}"`);
    await user.click(within(shown).getByRole('tab', { name: 'OpenAI SDK (Node.js)' }));
    const sdk = within(shown).getByRole('group', { name: 'OpenAI SDK (Node.js)' });
    expect(sdk).toHaveTextContent(`baseURL: "${window.location.origin}/v1"`);
    expect(sdk).toHaveTextContent(`apiKey: "${secret}"`);
    expect(sdk).toHaveTextContent(`model: "${appId}"`);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the first key replaced the empty state: the keyboard is on the New key button that took its place
    await waitFor(() => expect(screen.getByRole('button', { name: 'New key' })).toHaveFocus());
    const [made] = await storedKeys();
    expect(await screen.findByText(`${made!.prefix}…`)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(secret);
    // the list the screen keeps is the server's, which never carries a secret
    expect(JSON.stringify(queryClient.getQueryData(agentKeyQueryKeys.list(appId)))).not.toContain(secret);

    await user.click(screen.getByRole('button', { name: 'New key' }));
    expect(await screen.findByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Secret key' })).not.toBeInTheDocument();
  });

  it("says what is wrong with each field, by the contract's limits, sends nothing, and clears each message once fixed", async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    const rate = within(form).getByRole('spinbutton', { name: 'Calls per minute' });
    const budget = within(form).getByRole('spinbutton', { name: 'Monthly token budget' });
    await user.clear(rate);
    await user.type(rate, '0');
    await user.clear(budget);
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(await within(form).findByText('Give the key a name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number from 1 to 600.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number from 1,000 to 1,000,000,000, or choose “No budget”.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'x'.repeat(41));
    expect(await within(form).findByText('At most 40 characters.')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '601');
    // antd validates asynchronously: the message for 601 replaces the one for an empty field
    expect(await within(form).findByText('Enter a whole number from 1 to 600.')).toBeInTheDocument();
    await user.type(budget, '999');
    expect(await within(form).findByText(/Enter a whole number from 1,000 to 1,000,000,000/)).toBeInTheDocument();
    expect(calls(agentKeyPaths.create)).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Nightly job');
    await user.clear(rate);
    await user.type(rate, '600');
    await user.click(within(form).getByRole('checkbox', { name: 'No budget' }));
    expect(budget).toBeDisabled();
    await waitFor(() => expect(within(form).queryByText(/Enter a whole number|At most|Give the key/)).not.toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('dialog', { name: 'Key “Nightly job” is ready' })).toBeInTheDocument();
    expect(calls(agentKeyPaths.create)[0]?.body).toEqual({ appId, name: 'Nightly job', ratePerMinute: 600, monthlyTokens: null });
    expect((await storedKeys())[0]).toMatchObject({ name: 'Nightly job', ratePerMinute: 600, monthlyTokens: null });
  });

  it("shows the server's refusal in the form: another tab made the tenth key meanwhile", async () => {
    for (let index = 1; index <= 9; index += 1) await makeKey(`Key ${index}`);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    await makeKey('Key 10');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Key 11');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This agent already has 10 active keys. Revoke one you no longer need first.');
    expect(within(form).queryByRole('textbox', { name: 'Secret key' })).not.toBeInTheDocument();
  });

  it('is not offered while ten keys are active, and says why', async () => {
    for (let index = 1; index <= 10; index += 1) await makeKey(`Key ${index}`);
    renderPanel();
    const newKey = await screen.findByRole('button', { name: 'New key' });
    expect(newKey).toBeDisabled();
    expect(newKey).toHaveAccessibleDescription('This agent has 10 active keys, the most it can have. Revoke one you no longer need to make a new one.');
    expect(screen.getByText('Active keys: 10 of 10')).toBeInTheDocument();
  });
});

describe('revoking a key', () => {
  it('asks first, saying calls with it stop at once; then the key is revoked and a new one can be made', async () => {
    for (let index = 1; index <= 9; index += 1) await makeKey(`Key ${index}`);
    const website = await makeKey('Website');
    const { user } = renderPanel();
    const revoke = within(await waitFor(() => keyItem('Website'))).getByRole('button', { name: 'Revoke Website' });
    expect(screen.getByRole('button', { name: 'New key' })).toBeDisabled();

    await user.click(revoke);
    let confirm = await screen.findByRole('dialog', { name: 'Revoke “Website”?' });
    expect(confirm).toHaveTextContent('Calls with this key stop working at once.');
    // the keyboard lands on the harmless choice, and comes back to the key when it is taken
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoke).toHaveFocus();
    expect(calls(agentKeyPaths.revoke)).toEqual([]);

    await user.click(revoke);
    confirm = await screen.findByRole('dialog', { name: 'Revoke “Website”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('“Website” is revoked')).toBeInTheDocument();
    // the revoked key's button is gone: the keyboard goes to New key, which is offered again
    await waitFor(() => expect(screen.getByRole('button', { name: 'New key' })).toHaveFocus());
    await user.click(await screen.findByRole('button', { name: 'Revoked keys (1)' }));
    expect(within(screen.getByRole('list', { name: 'Revoked keys' })).getByRole('listitem')).toHaveTextContent('Website');
    expect(within(screen.getByRole('list', { name: 'API keys' })).queryByText('Website')).not.toBeInTheDocument();
    expect(calls(agentKeyPaths.revoke)[0]?.body).toEqual({ id: website.key.id });
    expect((await storedKeys()).find((key) => key.id === website.key.id)?.revokedAt).not.toBeNull();
    expect(await server.app.services.agentKeys.authenticate(website.secret)).toBeNull();
  });
});
