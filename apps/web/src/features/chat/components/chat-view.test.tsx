import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatAppInfo, ChatItem } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';
import { startLocalServer, sseFrame as frame } from '../../../test/local-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { ChatView, type ChatActivity } from './chat-view';

const appId = '7f1c9a52-3b8e-4f6a-9d2c-0a1b2c3d4e5f';
const chatId = '0e6f3c1a-5b7d-4e9f-8a2b-3c4d5e6f7a8b';

function item(id: string, role: 'user' | 'assistant', content: string): ChatItem {
  return {
    id,
    role,
    content,
    status: 'done',
    error: null,
    citations: [],
    model: role === 'assistant' ? 'offline' : null,
    promptTokens: 0,
    completionTokens: 0,
    userGoodFeedback: false,
    userBadFeedback: false,
    customFeedbacks: [],
    createdAt: '2030-01-01T00:00:00.000Z',
  };
}

let app: ChatAppInfo;
let items: ChatItem[];
let quotaUsed = true;
const newChatId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function streamAnswer(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(
    frame('start', { chatId: newChatId, title: 'What is a pip?', questionId: 'q9', answerId: 'a9', model: 'offline' }) +
      frame('delta', { text: 'A pip is the smallest ' }) +
      frame('delta', { text: 'price step.' }) +
      frame('usage', { promptTokens: 10, completionTokens: 6 }) +
      frame('done', { answerId: 'a9', status: 'done' }),
  );
}
const seen: { method: string; path: string; body: string }[] = [];
let server: Awaited<ReturnType<typeof startLocalServer>>;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The chat API as the server answers it, for one chat with one agent. */
function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://test');
  const ok = (data: unknown) => send(res, 200, { code: 0, msg: 'success', data });
  switch (url.pathname) {
    case '/api/core/chat/init':
      if (!url.searchParams.has('chatId')) return ok({ app, chat: null, items: [], hasMore: false });
      return ok({ app, chat: { id: chatId, title: 'Spreads', top: false, updateTime: '2030-01-01T00:00:00.000Z' }, items, hasMore: false });
    case '/api/core/chat/item/delete':
      items = items.filter((entry) => entry.id !== JSON.parse(body).itemId);
      return ok(null);
    case '/api/core/chat/clearHistories':
      items = [];
      return ok(null);
    case '/api/core/chat/completions':
      if (!quotaUsed) return streamAnswer(res);
      return send(res, 429, { code: 10005, msg: "You have used today's free messages. Log in to keep chatting.", data: null });
    default:
      return send(res, 404, { code: 404, msg: 'No such API route.', data: null });
  }
}

beforeAll(async () => {
  await setupTestI18n();
  server = await startLocalServer((req, res, body) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', body });
    answer(req, res, body);
  });
  setHttpBaseUrl(server.url);
});

afterAll(() => server.close());

beforeEach(() => {
  seen.length = 0;
  quotaUsed = true;
  // A logged-in user, so calls keep their /api paths.
  sessionStore.setState({ token: 'user-token', visitorToken: '', showLogin: false });
  app = {
    id: appId,
    name: 'Spread tutor',
    avatarUrl: null,
    intro: 'Explains trading costs.',
    openingMessage: 'Ask me about spreads.',
    suggestedQuestions: ['What is a pip?'],
    isOfficial: false,
    creatorName: 'ada',
    deleted: false,
    closedBecause: null,
    hiddenByOperator: false,
  };
  items = [item('q1', 'user', 'What is a spread?'), item('a1', 'assistant', 'The gap between bid and ask.')];
});

/** Opens the chat, or with `openChatId: null` a new chat with the agent. */
function renderChat({ openChatId = chatId, onChatCreated = () => undefined }: { openChatId?: string | null; onChatCreated?: (chat: ChatActivity) => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 100 }}>
        <ChatView appId={appId} chatId={openChatId ?? undefined} onChatCreated={onChatCreated} onNewChat={() => undefined} />
      </VirtuosoMockContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (path: string) => seen.filter((request) => request.path.startsWith(path));

describe('the chat screen', () => {
  it('shows the app, its opening message and the chat', async () => {
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Spread tutor' })).toBeInTheDocument();
    expect(screen.getByText('by ada')).toBeInTheDocument();
    expect(await screen.findByText('What is a spread?')).toBeInTheDocument();
    expect(await screen.findByText('Ask me about spreads.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What is a pip?' })).toBeEnabled();
  });

  it('asks before deleting a message, and deletes nothing when cancelled', async () => {
    const user = renderChat();
    const question = await screen.findByRole('article', { name: 'You' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this message?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls('/api/core/chat/item/delete')).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findAllByText('Delete this message?')).at(-1)!.closest('.ant-popover') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('What is a spread?')).toBeNull());
    expect(calls('/api/core/chat/item/delete').map((request) => JSON.parse(request.body))).toEqual([{ chatId, itemId: 'q1' }]);
    expect(screen.getByText('The gap between bid and ask.')).toBeInTheDocument();
  });

  it('asks before clearing the chat, then clears it', async () => {
    const user = renderChat();
    await user.click(await screen.findByRole('button', { name: 'Clear chat' }));
    const confirm = (await screen.findByText('Clear this chat?')).closest('.ant-popover') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));

    await waitFor(() => expect(screen.queryByText('What is a spread?')).toBeNull());
    expect(calls('/api/core/chat/clearHistories').map((request) => request.path)).toEqual([`/api/core/chat/clearHistories?id=${chatId}`]);
  });

  it('keeps a refused question in the box and invites a visitor over the quota to log in', async () => {
    const user = renderChat();
    const box = await screen.findByRole('combobox', { name: 'Your question' });
    await user.type(box, 'One more question{Enter}');

    expect(await screen.findByText("Today's free messages are used up")).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('One more question'));
    expect(screen.queryByText('One more question', { selector: '.chat-message__text' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(sessionStore.getState().showLogin).toBe(true);
  });

  it('streams the answer to a new chat\'s first question and hands the new chat to the route', async () => {
    quotaUsed = false;
    const created: ChatActivity[] = [];
    const user = renderChat({ openChatId: null, onChatCreated: (chat) => created.push(chat) });
    await user.click(await screen.findByRole('button', { name: 'What is a pip?' }));

    expect(await screen.findByText('A pip is the smallest price step.')).toBeInTheDocument();
    await waitFor(() => expect(created).toEqual([{ app, chatId: newChatId, question: 'What is a pip?' }]));
    expect(JSON.parse(calls('/api/core/chat/completions')[0]?.body ?? '{}')).toMatchObject({ appId, content: 'What is a pip?', usingContext: true });
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getByText('offline · 16 tokens')).toBeInTheDocument();
  });

  it('shows a deleted agent\'s chat read-only, saying the agent no longer exists', async () => {
    app = { ...app, deleted: true, closedBecause: 'deleted' };
    renderChat();
    expect(await screen.findByText('This agent no longer exists')).toBeInTheDocument();
    expect(await screen.findByText('What is a spread?')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(screen.queryByRole('combobox', { name: 'Your question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('tells someone else that an operator hid the agent, and takes no question', async () => {
    app = { ...app, deleted: true, closedBecause: 'hidden' };
    renderChat();
    expect(await screen.findByText('An operator hid this agent')).toBeInTheDocument();
    expect(await screen.findByText('What is a spread?')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Your question' })).toBeNull();
  });

  it('lets the owner of a hidden agent go on chatting, with a warning that only they can', async () => {
    app = { ...app, hiddenByOperator: true };
    renderChat();
    expect(await screen.findByText('Only you can still chat with this agent')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Your question' })).toBeInTheDocument();
  });
});
