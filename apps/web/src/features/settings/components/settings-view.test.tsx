import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultChatSettings, settingsStore } from '../../../stores/settings-store';
import { makeOperator, startFakeOpenAI, usageRepo, withRealServer, type TestVisitor } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { SettingsView } from './settings-view';

// the config section describes the model service the server answers with: the server's fake
// one, reached through a link with a key in it, reporting no balance
const model = await startFakeOpenAI({ models: ['gpt-4o-mini'] });
const server = withRealServer({ LLM_BASE_URL: `${model.url}?api_key=sk-SECRET`, LLM_MODELS: 'gpt-4o-mini' });
/** The visitor of each test. */
let visitor: TestVisitor;

beforeAll(() => setupTestI18n());
afterAll(() => model.close());
beforeEach(async () => {
  settingsStore.setState(defaultChatSettings());
  visitor = await server.visit();
});

function setup() {
  const user = userEvent.setup();
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsView />
    </QueryClientProvider>,
  );
  return user;
}

// Typing the role into its autosized text area takes about half a second a key in jsdom on a busy 2-core machine.
describe('the settings screen', { timeout: 60_000 }, () => {
  it('saves the name and description, and refuses an avatar link that is not http(s) at its field', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Name'), 'Lin');
    await user.type(screen.getByLabelText('Avatar link'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a link starting with http:// or https://.')).toBeInTheDocument();
    expect(settingsStore.getState().name).toBe('');

    await user.clear(screen.getByLabelText('Avatar link'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsStore.getState().name).toBe('Lin'));
    expect(await screen.findByText('Save Success')).toBeInTheDocument();
  });

  it('says when the avatar link is on a host this site shows no pictures from, and shows the icon instead', async () => {
    settingsStore.setState({ avatarUrl: 'https://elsewhere.example/me.png' });
    setup();
    expect(await screen.findByText('This site does not show pictures from elsewhere.example.')).toBeInTheDocument();
    expect(screen.getByLabelText('Avatar link')).toHaveValue('https://elsewhere.example/me.png');
    expect(document.querySelector('img[src^="https://elsewhere.example"]')).toBeNull();
  });

  it('sets role, temperature and top P, and resets them to the defaults after confirming', async () => {
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    const role = await screen.findByLabelText('Role (system message)');
    expect(role).toHaveValue("Follow the user's instructions carefully. Respond using markdown.");
    await user.clear(role);
    await user.type(role, 'Answer like a pirate.');
    const temperature = screen.getByRole('spinbutton', { name: 'Temperature' });
    await user.clear(temperature);
    await user.type(temperature, '1.4');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsStore.getState()).toMatchObject({ systemMessage: 'Answer like a pirate.', temperature: 1.4, top_p: 1 }));

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(settingsStore.getState()).toMatchObject({ temperature: 0.8, top_p: 1, systemMessage: '' });
    expect(screen.getByLabelText('Role (system message)')).toHaveValue("Follow the user's instructions carefully. Respond using markdown.");
  });

  it('shows a visitor the model, the balance as not reported and the month usage, but not the service addresses', async () => {
    await usageRepo(server.db).record({ userId: null, visitorId: visitor.visitorId }, { model: 'gpt-4o-mini', promptTokens: 1200, completionTokens: 300, messages: 4 });
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Config' }));
    expect(await screen.findByText('gpt-4o-mini')).toBeInTheDocument();
    // no rows for the API, reverse proxy, socks and https proxy: one line says who sees them
    expect(screen.queryByText('Reverse proxy')).toBeNull();
    expect(screen.getByText("The model service's address and proxies are shown to the site's operators.")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(model.url);
    expect(screen.getByText('Not reported by the provider')).toBeInTheDocument();
    expect(screen.getByText('1,500 tokens in 4 messages')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Usage by day' });
    // the usage was recorded today, as an answer records it
    expect(within(table).getByRole('cell', { name: new Date().toISOString().slice(0, 10) })).toBeInTheDocument();
  });

  it('shows an operator the service address with its key redacted', async () => {
    const operator = await server.signIn();
    await makeOperator(server.db, operator.userId);
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Config' }));
    // the address once; the reverse proxy row says it is a relay instead of repeating it
    expect(await screen.findAllByText(`${model.url}?api_key=%5Bredacted%5D`)).toHaveLength(1);
    expect(screen.getByText('Yes: the API address above is a relay')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sk-SECRET');
    expect(screen.queryByText(/shown to the site's operators/)).not.toBeInTheDocument();
    expect(screen.getAllByText('None')).toHaveLength(2);
  });

  it('resets the user info after confirming', async () => {
    settingsStore.setState({ name: 'Lin', avatarUrl: 'https://example.com/a.png', description: 'x' });
    const user = setup();
    await user.click(screen.getByRole('tab', { name: 'Config' }));
    await user.click(await screen.findByRole('button', { name: 'Reset user info' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(settingsStore.getState()).toMatchObject({ name: '', avatarUrl: '', description: '' });
  });
});
