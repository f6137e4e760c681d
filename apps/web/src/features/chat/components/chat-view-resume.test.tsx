import { chatPaths, errorCodes } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { agent, chat, items, startFakeOpenAI, startServerForWeb, withRealServer, type TestUser } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { streamCompletion } from '../api/stream-answer';
import { ChatView } from './chat-view';

// the answers come from the server's own fake model service, which pauses mid-answer when told
// two models: users pick one, so each answer names the model that gave it
const model = await startFakeOpenAI({ models: ['fake-model', 'fake-large'] });
const config = { LLM_BASE_URL: model.url, LLM_MODELS: 'fake-model,fake-large' };
const server = withRealServer(config);
/** The signed-in user of each test, and the agent they chat with. */
let me: TestUser;
let appId: string;

// Streams go through real HTTP and several renders on a shared 2-core machine: waits are
// generous but end as soon as met, and no assertion is about timing.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

/** A model that writes its first words, then waits for `model.proceed()` before the rest. */
const pausingAnswer = { kind: 'ok' as const, tokens: ['A pip is ', 'the smallest ', 'price step.'], pauseAfter: 1 };
const firstWords = 'A pip is';
const wholeAnswer = 'A pip is the smallest price step.';

const calls = (path: string) => server.calls(`/api${path}`);
const asMe = () => ({ userId: me.userId, visitorId: null });

beforeAll(() => setupTestI18n());
afterAll(() => model.close());
beforeEach(async () => {
  model.reset();
  me = await server.signIn();
  appId = (await agent(server.db, { name: 'Spread tutor', visibility: 'public' })).id;
});

/** The user's chat "Spreads" with the agent: a question and its answer unless `messages` are given. */
async function spreadsChat(messages: Parameters<typeof items>[2] = [
  { role: 'user', content: 'What is a spread?' },
  { role: 'assistant', content: 'The gap between bid and ask.', model: 'fake-model' },
]) {
  const { id } = await chat(server.db, asMe(), { appId, title: 'Spreads' });
  await items(server.db, id, messages);
  return id;
}

/** The chat's messages as the server keeps them. */
async function savedItems(chatId: string) {
  return (await server.app.services.histories.chatInit(asMe(), { appId, chatId })).items;
}

function renderChat(chatId: string) {
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

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.click(await screen.findByRole('textbox', { name: 'Your question' }));
  await user.paste(question);
  await user.keyboard('{Enter}');
}

