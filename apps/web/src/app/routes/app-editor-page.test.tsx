import { randomUUID } from 'node:crypto';
import { agentPaths } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Link } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import agents from '../../locales/en-US/agents.json';
import history from '../../locales/en-US/history.json';
import share from '../../locales/en-US/share.json';
import { makeAgent, setBlockedKeywords, startFakeOpenAI, withRealServer, type TestUser } from '../../test/real-server';
import { sessionStore } from '../../stores/session-store';
import { renderRoutes, setupTestI18n } from '../../test/render';
import AppEditorPage from './app-editor-page';

// the draft's preview is answered by a model service: the server's fake one, saying what the test expects
const model = await startFakeOpenAI({ models: ['gpt-4o-mini', 'gpt-4o'], scenario: { kind: 'ok', text: 'Hello from the draft.' } });
// one preview per user a minute, so a test can be refused a second one; each test is a new user
const server = withRealServer({ LLM_BASE_URL: model.url, LLM_MODELS: 'gpt-4o-mini,gpt-4o', AGENT_PREVIEW_RATE_LIMIT: '1' });
let maker: TestUser;

function renderEditor(path: string) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <Link to="/discover">Leave for discover</Link>,
        children: [],
      },
      { path: '/create', element: <><Link to="/discover">Leave for discover</Link><AppEditorPage /></> },
      { path: '/edit/:appId', element: <><Link to="/discover">Leave for discover</Link><AppEditorPage /></> },
      { path: '/discover', element: <p>discover page</p> },
      { path: '/user/role', element: <p>my agents page</p> },
    ],
    path,
  );
}

const calls = (path: string) => server.calls(`/api${path}`);

/** Types by pasting: a whole form typed key by key is too slow for a busy test machine. */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, await screen.findByRole('textbox', { name: 'Name' }), '汇率小助手');
  await enter(user, screen.getByRole('textbox', { name: 'Short description' }), 'Explains exchange rates');
  await enter(user, screen.getByRole('textbox', { name: 'Role prompt' }), 'You explain exchange rates simply.');
}

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, share, history })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});
afterAll(() => model.close());
beforeEach(async () => {
  maker = await server.signIn();
});

