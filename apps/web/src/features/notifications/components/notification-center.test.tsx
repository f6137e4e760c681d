import { notificationPaths, type NotificationItem } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { appSettingStore } from '../../../stores/app-setting-store';
import { sessionStore } from '../../../stores/session-store';
import { startLocalServer } from '../../../test/local-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { NotificationCenter } from './notification-center';

configure({ asyncUtilTimeout: 10_000 });

/** The messages calls over real HTTP, holding one user's notifications. */
let items: NotificationItem[] = [];
const seen: string[] = [];
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  await setupTestI18n();
  server = await startLocalServer((request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://local');
    seen.push(`${request.method} ${url.pathname}${url.search}`);
    const unread = () => items.filter((item) => !item.read).length;
    let data: unknown;
    if (url.pathname === `/api${notificationPaths.list}`) data = { list: items, nextCursor: null, unread: unread() };
    else if (url.pathname === `/api${notificationPaths.markRead}`) {
      const { id } = JSON.parse(body) as { id: string };
      items = items.map((item) => (item.id === id ? { ...item, read: true } : item));
      data = { count: unread() };
    } else if (url.pathname === `/api${notificationPaths.markAllRead}`) {
      items = items.map((item) => ({ ...item, read: true }));
      data = { count: 0 };
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'success', data }));
  });
  setHttpBaseUrl(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  sessionStore.setState({ token: 'user-token', visitorToken: '' });
  appSettingStore.setState({ language: 'en-US' });
  items = [
    {
      id: '0b6f1d1e-1a8c-4c8e-9a57-7d6b2f0e9a01',
      kind: 'share_opened',
      title: '',
      body: '',
      data: { shareCode: 'AbCdEf123456', title: 'Spreads explained' },
      read: false,
      createdAt: '2026-11-20T09:30:00.000Z',
    },
    {
      id: '0b6f1d1e-1a8c-4c8e-9a57-7d6b2f0e9a02',
      kind: 'feedback',
      title: '',
      body: '',
      data: { appId: 'a1', appName: 'Broker Scout', chatItemId: 'c1', rating: 'bad', note: 'Cite the regulator' },
      read: false,
      createdAt: '2026-11-19T09:30:00.000Z',
    },
  ];
});

function show() {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <NotificationCenter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

describe('the messages page', { timeout: 30_000 }, () => {
  it('shows each message in the reader’s words, marks one read by its button, then all', async () => {
    const user = show();
    const opened = await screen.findByRole('listitem', { name: /Your shared chat was opened/ });
    expect(opened).toHaveTextContent('“Spreads explained” was opened for the first time.');
    const feedback = screen.getByRole('listitem', { name: /Feedback on Broker Scout/ });
    expect(feedback).toHaveTextContent('Someone found an answer unhelpful. Their note: “Cite the regulator”');
    expect(screen.getByText('Unread: 2')).toBeInTheDocument();
    // announcements come in the interface language
    expect(seen[0]).toContain('locale=en-US');

    // the button's name starts with what it shows, then says which message
    await user.click(within(opened).getByRole('button', { name: 'Mark read: Your shared chat was opened' }));
    await waitFor(() => expect(within(opened).queryByRole('button')).toBeNull());
    expect(await screen.findByText('Unread: 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(within(feedback).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says so when there are no messages yet', async () => {
    items = [];
    show();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });
});
