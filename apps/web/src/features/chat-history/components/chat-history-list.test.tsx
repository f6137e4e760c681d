import { errorCodes, type ChatHistoryItem } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import history from '../../../locales/en-US/history.json';
import { conversationStore, resetConversationStorage } from '../../../stores/conversation-store';
import { agent, breakTable, chat, officialApp, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { addChatHistory } from '../hooks/use-add-chat-history';
import { AgentsHistory, OfficialHistory } from './sidebar-histories';

const server = withRealServer();
/** The official assistant, and the user each test signs in as. */
let official: { id: string };
let owner: { userId: string; visitorId: null };

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'history', history, true, true);
});
beforeEach(async () => {
  resetConversationStorage();
  const { userId } = await server.signIn();
  owner = { userId, visitorId: null };
  official = await officialApp(server.app, server.db);
});

/** One of the user's chats with the official assistant, last updated at `updatedAt` (now by default). */
function officialChat(title: string, values: { updatedAt?: string; top?: boolean } = {}) {
  return chat(server.db, owner, { appId: official.id, title, top: values.top, updatedAt: values.updatedAt ? new Date(values.updatedAt) : undefined });
}

/** One of the user's chats with `withAgent`. */
function agentChat(withAgent: { id: string }, title: string, values: { updatedAt?: string } = {}) {
  return chat(server.db, owner, { appId: withAgent.id, title, updatedAt: values.updatedAt ? new Date(values.updatedAt) : undefined });
}

function renderAt(path: string, lists: 'both' | 'official' = 'both') {
  const element = (
    <>
      <OfficialHistory />
      {lists === 'both' && <AgentsHistory />}
    </>
  );
  return renderRoutes([{ path: '*', element }], path);
}

const officialList = () => screen.findByRole('list', { name: 'Customer service chats' });
const agentsList = () => screen.findByRole('list', { name: 'Agent chats' });
const titles = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.textContent);
const requestsTo = (path: string) => server.calls(`/api${path}`);

describe('loading the lists', () => {
  it('loads agents history five at a time, appending each further page', async () => {
    const tutor = await agent(server.db, { name: 'Tutor' });
    for (let i = 0; i < 7; i++) await agentChat(tutor, `Agent chat ${i}`, { updatedAt: `2025-01-0${9 - i}T00:00:00.000Z` });
    const { user } = renderAt('/home');
    expect(within(await agentsList()).getAllByRole('listitem')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(async () => expect(within(await agentsList()).getAllByRole('listitem')).toHaveLength(7));
    expect(requestsTo('/core/chat/agent/getHistories').map((request) => request.body)).toEqual([
      { pageNum: 1, pageSize: 5 },
      { pageNum: 2, pageSize: 5 },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    renderAt('/home');
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    expect(await screen.findByText('Your chats with agents will show up here.')).toBeInTheDocument();
  });

  it('swallows a failed load without a toast and offers a retry', async () => {
    await officialChat('Spreads');
    const restore = await breakTable(server.db, 'chats');
    try {
      const { user } = renderAt('/home', 'official');
      expect(await screen.findByText('The chats could not be loaded.')).toBeInTheDocument();
      expect(screen.queryByText(errorCodes.INTERNAL.msg)).not.toBeInTheDocument();

      await restore();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(within(await officialList()).getByRole('link', { name: 'Spreads' })).toBeInTheDocument();
    } finally {
      await restore();
    }
  });

  it('draws the list saved in conversationStorage at once, then what the server says, and saves that', async () => {
    const tutor = await agent(server.db, { name: 'Tutor' });
    const stored: ChatHistoryItem = {
      chatId: 'old',
      appId: tutor.id,
      title: 'From last visit',
      top: false,
      updateTime: '2025-01-01T00:00:00.000Z',
      appName: 'Tutor',
      appAvatarUrl: null,
      appDeleted: false,
    };
    conversationStore.setState({ discoverList: [{ ...stored, id: 'old' }] });
    const fresh = await agentChat(tutor, 'Fresh');
    renderAt('/home');
    expect(within(await agentsList()).getByRole('link', { name: /From last visit/ })).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: /Fresh/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /From last visit/ })).not.toBeInTheDocument();
    await waitFor(() => expect(conversationStore.getState().discoverList).toMatchObject([{ id: fresh.id, chatId: fresh.id, appId: tutor.id }]));
  });

  it('titles an untitled chat as a new chat', async () => {
    await officialChat('');
    renderAt('/home');
    expect(within(await officialList()).getByRole('link', { name: 'New Chat' })).toBeInTheDocument();
  });
});

