import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { conversationStore, resetConversationStorage } from '../../../stores/conversation-store';
import { sessionStore } from '../../../stores/session-store';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { addChatHistory } from '../hooks/use-add-chat-history';
import { historyItem, loadHistoryTexts, startHistoryApi, type HistoryApi } from '../testing/history-api-server';
import { AgentsHistory, OfficialHistory } from './sidebar-histories';

let api: HistoryApi;

beforeAll(async () => {
  await setupTestI18n();
  loadHistoryTexts();
  api = await startHistoryApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  resetConversationStorage();
  sessionStore.setState({ token: 'user-token', visitorToken: '' });
});

function renderAt(path: string) {
  const element = (
    <>
      <OfficialHistory />
      <AgentsHistory />
    </>
  );
  return renderRoutes([{ path: '*', element }], path);
}

const officialList = () => screen.findByRole('list', { name: 'Customer service chats' });
const agentsList = () => screen.findByRole('list', { name: 'Agent chats' });
const titles = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.textContent);
const requestsTo = (path: string) => api.seen.filter((request) => request.path === `/api${path}`);

describe('loading the lists', () => {
  it('loads agents history five at a time, appending each further page', async () => {
    api.lists.agents = Array.from({ length: 7 }, (_, i) =>
      historyItem(`a${i}`, { appId: 'agent', appName: 'Tutor', title: `Agent chat ${i}`, updateTime: `2025-01-0${9 - i}T00:00:00.000Z` }),
    );
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
    api.fail('/conversation/list');
    api.lists.official = [historyItem('o1', { title: 'Spreads' })];
    const { user } = renderAt('/home');
    expect(await screen.findByText('The chats could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Something broke')).not.toBeInTheDocument();

    api.heal();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await officialList()).getByRole('link', { name: 'Spreads' })).toBeInTheDocument();
  });

  it('draws the list saved in conversationStorage at once, then what the server says, and saves that', async () => {
    const stored = historyItem('old', { appId: 'agent', appName: 'Tutor', title: 'From last visit' });
    conversationStore.setState({ discoverList: [{ ...stored, id: 'old' }] });
    api.lists.agents = [historyItem('new', { appId: 'agent', appName: 'Tutor', title: 'Fresh' })];
    renderAt('/home');
    expect(within(await agentsList()).getByRole('link', { name: /From last visit/ })).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: /Fresh/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /From last visit/ })).not.toBeInTheDocument();
    await waitFor(() => expect(conversationStore.getState().discoverList).toMatchObject([{ id: 'new', chatId: 'new', appId: 'agent' }]));
  });

  it('titles an untitled chat as a new chat', async () => {
    api.lists.official = [historyItem('o1', { title: '' })];
    renderAt('/home');
    expect(within(await officialList()).getByRole('link', { name: 'New Chat' })).toBeInTheDocument();
  });
});

