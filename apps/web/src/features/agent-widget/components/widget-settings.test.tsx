import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import agentWidget from '../../../locales/en-US/agentWidget.json';
import { makeAgent, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { WidgetSettings } from './widget-settings';

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'agentWidget', agentWidget, true, true);
});

function renderSettings(appId: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <WidgetSettings appId={appId} parleyOrigin="https://parley.example" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** A key press as antd's Select reads it: by keyCode, which user-event leaves out. */
async function press(element: Element, key: 'ArrowDown' | 'Enter') {
  fireEvent.keyDown(element, { key, keyCode: key === 'Enter' ? 13 : 40 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

async function ownAgent(visibility: 'private' | 'public' = 'private') {
  const owner = await server.signIn();
  return { owner, ...(await makeAgent(server.app, owner.userId, { visibility })) };
}

describe("an agent's widget settings", () => {
  it('start empty, add a website in its canonical form, and hand over the script tag for it', async () => {
    const agent = await ownAgent();
    const user = renderSettings(agent.id);
    expect(await screen.findByText(/No websites yet: the widget is off/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the tag' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Add a website' }), 'HTTPS://Shop.Example.com/');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const list = await screen.findByRole('list', { name: 'Allowed websites' });
    expect(within(list).getByText('https://shop.example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Add a website' })).toHaveValue('');
    expect((await server.app.services.widgets.settings({ userId: agent.owner.userId, visitorId: null }, agent.id)).origins).toEqual(['https://shop.example.com']);
    expect(screen.getByText(/everyone on the websites listed here can chat with it/)).toBeInTheDocument();

    const snippet = `<script src="https://parley.example/embed.js" data-agent="${agent.id}" async></script>`;
    expect(screen.getByLabelText('Script tag to copy')).toHaveTextContent(snippet);
    await user.click(screen.getByRole('button', { name: 'Copy the tag' }));
    expect(await navigator.clipboard.readText()).toBe(snippet);

    const theme = screen.getByRole('combobox', { name: 'Theme' });
    act(() => theme.focus());
    // the first press opens the list on the current theme (auto), the next two reach dark
    for (let step = 0; step < 3; step += 1) await press(theme, 'ArrowDown');
    await press(theme, 'Enter');
    expect(screen.getByLabelText('Script tag to copy')).toHaveTextContent(`data-agent="${agent.id}" data-theme="dark" async`);
    expect(screen.getByRole('link', { name: 'Open a preview' })).toHaveAttribute('href', `https://parley.example/widget/${agent.id}?theme=dark`);
  });

  it('say what is wrong with an address before sending it, and remove a website', async () => {
    const agent = await ownAgent('public');
    const user = renderSettings(agent.id);
    const field = await screen.findByRole('textbox', { name: 'Add a website' });
    for (const [address, says] of [
      ['http://shop.example.com', 'Use https:// (http:// works only for localhost and 127.0.0.1).'],
      ['https://shop.example.com/store', "Only the website's address: no path, query or #part after it."],
      ['https://*.example.com', 'Wildcards are not allowed: list each website.'],
    ]) {
      await user.clear(field);
      await user.type(field, address!);
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(says!);
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(server.calls('/api/core/app/widget/origins')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'http://localhost:5173');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('http://localhost:5173');
    await user.type(field, 'http://localhost:5173/');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('http://localhost:5173 is already listed.');

    await user.click(screen.getByRole('button', { name: 'Remove http://localhost:5173' }));
    expect(await screen.findByText(/No websites yet/)).toBeInTheDocument();
    expect(screen.queryByText(/everyone on the websites listed here/)).not.toBeInTheDocument();
  });

  it("say so when they cannot be loaded, as for someone else's agent", async () => {
    const stranger = await server.newUser();
    const theirs = await makeAgent(server.app, stranger.userId);
    await server.signIn();
    renderSettings(theirs.id);
    expect(await screen.findByText('The widget settings could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