// Typing into a whole form is slow on a busy test machine; waits are long but end as soon as met.
describe('the agent editor', { timeout: 60_000 }, () => {
  it('asks a visitor to log in instead of showing the form', async () => {
    await server.visit();
    const { user } = renderEditor('/create');
    expect(screen.getByText('Log in to create and edit agents.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Log in \/ Sign up/ }));
    expect(sessionStore.getState().showLogin).toBe(true);
  });

  it('says which required fields are missing, next to each, and sends nothing', async () => {
    const { user } = renderEditor('/create');
    await user.click(await screen.findByRole('button', { name: /Create agent/ }));
    expect(await screen.findByText('Please enter the Name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the Short description.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the Role prompt.')).toBeInTheDocument();
    expect(calls(agentPaths.create)).toEqual([]);
  });

  it('creates an agent with its defaults, a built-in avatar and suggested questions, then edits it', async () => {
    const { user, router } = renderEditor('/create');
    await fillRequired(user);
    await user.click(await screen.findByRole('radio', { name: 'Built-in avatar 2' }));
    await user.click(screen.getByRole('button', { name: /Add a question/ }));
    await enter(user, screen.getByRole('textbox', { name: 'Suggested question 1' }), '什么是汇率？');
    await user.click(screen.getByRole('button', { name: /Add a question/ }));
    await enter(user, screen.getByRole('textbox', { name: 'Suggested question 2' }), 'Why do rates move?');
    // while the server works, the button says what is happening
    const release = server.hold(`/api${agentPaths.create}`);
    await user.click(screen.getByRole('button', { name: /Create agent/ }));
    expect(await screen.findByRole('button', { name: /Creating…/ })).toBeInTheDocument();
    release();

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/edit\/[0-9a-f-]{36}$/), { timeout: 15_000 });
    expect(calls(agentPaths.create)[0]?.body).toEqual({
      name: '汇率小助手',
      intro: 'Explains exchange rates',
      avatarUrl: '/files/avatars/chart.svg',
      category: 'general',
      systemPrompt: 'You explain exchange rates simply.',
      model: null,
      temperature: null,
      top_p: null,
      openingMessage: '',
      suggestedQuestions: ['什么是汇率？', 'Why do rates move?'],
      visibility: 'private',
      knowledgeMode: 'open',
    });
    expect(await screen.findByRole('button', { name: /Save/ }, { timeout: 15_000 })).toBeInTheDocument();
    // the edit screen says it was created, with the next steps to its knowledge, a chat with it and sharing
    const created = await screen.findByRole('status');
    expect(created).toHaveTextContent('“汇率小助手” is created');
    const appId = router.state.location.pathname.split('/').at(-1);
    expect(within(created).getByRole('link', { name: /Add knowledge/ })).toHaveAttribute('href', `/upload/${appId}`);
    expect(within(created).getByRole('link', { name: /Try it in a chat/ })).toHaveAttribute('href', `/chat/${appId}`);
    expect(created).toHaveTextContent('It is private for now');
  });

  it('shows why a publish was blocked, on the field and above the form', async () => {
    await setBlockedKeywords(server.db, ['稳赚']);
    try {
      const { user: user } = renderEditor('/create');
      await enter(user, await screen.findByRole('textbox', { name: 'Name' }), '汇率小助手');
      await enter(user, screen.getByRole('textbox', { name: 'Short description' }), 'Explains exchange rates, 稳赚');
      await enter(user, screen.getByRole('textbox', { name: 'Role prompt' }), 'You explain exchange rates simply.');
      await user.click(screen.getByText('Public'));
      expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: /Create agent/ }));
      expect(await screen.findByText('It could not be published', {}, { timeout: 15_000 })).toBeInTheDocument();
      // in the reader's words (the server's English is only the fallback)
      expect(screen.getByText('Short description: Contains “稳赚”, which public agents may not use.')).toBeInTheDocument();
      expect((await screen.findAllByText('Contains “稳赚”, which public agents may not use.', {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('汇率小助手');
    } finally {
      await setBlockedKeywords(server.db, []);
    }
  });

  it('saves a blocked agent as private for an operator to review, when the owner asks', async () => {
    await setBlockedKeywords(server.db, ['稳赚']);
    try {
      const { user, router } = renderEditor('/create');
      await enter(user, await screen.findByRole('textbox', { name: 'Name' }), '汇率小助手');
      await enter(user, screen.getByRole('textbox', { name: 'Short description' }), 'Explains exchange rates, 稳赚');
      await enter(user, screen.getByRole('textbox', { name: 'Role prompt' }), 'You explain exchange rates simply.');
      await user.click(screen.getByText('Public'));
      await user.click(screen.getByRole('button', { name: /Create agent/ }));
      await user.click(await screen.findByRole('button', { name: 'Save and ask for a review' }, { timeout: 15_000 }));
      // saved as private, held; its edit screen says it waits for an operator
      expect(await screen.findByText("Waiting for an operator's review", {}, { timeout: 15_000 })).toBeInTheDocument();
      const appId = router.state.location.pathname.split('/').at(-1) ?? '';
      const saved = await server.app.services.agentAdmin.detail(appId);
      expect(saved).toMatchObject({ ownerId: maker.userId, visibility: 'private', intro: 'Explains exchange rates, 稳赚', reviewRequestedAt: expect.any(String) });
      expect(saved.reviewProblems).toEqual([expect.objectContaining({ path: 'intro', word: '稳赚' })]);
    } finally {
      await setBlockedKeywords(server.db, []);
    }
  });

  it('tries the unsaved draft in the preview, streaming the answer', async () => {
    const { user } = renderEditor('/create');
    await fillRequired(user);
    const preview = screen.getByRole('region', { name: 'Preview chat' });
    await enter(user, within(preview).getByRole('textbox', { name: 'Your question' }), 'What is a pip?');
    await user.keyboard('{Enter}');
    expect(await within(preview).findByText('Hello from the draft.')).toBeInTheDocument();
    const request = calls(agentPaths.preview)[0]?.body;
    expect(request).toMatchObject({ content: 'What is a pip?', turns: [], draft: { name: '汇率小助手', systemPrompt: 'You explain exchange rates simply.' } });
    // the draft's role prompt is what the model was told
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('You explain exchange rates simply.');
    expect(calls(agentPaths.create)).toEqual([]);
  });

  it('answers a draft with nothing filled in yet, and explains in the preview when the server will not answer', async () => {
    const { user } = renderEditor('/create');
    const preview = await screen.findByRole('region', { name: 'Preview chat' });
    // the preview contract lets a draft be tried before it has a name, description or prompt
    await enter(user, within(preview).getByRole('textbox', { name: 'Your question' }), 'Hello?');
    await user.keyboard('{Enter}');
    // looked up again on each try: the streamed reply's node is replaced by the finished one
    await waitFor(() => expect(within(preview).getByText('Hello from the draft.')).toBeInTheDocument(), { timeout: 15_000 });
    // one preview a minute on this server (AGENT_PREVIEW_RATE_LIMIT): the next is refused
    await enter(user, within(preview).getByRole('textbox', { name: 'Your question' }), 'And again?');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(preview).getByText('Too many tries, wait a moment.')).toBeInTheDocument(), { timeout: 15_000 });
    // the refused question is back in the box, to send again
    expect(within(preview).getByRole('textbox', { name: 'Your question' })).toBeEnabled();
    expect(within(preview).getByRole('textbox', { name: 'Your question' })).toHaveValue('And again?');
  });

  it('warns before leaving with unsaved changes, and stays when asked', async () => {
    const { user, router } = renderEditor('/create');
    await enter(user, await screen.findByRole('textbox', { name: 'Name' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Leave for discover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/create');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft');
  });

  it('loads an agent for editing and deletes it after confirmation', async () => {
    const { id: agentId } = await makeAgent(server.app, maker.userId, { name: 'Old tutor', suggestedQuestions: ['Q1'] });
    const { user: user, router } = renderEditor(`/edit/${agentId}`);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Old tutor');
    expect(screen.getByRole('textbox', { name: 'Suggested question 1' })).toHaveValue('Q1');
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete “Old tutor”?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/role'), { timeout: 15_000 });
    expect(calls(agentPaths.delete)[0]?.body).toEqual({ id: agentId });
    expect((await server.app.services.agents.mine({ userId: maker.userId, visitorId: null })).list).toEqual([]);
  });

  it('says so when the agent to edit is not there', async () => {
    renderEditor(`/edit/${randomUUID()}`);
    expect(await screen.findByText('This agent does not exist, or it is private.')).toBeInTheDocument();
  });
});
