import { chatPaths } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { agent, chat, items, setBlockedKeywords, withRealServer, type TestUser } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { streamCompletion } from '../api/stream-answer';
import { ChatView, type ChatActivity } from './chat-view';

// a visitor has one free message a day here: the one visitor's second question is over the quota
const server = withRealServer({ VISITOR_DAILY_MESSAGES: '1' });
/** Who made the agent each test chats with; the one chatting is another account unless said. */
let maker: TestUser;

// Each test drives the chat screen against the real server on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

type Owner = { userId: string; visitorId: null };
const asOwner = (user: TestUser): Owner => ({ userId: user.userId, visitorId: null });
const calls = (path: string) => server.calls(`/api${path}`);

beforeAll(() => setupTestI18n());
beforeEach(async () => {
  maker = await server.newUser();
});

/** The maker's public agent the chats are with, with an opening message and a suggested question. */
function spreadTutor(values: Parameters<typeof agent>[1] = {}) {
  return agent(server.db, {
    ownerId: maker.userId,
    name: 'Spread tutor',
    intro: 'Explains trading costs.',
    openingMessage: 'Ask me about spreads.',
    suggestedQuestions: ['What is a pip?'],
    visibility: 'public',
    ...values,
  });
}

/** `owner`'s chat "Spreads" with the agent: one question and its answer. */
async function spreadsChat(appId: string, owner: Owner) {
  const { id: chatId } = await chat(server.db, owner, { appId, title: 'Spreads' });
  const [question] = await items(server.db, chatId, [
    { role: 'user', content: 'What is a spread?' },
    { role: 'assistant', content: 'The gap between bid and ask.', model: 'offline' },
  ]);
  return { chatId, questionId: question!.id };
}

/** The messages of `owner`'s chat with the agent, as the server keeps them. */
async function savedItems(owner: Owner, appId: string, chatId: string) {
  return (await server.app.services.histories.chatInit(owner, { appId, chatId })).items;
}

/** Opens the chat with the agent, or with `chatId: null` a new chat. */
function renderChat(
  appId: string,
  { chatId, onChatCreated = () => undefined, channel }: { chatId: string | null; onChatCreated?: (chat: ChatActivity) => void; channel?: 'share' },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithApp(
    <QueryClientProvider client={queryClient}>
      <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 100 }}>
        <ChatView appId={appId} chatId={chatId ?? undefined} channel={channel} onChatCreated={onChatCreated} onNewChat={() => undefined} />
      </VirtuosoMockContext.Provider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), unmount: view.unmount };
}

/** The last answer of the agent on screen (the opening message is its first). */
const lastAnswer = (agentName: string) => screen.getAllByRole('article', { name: agentName }).at(-1)!;