describe('an answer whose connection drops', () => {
  it('reconnects mid-answer and receives the rest, with no text lost or repeated', async () => {
    model.setScenario(pausingAnswer);
    const chatId = await spreadsChat();
    // the screen's attempt to reconnect waits until the test lets it through
    const releaseResume = server.hold(`/api${chatPaths.resume}`);
    const user = renderChat(chatId);
    await ask(user, 'What is a pip?');
    expect(await screen.findByText(firstWords)).toBeInTheDocument();

    // the connection dies mid-answer (a proxy restart, a network change)
    expect(server.cut(`/api${chatPaths.completions}`)).toBe(1);
    expect(await screen.findByText('Connection lost — reconnecting…')).toBeInTheDocument();
    expect(screen.getByText(firstWords)).toBeInTheDocument();
    // the model writes the rest meanwhile, and the server keeps it for whoever resumes
    model.proceed();
    releaseResume();

    // the answer's actions show once it has ended (its text is drawn anew then)
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getAllByText(wholeAnswer)).toHaveLength(1);
    expect(screen.queryByText('Connection lost — reconnecting…')).toBeNull();
    const answer = (await savedItems(chatId)).at(-1)!;
    expect(answer).toMatchObject({ role: 'assistant', content: wholeAnswer, status: 'done' });
    // it asked for what followed the start (1) and the first words (2), the events it had
    expect(calls(chatPaths.resume).map((request) => request.body)).toEqual([{ answerId: answer.id, after: 2 }]);
    // the answer names its model; the token counts are only in that name's tooltip
    expect(await screen.findByTitle(`Question ${answer.promptTokens} tokens · answer ${answer.completionTokens} tokens`)).toHaveTextContent(/^fake-model$/);
    expect(screen.queryByText('The connection was lost before the answer finished.')).toBeNull();
  });

  it('follows an answer still being written when the chat is opened again (a reload), in place of the half-saved one', async () => {
    model.setScenario(pausingAnswer);
    const chatId = await spreadsChat();
    // asked in this tab before a reload, which came once the first words had
    const tab = new AbortController();
    let answerId = '';
    const asked = streamCompletion({ appId, chatId, content: 'What is a pip?' }, {
      signal: tab.signal,
      silent: true,
      onEvent: (event) => {
        if (event.event === 'start') answerId = event.data.answerId;
        if (event.event === 'delta') tab.abort();
      },
    });
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
    // the server saves a long answer's text as it goes (every 2 s): the chat opens with it half-saved
    const halfSaved = async () => expect((await savedItems(chatId)).at(-1)).toMatchObject({ id: answerId, status: 'streaming', content: 'A pip is ' });
    await vi.waitFor(halfSaved, { timeout: 10_000, interval: 100 });

    renderChat(chatId);
    await waitFor(() => expect(calls(chatPaths.resume)).toHaveLength(1));
    model.proceed();

    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getAllByText(wholeAnswer)).toHaveLength(1);
    expect(screen.queryByText(firstWords)).toBeNull();
    expect(calls(chatPaths.resume).map((request) => request.body)).toEqual([{ answerId, after: 0 }]);
  });

  it('shows what the server saved when the answer it tried to follow has already ended', async () => {
    // an answer left streaming by a server process that died: no server follows it any more
    const chatId = await spreadsChat([
      { role: 'user', content: 'What is a pip?' },
      { role: 'assistant', content: 'A pip is the smallest', status: 'streaming', model: 'fake-model', updatedAt: new Date(Date.now() - 60_000) },
    ]);
    const releaseResume = server.hold(`/api${chatPaths.resume}`);
    renderChat(chatId);
    await waitFor(() => expect(calls(chatPaths.resume)).toHaveLength(1));
    // meanwhile the server's sweep ends it as interrupted, as it does answers a dead process left
    await server.app.services.chat.recoverInterrupted();
    releaseResume();

    expect(await screen.findByText('This answer could not be completed.')).toBeInTheDocument();
    expect(screen.getByText('A pip is the smallest')).toBeInTheDocument();
    expect(calls(chatPaths.resume)).toHaveLength(1);
    expect(calls(chatPaths.chatInit)).toHaveLength(2);
  });

  it('asks again when the server that got the question was shutting down', async () => {
    model.setScenario({ kind: 'ok', text: 'Asked again.' });
    const chatId = await spreadsChat();
    // a second instance on the same database, shutting down: the question reaches it first,
    // and the next attempt the instance that stays, as a load balancer would send them
    const leaving = await startServerForWeb(config);
    onTestFinished(async () => {
      setHttpBaseUrl(server.url);
      await leaving.close();
    });
    await leaving.app.shutdown.drain();
    setHttpBaseUrl(leaving.url);
    const releaseQuestion = leaving.hold(`/api${chatPaths.completions}`);
    const user = renderChat(chatId);
    await ask(user, 'What is a pip?');
    await waitFor(() => expect(leaving.requests.filter((request) => request.path === `/api${chatPaths.completions}`)).toHaveLength(1));
    setHttpBaseUrl(server.url);
    releaseQuestion();

    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getByText('Asked again.')).toBeInTheDocument();
    expect(calls(chatPaths.completions)).toHaveLength(1);
    expect(screen.queryByText(errorCodes.SHUTTING_DOWN.msg)).toBeNull();
    expect((await savedItems(chatId)).map((item) => item.content)).toEqual(['What is a spread?', 'The gap between bid and ask.', 'What is a pip?', 'Asked again.']);
  });
});
