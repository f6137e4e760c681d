import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChatAppInfo, ChatItem } from '@parley/contracts';
import { errorCodes } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { sessionStore } from '../../../stores/session-store';
import { startLocalServer, sseFrame as frame } from '../../../test/local-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { ChatView } from './chat-view';

const appId = '4d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
const chatId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const app: ChatAppInfo = {
  id: appId,
  name: 'Spread tutor',
  avatarUrl: null,
  intro: 'Explains trading costs.',
  openingMessage: 'Ask me about spreads.',
  suggestedQuestions: [],
  isOfficial: false,
  creatorName: 'ada',
  deleted: false,
  closedBecause: null,
  hiddenByOperator: false,
};

function item(id: string, role: 'user' | 'assistant', content: string, status: ChatItem['status'] = 'done'): ChatItem {
  return {
    id,
    role,
    content,
    status,
    error: status === 'error' ? 'The answer was interrupted.' : null,
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

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => unknown;

let items: ChatItem[] = [];
const routes = new Map<string, Handler>();
const seen: { path: string; body: string }[] = [];
let server: Awaited<ReturnType<typeof startLocalServer>>;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openStream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
}

/** Streams go through real HTTP and several renders: generous on a slow machine, never a timing assertion. */
const waitLonger = { timeout: 10_000 };
const testTimeout = 30_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await setupTestI18n();
  server = await startLocalServer((req, res, body) => {
    const path = new URL(req.url ?? '/', 'http://test').pathname;
    seen.push({ path, body });
    if (path === '/api/core/chat/init') {
      return send(res, 200, { code: 0, msg: 'success', data: { app, chat: { id: chatId, title: 'Spreads', top: false, updateTime: '2030-01-01T00:00:00.000Z' }, items, hasMore: false } });
    }
    const route = routes.get(path);
    if (route) return route(req, res, body);
    return send(res, 404, { code: 404, msg: 'No such API route.', data: null });
  });
  setHttpBaseUrl(server.url);
});

afterAll(() => server.close());

beforeEach(() => {
  seen.length = 0;
  routes.clear();
  sessionStore.setState({ token: 'user-token', visitorToken: '', showLogin: false });
  items = [item('q1', 'user', 'What is a spread?'), item('a1', 'assistant', 'The gap between bid and ask.')];
});

function renderChat() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 100 }}>
        <ChatView appId={appId} chatId={chatId} onChatCreated={() => undefined} onNewChat={() => undefined} />
      </VirtuosoMockContext.Provider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const bodiesOf = (path: string) => seen.filter((request) => request.path === path).map((request) => JSON.parse(request.body) as unknown);