describe('the chat screen', () => {
  it('shows the agent, its maker, its opening message and the chat', async () => {
    const me = await server.signIn();
    const tutor = await spreadTutor();
    const { chatId } = await spreadsChat(tutor.id, asOwner(me));
    renderChat(tutor.id, { chatId });
    expect(await screen.findByRole('heading', { name: 'Spread tutor' })).toBeInTheDocument();
    expect(screen.getByText(`by ${maker.username}`)).toBeInTheDocument();
    expect(await screen.findByText('What is a spread?')).toBeInTheDocument();
    expect(await screen.findByText('Ask me about spreads.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What is a pip?' })).toBeEnabled();
  });

  it('asks before deleting a message, and deletes nothing when cancelled', async () => {
    const me = await server.signIn();
    const tutor = await spreadTutor();
    const { chatId, questionId } = await spreadsChat(tutor.id, asOwner(me));
    const { user } = renderChat(tutor.id, { chatId });
    const question = await screen.findByRole('article', { name: 'You' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this message?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls(chatPaths.deleteItem)).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findAllByText('Delete this message?')).at(-1)!.closest('.ant-popover') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('What is a spread?')).toBeNull());
    expect(calls(chatPaths.deleteItem).map((request) => request.body)).toEqual([{ chatId, itemId: questionId }]);
    expect(screen.getByText('The gap between bid and ask.')).toBeInTheDocument();
    expect((await savedItems(asOwner(me), tutor.id, chatId)).map((item) => item.content)).toEqual(['The gap between bid and ask.']);
  });

  it('asks before clearing the chat, then clears it', async () => {
    const me = await server.signIn();
    const tutor = await spreadTutor();
    const { chatId } = await spreadsChat(tutor.id, asOwner(me));
    const { user } = renderChat(tutor.id, { chatId });
    await user.click(await screen.findByRole('button', { name: 'Clear chat' }));
    const confirm = (await screen.findByText('Clear this chat?')).closest('.ant-popover') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }));

    await waitFor(() => expect(screen.queryByText('What is a spread?')).toBeNull());
    expect(calls(chatPaths.clearHistories).map((request) => request.query.get('id'))).toEqual([chatId]);
    expect(await savedItems(asOwner(me), tutor.id, chatId)).toEqual([]);
  });

  it('keeps a refused question in the box and invites a visitor over the quota to log in', async () => {
    await server.visit();
    const tutor = await spreadTutor();
    // the visitor's one free message of the day, asked earlier: the chat it began
    let chatId = '';
    await streamCompletion({ appId: tutor.id, content: 'What is a spread?' }, {
      silent: true,
      onEvent: (event) => {
        if (event.event === 'start') chatId = event.data.chatId;
      },
    });
    const { user } = renderChat(tutor.id, { chatId });
    const box = await screen.findByRole('textbox', { name: 'Your question' });
    await user.type(box, 'One more question{Enter}');

    expect(await screen.findByText("Today's free messages are used up")).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('One more question'));
    expect(screen.queryByText('One more question', { selector: '.chat-message__text' })).toBeNull();
    expect(calls(chatPaths.completions)).toMatchObject([{ body: { content: 'What is a spread?' } }, { body: { content: 'One more question' } }]);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(sessionStore.getState().showLogin).toBe(true);
  });

  it("keeps a question the site's content check refused in the box, saying why in the user's language", async () => {
    await server.signIn();
    const tutor = await spreadTutor();
    await setBlockedKeywords(server.db, ['online casino']);
    try {
      const { user } = renderChat(tutor.id, { chatId: null });
      const box = await screen.findByRole('textbox', { name: 'Your question' });
      await user.type(box, 'Which online casino pays best?{Enter}');

      // the screen's own words (the server's English message says "cannot")
      expect(await screen.findByText('This question can’t be answered here because it touches on content this site does not allow. Please rephrase it.')).toBeInTheDocument();
      await waitFor(() => expect(box).toHaveValue('Which online casino pays best?'));
      expect(screen.queryByText('Which online casino pays best?', { selector: '.chat-message__text' })).toBeNull();
    } finally {
      await setBlockedKeywords(server.db, []);
    }
  });

  it("streams the answer to a new chat's first question and hands the new chat to the route", async () => {
    const me = await server.signIn();
    const tutor = await spreadTutor();
    // no model service here: the server's offline responder answers from the agent's Q&A entry
    await server.app.services.knowledge.createEntry(asOwner(maker), tutor.id, { kind: 'qa', question: 'What is a pip?', content: 'A pip is the smallest price step.' });
    const created: ChatActivity[] = [];
    const { user } = renderChat(tutor.id, { chatId: null, onChatCreated: (activity) => created.push(activity) });
    await user.click(await screen.findByRole('button', { name: 'What is a pip?' }));

    // the answer's actions show once it has ended (its text is drawn anew then)
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getByText('A pip is the smallest price step.')).toBeInTheDocument();
    expect(created).toEqual([{ app: expect.objectContaining({ id: tutor.id, name: 'Spread tutor' }), chatId: expect.any(String), question: 'What is a pip?' }]);
    expect(calls(chatPaths.completions)[0]?.body).toMatchObject({ appId: tutor.id, content: 'What is a pip?', usingContext: true });
    // the chat handed over is the one the server saved the question and answer in, with their figures
    const [question, answer] = await savedItems(asOwner(me), tutor.id, created[0]!.chatId);
    expect([question?.content, answer?.content]).toEqual(['What is a pip?', 'A pip is the smallest price step.']);
    expect(answer?.completionTokens).toBeGreaterThan(0);
    // one model answers here: no model name and no token count are shown under the answer
    expect(within(lastAnswer('Spread tutor')).queryByText(/offline|tokens/)).toBeNull();
  });

  it("saves a new chat started from the agent's share page as one, and its next questions as they are", async () => {
    await server.visit();
    const tutor = await spreadTutor();
    const { user } = renderChat(tutor.id, { chatId: null, channel: 'share' });
    await user.click(await screen.findByRole('button', { name: 'What is a pip?' }));
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(calls(chatPaths.completions)[0]?.body).toMatchObject({ appId: tutor.id, channel: 'share' });
  });

  it("gives a strict agent's no-source reply with no model name and no token count under it", async () => {
    const me = await server.signIn();
    const strict = await agent(server.db, { ownerId: maker.userId, name: 'Broker help', visibility: 'public', knowledgeMode: 'strict' });
    // its one passage is about withdrawals: nothing in it answers a question about deposits
    await server.app.services.knowledge.createEntry(asOwner(maker), strict.id, {
      kind: 'passage',
      heading: 'Withdrawals',
      content: 'Withdrawals requested before 12:00 GMT are processed the same business day.',
    });
    const created: ChatActivity[] = [];
    const { user, unmount } = renderChat(strict.id, { chatId: null, onChatCreated: (activity) => created.push(activity) });
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'What is the minimum deposit?{Enter}');

    const reply = "Sorry, I have no reliable source in my knowledge base for this question, so I won't guess. Try rephrasing it, or ask this agent's creator to add the information.";
    /** The footer under the reply is there, with the answer's actions, but names no model and counts no tokens. */
    const replyFooterHasNoUsage = () => {
      const answer = lastAnswer('Broker help');
      expect(answer).toHaveTextContent(reply);
      expect(within(answer).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
      expect(within(answer).queryByText(/offline|tokens/)).toBeNull();
    };
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    await waitFor(replyFooterHasNoUsage);

    // and so it stays once the chat is opened again from what the server saved
    expect(created).toHaveLength(1);
    const [, saved] = await savedItems(asOwner(me), strict.id, created[0]!.chatId);
    expect(saved).toMatchObject({ content: reply, model: null, promptTokens: 0, completionTokens: 0 });
    unmount();
    renderChat(strict.id, { chatId: created[0]!.chatId });
    await waitFor(replyFooterHasNoUsage);
  });

  it("shows a deleted agent's chat read-only, saying the agent no longer exists", async () => {
    const me = await server.signIn();
    const tutor = await spreadTutor();
    const { chatId } = await spreadsChat(tutor.id, asOwner(me));
    await server.app.services.agents.remove(asOwner(maker), tutor.id);
    renderChat(tutor.id, { chatId });
    expect(await screen.findByText('This agent no longer exists')).toBeInTheDocument();
    expect(await screen.findByText('What is a spread?')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: 'Your question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('tells someone else that an operator hid the agent, and takes no question', async () => {
    const me = await server.signIn();
    // hidden as an operator hides an agent: from everyone but its maker
    const tutor = await spreadTutor({ hiddenAt: new Date(), hiddenReason: 'Misleading claims' });
    const { chatId } = await spreadsChat(tutor.id, asOwner(me));
    renderChat(tutor.id, { chatId });
    expect(await screen.findByText('An operator hid this agent')).toBeInTheDocument();
    expect(await screen.findByText('What is a spread?')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).toBeNull();
  });

  it('lets the owner of a hidden agent go on chatting, with a warning that only they can', async () => {
    maker = await server.signIn();
    const tutor = await spreadTutor({ hiddenAt: new Date(), hiddenReason: 'Misleading claims' });
    const { chatId } = await spreadsChat(tutor.id, asOwner(maker));
    renderChat(tutor.id, { chatId });
    expect(await screen.findByText('Only you can still chat with this agent')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Your question' })).toBeInTheDocument();
  });
});