describe('the actions of an entry', () => {
  it('pin from the keyboard, moving the chat to the top', async () => {
    api.lists.official = [historyItem('o1', { title: 'First' }), historyItem('o2', { title: 'Second', updateTime: '2024-06-01T00:00:00.000Z' })];
    const { user } = renderAt('/home');
    await officialList();

    screen.getByRole('button', { name: 'More actions for Second' }).focus();
    await user.keyboard('{Enter}');
    const pin = await screen.findByRole('menuitem', { name: /^Pin/ });
    await waitFor(() => expect(pin).toHaveFocus());
    // rc-menu reads the legacy `which`, which user-event's jsdom events leave at 0.
    fireEvent.keyDown(pin, { key: 'Enter', keyCode: 13, which: 13 });

    await waitFor(async () => expect(titles(await officialList())).toEqual(['SecondPinned', 'First']));
    expect(requestsTo('/core/chat/updateHistory')[0]?.body).toEqual({ appId: 'official-app', chatId: 'o2', top: true });
  });

  it('puts a pin back when the server refuses it, showing its message', async () => {
    api.lists.official = [historyItem('o1', { title: 'First' })];
    api.fail('/core/chat/updateHistory');
    const { user } = renderAt('/home');
    await officialList();
    await user.click(screen.getByRole('button', { name: 'More actions for First' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Pin/ }));
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    await waitFor(async () => expect(titles(await officialList())).toEqual(['First']));
  });

  it('rename inline: Enter saves the trimmed title', async () => {
    api.lists.official = [historyItem('o1', { title: 'Old name' })];
    const { user } = renderAt('/home');
    await officialList();
    await user.click(screen.getByRole('button', { name: 'More actions for Old name' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));

    const input = screen.getByRole('textbox', { name: 'Chat title' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.clear(input);
    await user.type(input, '  Brokers compared {Enter}');

    expect(await within(await officialList()).findByRole('link', { name: 'Brokers compared' })).toBeInTheDocument();
    await waitFor(() => expect(api.lists.official[0]?.title).toBe('Brokers compared'));
    expect(requestsTo('/core/chat/updateHistory')[0]?.body).toEqual({ appId: 'official-app', chatId: 'o1', title: 'Brokers compared' });
  });

  it('rename inline: Escape cancels and an empty title is refused with a message', async () => {
    api.lists.official = [historyItem('o1', { title: 'Old name' })];
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
    api.lists.official = ['o1', 'o2', 'o3'].map((id, i) => historyItem(id, { title: `Chat ${id}`, updateTime: `2025-01-0${5 - i}T00:00:00.000Z` }));
    conversationStore.setState({ hitoAppId: 'official-app', hitoChatId: 'o2' });
    const { user, router } = renderAt('/chat/official-app?chatId=o2');
    await officialList();

    await deleteChat(user, 'Chat o2');

    await waitFor(() => expect(router.state.location.search).toBe('?chatId=o1'));
    expect(requestsTo('/core/chat/agent/delHistory')[0]?.query.toString()).toBe('appId=official-app&chatId=o2');
    expect(titles(await officialList())).toEqual(['Chat o1', 'Chat o3']);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat o1' })).toHaveAttribute('aria-current', 'page'));
    expect(conversationStore.getState()).toMatchObject({ hitoChatId: 'o1', currentChatId: 'o1' });
    expect(await screen.findByText('Delete Success')).toBeInTheDocument();
  });

  it('leaves the open chat open when another one goes', async () => {
    api.lists.official = [historyItem('o1', { title: 'Kept' }), historyItem('o2', { title: 'Gone' })];
    const { user, router } = renderAt('/chat/official-app?chatId=o1');
    await officialList();
    await deleteChat(user, 'Gone');
    await waitFor(async () => expect(titles(await officialList())).toEqual(['Kept']));
    expect(router.state.location.search).toBe('?chatId=o1');
  });

  it('starts a new chat with the same agent when its last chat goes', async () => {
    api.lists.agents = [historyItem('a1', { appId: 'agent-7', appName: 'Tutor', title: 'Only one' })];
    const { user, router } = renderAt('/chat/agent-7?chatId=a1');
    await agentsList();
    await deleteChat(user, 'Only one');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/agent-7'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Your chats with agents will show up here.')).toBeInTheDocument();
  });

  it('forgets the official chat /home resumes and goes home when none is left', async () => {
    api.lists.official = [historyItem('o1', { title: 'Only one' })];
    conversationStore.setState({ hitoAppId: 'official-app', hitoChatId: 'o1' });
    const { user, router } = renderAt('/chat/official-app?chatId=o1');
    await officialList();
    await deleteChat(user, 'Only one');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(conversationStore.getState()).toMatchObject({ hitoAppId: '', hitoChatId: '' });
  });
});

describe('adding a chat', () => {
  it('puts a new chat first, titled after its first message, and makes it current', async () => {
    api.lists.agents = [historyItem('a1', { appId: 'agent', appName: 'Tutor', title: 'Older' })];
    const { queryClient } = renderAt('/home');
    await agentsList();

    act(() =>
      addChatHistory(queryClient, {
        app: { id: 'agent', name: 'Tutor', avatarUrl: null, isOfficial: false, deleted: false },
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
        app: { id: 'official-app', name: 'Parley', avatarUrl: null, isOfficial: true, deleted: false },
        chatId: 'o9',
        firstMessage: 'Hello',
      }),
    );
    expect(within(await officialList()).getByRole('link', { name: 'Hello' })).toBeInTheDocument();
    expect(conversationStore.getState()).toMatchObject({ hitoAppId: 'official-app', hitoChatId: 'o9' });
  });
});