describe('an answer whose connection drops', () => {
  it('reconnects mid-answer and receives the rest, with no text lost or repeated', async () => {
    let releaseResume!: () => void;
    const resumeHeld = new Promise<void>((resolve) => (releaseResume = resolve));
    routes.set('/api/core/chat/completions', async (_req, res) => {
      openStream(res);
      res.write(frame('start', { chatId, title: 'Spreads', questionId: 'q2', answerId: 'a2', model: 'offline' }, 1));
      res.write(frame('delta', { text: 'A pip is ' }, 2));
      res.write(frame('delta', { text: 'the smallest ' }, 3));
      await pause(50);
      // the connection dies mid-answer (a proxy restart, a network change)
      res.socket?.destroy();
    });
    routes.set('/api/core/chat/resume', async (_req, res) => {
      await resumeHeld;
      openStream(res);
      // the server sends from the offset asked for; a repeat would be ignored all the same
      res.write(frame('delta', { text: 'the smallest ' }, 3));
      res.write(frame('delta', { text: 'price step.' }, 4));
      res.write(frame('usage', { promptTokens: 9, completionTokens: 7 }, 5));
      res.end(frame('done', { answerId: 'a2', status: 'done' }, 6));
    });

    const user = renderChat();
    await user.click(await screen.findByRole('combobox', { name: 'Your question' }));
    await user.paste('What is a pip?');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Connection lost — reconnecting…', undefined, waitLonger)).toBeInTheDocument();
    expect(await screen.findByText(/A pip is the smallest/, undefined, waitLonger)).toBeInTheDocument();
    releaseResume();

    expect(await screen.findByText('A pip is the smallest price step.', undefined, waitLonger)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Connection lost — reconnecting…')).toBeNull(), waitLonger);
    expect(bodiesOf('/api/core/chat/resume')).toEqual([{ answerId: 'a2', after: 3 }]);
    expect(await screen.findByText('offline · 16 tokens', undefined, waitLonger)).toBeInTheDocument();
    expect(screen.queryByText('The connection was lost before the answer finished.')).toBeNull();
  }, testTimeout);

  it('follows an answer still being written when the chat is opened again (a reload), in place of the half-saved one', async () => {
    items = [item('q2', 'user', 'What is a pip?'), item('a2', 'assistant', 'A pip is th', 'streaming')];
    routes.set('/api/core/chat/resume', async (_req, res) => {
      openStream(res);
      res.write(frame('start', { chatId, title: 'Spreads', questionId: 'q2', answerId: 'a2', model: 'offline' }, 1));
      res.write(frame('delta', { text: 'A pip is the smallest ' }, 2));
      await pause(20);
      res.write(frame('delta', { text: 'price step.' }, 3));
      res.end(frame('done', { answerId: 'a2', status: 'done' }, 4));
    });

    renderChat();

    expect(await screen.findByText('A pip is the smallest price step.', undefined, waitLonger)).toBeInTheDocument();
    expect(bodiesOf('/api/core/chat/resume')).toEqual([{ answerId: 'a2', after: 0 }]);
    expect(screen.queryByText('A pip is th')).toBeNull();
    expect(screen.getAllByText('A pip is the smallest price step.')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Regenerate' }, waitLonger)).toBeInTheDocument();
  }, testTimeout);

  it('shows what the server saved when the answer it tried to follow has already ended', async () => {
    items = [item('q3', 'user', 'What is a pip?'), item('a3', 'assistant', 'A pip is th', 'streaming')];
    routes.set('/api/core/chat/resume', (_req, res) => {
      items = [...items.slice(0, -1), item('a3', 'assistant', 'A pip is the smallest', 'error')];
      send(res, 404, { code: errorCodes.NOT_FOUND.code, msg: 'This answer is no longer streaming; reload the chat to see it.', data: null });
    });

    renderChat();

    expect(await screen.findByText('A pip is the smallest', undefined, waitLonger)).toBeInTheDocument();
    expect(bodiesOf('/api/core/chat/resume')).toHaveLength(1);
    expect(seen.filter((request) => request.path === '/api/core/chat/init')).toHaveLength(2);
    expect(await screen.findByText('This answer could not be completed.', undefined, waitLonger)).toBeInTheDocument();
  }, testTimeout);

  it('asks again when the server that got the question was shutting down', async () => {
    let refusals = 0;
    routes.set('/api/core/chat/completions', (_req, res) => {
      if (refusals++ === 0) {
        const { code, msg, status } = errorCodes.SHUTTING_DOWN;
        return send(res, status, { code, msg, data: null });
      }
      openStream(res);
      res.write(frame('start', { chatId, title: 'Spreads', questionId: 'q2', answerId: 'a2', model: 'offline' }, 1));
      res.write(frame('delta', { text: 'Asked again.' }, 2));
      res.end(frame('done', { answerId: 'a2', status: 'done' }, 3));
    });

    const user = renderChat();
    await user.click(await screen.findByRole('combobox', { name: 'Your question' }));
    await user.paste('What is a pip?');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Asked again.', undefined, waitLonger)).toBeInTheDocument();
    expect(bodiesOf('/api/core/chat/completions')).toHaveLength(2);
    expect(screen.queryByText(errorCodes.SHUTTING_DOWN.msg)).toBeNull();
  }, testTimeout);
});
