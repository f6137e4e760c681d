import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatSharePaths, type ChatShareInfo } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import share from '../../../locales/en-US/share.json';
import { sessionStore } from '../../../stores/session-store';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { ShareChatButton } from './share-chat-button';

const chatId = '6b0c1e7e-2f55-4d0b-9d8e-0a4b5c6d7e8f';
let shares: ChatShareInfo[] = [];
let seen: { path: string; body: unknown; query: string }[] = [];
let refuse = false;
let created = 0;
let server: Server;

/** The share endpoints as the Parley server answers them, over an in-memory list. */
function answer(path: string, url: URL, body: Record<string, unknown>): unknown {
  if (path === `/api${chatSharePaths.create}`) {
    created += 1;
    const entry = { shareCode: `code${String(created).padStart(18, '0')}`, chatId, title: 'Spreads', itemCount: 4, createdAt: new Date().toISOString() };
    shares = [entry, ...shares];
    return entry;
  }
  if (path === `/api${chatSharePaths.list}`) return { list: shares.filter((entry) => entry.chatId === url.searchParams.get('chatId')) };
  if (path === `/api${chatSharePaths.revoke}`) {
    shares = shares.filter((entry) => entry.shareCode !== body.shareCode);
    return null;
  }
  throw new Error(`no route ${path}`);
}

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'share', share, true, true);
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ path: url.pathname, body, query: url.search });
      res.setHeader('content-type', 'application/json');
      if (refuse) res.writeHead(404).end(JSON.stringify({ code: 10001, msg: 'Chat not found', data: null }));
      else res.writeHead(200).end(JSON.stringify({ code: 0, msg: 'success', data: answer(url.pathname, url, body) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setHttpBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  shares = [];
  seen = [];
  refuse = false;
  sessionStore.setState({ token: 'user-token', visitorToken: '' });
});

function renderButton(props: { disabled?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <ShareChatButton chatId={chatId} {...props} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Share' }));
  return screen.findByRole('dialog', { name: 'Share this conversation' });
}

describe('sharing a conversation', () => {
  it('explains that the link is a snapshot anyone holding it can read', async () => {
    const user = renderButton();
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent('The link shows this conversation as it is now.');
    expect(dialog).toHaveTextContent('Anyone with the link can read it.');
    expect(await within(dialog).findByText('This conversation has no active links.')).toBeInTheDocument();
  });

  it('creates a link to /shareChat/<code> on this site and copies it', async () => {
    const user = renderButton();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Share link' });
    const url = `${window.location.origin}/shareChat/code000000000000000001`;
    expect(link).toHaveValue(url);
    expect(seen.find((request) => request.path === '/api/core/chat/share/create')?.body).toEqual({ chatId });

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    expect(await within(dialog).findByRole('link', { name: url })).toHaveAttribute('href', url);
  });

  it('lists the live links of this chat and revokes one after asking', async () => {
    shares = [{ shareCode: 'existingcode0000000000', chatId, title: 'Spreads', itemCount: 6, createdAt: '2025-03-01T10:00:00.000Z' }];
    const user = renderButton();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(/Messages: 6/)).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/core/chat/share/list')?.query).toBe(`?chatId=${chatId}`);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    // Under test, antd gives every dialog the same label id, so the confirmation is found by its text.
    const confirm = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((element) => element !== dialog && element.textContent?.includes('Revoke this link?'));
      if (!found) throw new Error('no confirmation yet');
      return found;
    });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await within(dialog).findByText('This conversation has no active links.')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/core/chat/share/revoke')?.body).toEqual({ shareCode: 'existingcode0000000000' });
  });

  it('says why in the reader’s language when a link cannot be created', async () => {
    const user = renderButton();
    const dialog = await openDialog(user);
    await within(dialog).findByText('This conversation has no active links.');
    refuse = true;
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('This was not found. It may have been deleted.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
  });

  it('cannot be opened while disabled', () => {
    renderButton({ disabled: true });
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });

  it('closes and hands focus back to the button', async () => {
    const user = renderButton();
    const button = screen.getByRole('button', { name: 'Share' });
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