describe('the actions of an entry', () => {
  it('pin from the keyboard, moving the chat to the top', async () => {
    await officialChat('First');
    const second = await officialChat('Second', { updatedAt: '2024-06-01T00:00:00.000Z' });
    const { user } = renderAt('/home');
    await officialList();

    screen.getByRole('button', { name: 'More actions for Second' }).focus();
    await user.keyboard('{Enter}');
    const pin = await screen.findByRole('menuitem', { name: /^Pin/ });
    await waitFor(() => expect(pin).toHaveFocus());
    // rc-menu reads the legacy `which`, which user-event's jsdom events leave at 0.
    fireEvent.keyDown(pin, { key: 'Enter', keyCode: 13, which: 13 });

    await waitFor(async () => expect(titles(await officialList())).toEqual(['SecondPinned', 'First']));
    expect(requestsTo('/core/chat/updateHistory')[0]?.body).toEqual({ appId: official.id, chatId: second.id, top: true });
  });

  it('puts a pin back when the server refuses it, saying why in the user’s language', async () => {
    const first = await officialChat('First');
    const { user } = renderAt('/home');
    await officialList();
    // deleted meanwhile, in another tab: the server refuses to pin what is gone
    await server.app.services.histories.deleteHistory(owner, { appId: official.id, chatId: first.id });
    await user.click(screen.getByRole('button', { name: 'More actions for First' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Pin/ }));
    expect(await screen.findByText('This was not found. It may have been deleted.')).toBeInTheDocument();
    await waitFor(async () => expect(titles(await officialList())).toEqual(['First']));
  });

  it('rename inline: Enter saves the trimmed title', async () => {
    const renamed = await officialChat('Old name');
    const { user } = renderAt('/home');
    await officialList();
    await user.click(screen.getByRole('button', { name: 'More actions for Old name' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));

    const input = screen.getByRole('textbox', { name: 'Chat title' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.clear(input);
    await user.type(input, '  Brokers compared {Enter}');

    expect(await within(await officialList()).findByRole('link', { name: 'Brokers compared' })).toBeInTheDocument();
    await waitFor(async () => expect((await server.app.services.histories.officialConversations(owner, { page: 1, pageSize: 20 })).list[0]?.title).toBe('Brokers compared'));
    expect(requestsTo('/core/chat/updateHistory')[0]?.body).toEqual({ appId: official.id, chatId: renamed.id, title: 'Brokers compared' });
  });

  it('rename inline: Escape cancels and an empty title is refused with a message', async () => {
    await officialChat('Old name');
    const { user } = renderAt('/home');
    await officialList();
    await user.click(screen.getByRole('button', { name: 'More actions for Old name' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const input = screen.getByRole('textbox', { name: 'Chat title' });
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('The title cannot be empty.')).toBeInTheDocument();
    expect(input).toBeInTheDocument();

    await user.type(input, 'Something else{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Chat title' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Old name' })).toBeInTheDocument();
    expect(requestsTo('/core/chat/updateHistory')).toEqual([]);
  });
});

describe('deleting a chat', () => {
  async function deleteChat(user: ReturnType<typeof userEvent.setup>, title: string) {
    await user.click(screen.getByRole('button', { name: `More actions for ${title}` }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this conversation?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  }

  it('asks first, then makes the previous chat active when the open one goes', async () => {
    const [o1, o2] = [
      await officialChat('Chat o1', { updatedAt: '2025-01-05T00:00:00.000Z' }),
      await officialChat('Chat o2', { updatedAt: '2025-01-04T00:00:00.000Z' }),
      await officialChat('Chat o3', { updatedAt: '2025-01-03T00:00:00.000Z' }),
    ];
    conversationStore.setState({ hitoAppId: official.id, hitoChatId: o2!.id });
    const { user, router } = renderAt(`/chat/${official.id}?chatId=${o2!.id}`);
    await officialList();

    await deleteChat(user, 'Chat o2');

    // the toast first: it goes after three seconds, which a busy machine may spend on the rest
    expect(await screen.findByText('Delete Success')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?chatId=${o1!.id}`));
    expect(requestsTo('/core/chat/agent/delHistory')[0]?.query.toString()).toBe(`appId=${official.id}&chatId=${o2!.id}`);
    expect(titles(await officialList())).toEqual(['Chat o1', 'Chat o3']);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat o1' })).toHaveAttribute('aria-current', 'page'));
    expect(conversationStore.getState()).toMatchObject({ hitoChatId: o1!.id, currentChatId: o1!.id });
  });

  it('leaves the open chat open when another one goes', async () => {
    const kept = await officialChat('Kept');
    await officialChat('Gone');
    const { user, router } = renderAt(`/chat/${official.id}?chatId=${kept.id}`);
    await officialList();
    await deleteChat(user, 'Gone');
    await waitFor(async () => expect(titles(await officialList())).toEqual(['Kept']));
    expect(router.state.location.search).toBe(`?chatId=${kept.id}`);
  });

  it('starts a new chat with the same agent when its last chat goes', async () => {
    const tutor = await agent(server.db, { name: 'Tutor' });
    const only = await agentChat(tutor, 'Only one');
    const { user, router } = renderAt(`/chat/${tutor.id}?chatId=${only.id}`);
    await agentsList();
    await deleteChat(user, 'Only one');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${tutor.id}`));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Your chats with agents will show up here.')).toBeInTheDocument();
  });

  it('forgets the official chat /home resumes and goes home when none is left', async () => {
    const only = await officialChat('Only one');
    conversationStore.setState({ hitoAppId: official.id, hitoChatId: only.id });
    const { user, router } = renderAt(`/chat/${official.id}?chatId=${only.id}`);
    await officialList();
    await deleteChat(user, 'Only one');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(conversationStore.getState()).toMatchObject({ hitoAppId: '', hitoChatId: '' });
  });
});

describe('adding a chat', () => {
  it('puts a new chat first, titled after its first message, and makes it current', async () => {
    const tutor = await agent(server.db, { name: 'Tutor' });
    await agentChat(tutor, 'Older');
    const { queryClient } = renderAt('/home');
    await agentsList();

    act(() =>
      addChatHistory(queryClient, {
        app: { id: tutor.id, name: 'Tutor', avatarUrl: null, isOfficial: false, deleted: false },
        chatId: 'a2',
        firstMessage: 'What is a pip?\nPlease explain',
      }),
    );

    expect(titles(await agentsList())).toEqual(['What is a pip? Please explainTutor', 'OlderTutor']);
    expect(conversationStore.getState().currentChatId).toBe('a2');
  });

  it('remembers a new official chat for /home to resume', async () => {
    const { queryClient } = renderAt('/home');
    await screen.findByText('No conversations yet.');
    act(() =>
      addChatHistory(queryClient, {
        app: { id: official.id, name: 'Parley', avatarUrl: null, isOfficial: true, deleted: false },
        chatId: 'o9',
        firstMessage: 'Hello',
      }),
    );
    expect(within(await officialList()).getByRole('link', { name: 'Hello' })).toBeInTheDocument();
    expect(conversationStore.getState()).toMatchObject({ hitoAppId: official.id, hitoChatId: 'o9' });
  });
});
