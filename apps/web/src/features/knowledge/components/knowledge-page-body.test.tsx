import { knowledgePaths } from '@parley/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import agents from '../../../locales/en-US/agents.json';
import knowledge from '../../../locales/en-US/knowledge.json';
import zhKnowledge from '../../../locales/zh-CN/knowledge.json';
import {
  addIndexedKnowledgeFile,
  addKnowledgeFile,
  knowledgeRepo,
  makeAgent,
  recordUnanswered,
  withRealServer,
  type TestUser,
} from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { filesPollMs } from '../api/knowledge-files';
import { KnowledgePageBody } from './knowledge-page-body';

const server = withRealServer();
/** The signed-in user of each test, and the agent whose knowledge the screen shows. */
let owner: TestUser;
let appId: string;

// Each test drives a whole screen against the real server on a shared 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 20_000 });

function renderPage(id = appId) {
  return renderRoutes(
    [
      { path: '/upload/:appId', element: <KnowledgePageBody appId={id} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/upload/${id}`,
  );
}

const calls = (path: string) => server.calls(`/api${path}`);
const asOwner = () => ({ userId: owner.userId, visitorId: null });

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ knowledge, agents })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});
beforeEach(async () => {
  owner = await server.signIn();
  appId = (await makeAgent(server.app, owner.userId, { name: 'Forex tutor' })).id;
});

describe('who may see the knowledge screen', () => {
  it('asks a visitor to log in, without calling the server', async () => {
    await server.visit();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Log in / Sign up' })).toBeInTheDocument();
    expect(screen.getByText("Log in to manage your agents' knowledge")).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it('says "not found or not yours" for another person\'s agent, with a way to my agents', async () => {
    await server.signIn();
    renderPage();
    expect(await screen.findByText('This agent was not found, or it is not yours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My agents' })).toHaveAttribute('href', '/user/role');
    expect(calls(knowledgePaths.files)).toHaveLength(0);
  });

  it('shows the owner the agent with links to edit it and chat with it', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Forex tutor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Edit agent/ })).toHaveAttribute('href', `/edit/${appId}`);
    expect(screen.getByRole('link', { name: /Chat with it/ })).toHaveAttribute('href', `/chat/${appId}`);
    expect(await screen.findByText(/No files yet/)).toBeInTheDocument();
  });
});

describe('files', () => {
  it('uploads two files with a progress bar, lists the accepted one and says why the other was turned away', async () => {
    // the server takes the upload in only when the test lets it, so the bar stays in view
    const release = server.hold(`/api${knowledgePaths.upload}`);
    const { user } = renderPage();
    await screen.findByText(/No files yet/);
    const picker = screen.getByLabelText('Choose files', { selector: 'input' });
    expect(picker).toHaveAttribute('accept', '.pdf,.docx,.txt,.md,.markdown,.csv,.html,.htm');
    await user.upload(picker, [new File(['# Pips\nA pip is the smallest move.'], 'pips.md', { type: 'text/markdown' }), new File([''], 'empty.txt', { type: 'text/plain' })]);

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    release();

    const rejected = await screen.findByRole('list', { name: 'Files not accepted' });
    expect(rejected).toHaveTextContent('empty.txt: This file is empty.');
    expect(screen.getByText('Uploaded 1 file; processing has started.')).toBeInTheDocument();
    expect(screen.getByText('1 file was not accepted')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /pips\.md/ })).toBeInTheDocument();
    expect(await screen.findByText(/^1 file · \d+ chunks? · 0 manual entries$/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
    // the server reads the agent from the field before the files, so it took the parts in that order
    const [stored] = await knowledgeRepo(server.db).listFiles(appId);
    expect(stored).toMatchObject({ name: 'pips.md', status: 'queued', mime: 'text/markdown' });
  });

  it('asks for the list again while a file is processing, showing its progress, and stops once it is ready', async () => {
    // no job runs here: the file moves only as the test moves it, through the job's own steps
    const file = await addKnowledgeFile(server.db, appId, { name: 'rates.pdf' });
    const files = knowledgeRepo(server.db);
    renderPage();
    const row = await screen.findByRole('row', { name: /rates\.pdf/ });
    expect(within(row).getByText('Queued')).toBeInTheDocument();

    const since = await files.startProcessing(file.id);
    const bar = await screen.findByRole('progressbar', { name: 'Processing rates.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await files.setProgress(file.id, 60);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Processing rates.pdf' })).toHaveAttribute('aria-valuenow', '60'));
    await files.finish(file.id, since!, { chunkCount: 2, pageCount: 1 });
    await waitFor(() => expect(within(screen.getByRole('row', { name: /rates\.pdf/ })).getByText('Ready')).toBeInTheDocument());
    expect(screen.queryByRole('progressbar', { name: 'Processing rates.pdf' })).not.toBeInTheDocument();
    const polls = calls(knowledgePaths.files).length;
    expect(polls).toBeGreaterThanOrEqual(3);
    // Nothing is queued or processing any more: two poll intervals pass without a call.
    await new Promise((resolve) => setTimeout(resolve, 2 * filesPollMs + 200));
    expect(calls(knowledgePaths.files)).toHaveLength(polls);
  });

  it('shows why a file failed, and re-indexes it', async () => {
    const file = await addKnowledgeFile(server.db, appId, {
      name: 'locked.pdf',
      status: 'failed',
      error: 'This PDF is protected by a password. Save a copy without the password and upload that.',
      problem: { code: 'pdfPassword', params: {} },
    });
    const { user } = renderPage();
    expect(await screen.findByText('This PDF is protected by a password. Save a copy without the password and upload that.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Index locked.pdf again' }));
    expect(await screen.findByText('locked.pdf will be indexed again')).toBeInTheDocument();
    expect(calls(knowledgePaths.reindexFile)[0]?.body).toEqual({ appId, fileId: file.id });
    expect(await knowledgeRepo(server.db).findFile(appId, file.id)).toMatchObject({ status: 'queued', error: null });
    const row = await screen.findByRole('row', { name: /locked\.pdf/ });
    expect(await within(row).findByText('Queued')).toBeInTheDocument();
  });

  it("says why, in the reader's language with its figures; a reason this version has no words for stays in English", async () => {
    i18next.addResourceBundle('zh-CN', 'knowledge', zhKnowledge, true, true);
    await i18next.changeLanguage('zh-CN');
    try {
      await addKnowledgeFile(server.db, appId, {
        name: 'long.pdf',
        status: 'failed',
        error: 'This PDF has 600 pages; at most 500 pages are accepted. Split it into smaller files.',
        problem: { code: 'pdfTooManyPages', params: { pages: 600, maxPages: 500 } },
      });
      await addKnowledgeFile(server.db, appId, {
        name: 'faq.csv',
        status: 'failed',
        error: 'This CSV file cannot be read (line 3): check its quotes and separators.',
        problem: { code: 'csvUnreadable', params: { line: 3 } },
      });
      // a code from a newer server sharing the database
      await addKnowledgeFile(server.db, appId, { name: 'odd.txt', status: 'failed', error: 'A reason from a newer server.', problem: { code: 'notYetKnown', params: {} } });
      renderPage();
      // the picker's accept list would keep the picture out before the server could turn it away
      const user = userEvent.setup({ applyAccept: false });
      expect(await screen.findByText('此 PDF 共 600 页，最多只接受 500 页。请拆分成较小的文件。')).toBeInTheDocument();
      expect(screen.getByText('无法读取此 CSV 文件（第 3 行）：请检查其中的引号和分隔符。')).toBeInTheDocument();
      expect(screen.getByText('A reason from a newer server.')).toBeInTheDocument();

      const picker = screen.getByLabelText(/./, { selector: 'input[type="file"]' });
      await user.upload(picker, [new File([''], 'empty.txt', { type: 'text/plain' }), new File(['x'], 'photo.png', { type: 'image/png' })]);
      const rejected = await screen.findByRole('list', { name: zhKnowledge.upload.rejectedList });
      expect(within(rejected).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'empty.txt: 此文件是空的。',
        'photo.png: 不支持此类文件。请上传 PDF、DOCX、TXT、MD、CSV或HTML 文件。',
      ]);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it('asks before deleting a file, and keeps it when the owner cancels', async () => {
    const file = await addKnowledgeFile(server.db, appId, { name: 'old.pdf', status: 'ready' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete old.pdf' }));
    expect(await screen.findByText('Delete old.pdf?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls(knowledgePaths.deleteFile)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete old.pdf' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'old.pdf' })).not.toBeInTheDocument());
    expect(calls(knowledgePaths.deleteFile)[0]?.body).toEqual({ appId, fileId: file.id });
    expect(await knowledgeRepo(server.db).findFile(appId, file.id)).toBeNull();
  });

  it("opens a file's chunks with their page and heading", async () => {
    await addIndexedKnowledgeFile(server.db, appId, 'guide.pdf', [
      { heading: 'Margin calls', page: 4, content: 'A margin call happens when equity falls below the requirement.' },
    ]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View the chunks of guide.pdf' }));
    const chunks = await screen.findByRole('list', { name: 'Chunks' });
    expect(await within(chunks).findByText('A margin call happens when equity falls below the requirement.')).toBeInTheDocument();
    expect(within(chunks).getByText('Page 4')).toBeInTheDocument();
    expect(within(chunks).getByText('Margin calls')).toBeInTheDocument();
  });
});

describe('manual entries', () => {
  it('says what is missing or too long in each field, then saves a valid Q&A pair', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Manual entries' }));
    await user.click(await screen.findByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New entry' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the Question')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the Answer')).toBeInTheDocument();
    expect(calls(knowledgePaths.createEntry)).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: 'Question' }));
    await user.paste('What is a pip?');
    await user.click(within(dialog).getByRole('textbox', { name: 'Answer' }));
    await user.paste('x'.repeat(8001));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The Answer can be at most 8000 characters')).toBeInTheDocument();
    // The fixed field's message goes (antd lets it fade out first).
    await waitFor(() => expect(within(dialog).queryByText('Please enter the Question')).not.toBeInTheDocument());

    await user.clear(within(dialog).getByRole('textbox', { name: 'Answer' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Answer' }));
    await user.paste('The smallest price move.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const list = await screen.findByRole('list', { name: 'Manual entries' });
    expect(await within(list).findByText('What is a pip?')).toBeInTheDocument();
    expect(calls(knowledgePaths.createEntry)[0]?.body).toEqual({ appId, entry: { kind: 'qa', question: 'What is a pip?', content: 'The smallest price move.' } });
  });

  it('edits a passage and deletes an entry after confirmation', async () => {
    await server.app.services.knowledge.createEntry(asOwner(), appId, { kind: 'passage', heading: 'Hours', content: 'Markets open at 9.' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Manual entries' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    const passage = within(dialog).getByRole('textbox', { name: 'Passage' });
    await waitFor(() => expect(passage).toHaveValue('Markets open at 9.'));
    await user.clear(passage);
    await user.paste('Markets open at 10.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Markets open at 10.')).toBeInTheDocument();
    expect(calls(knowledgePaths.updateEntry)[0]?.body).toMatchObject({ appId, entry: { kind: 'passage', heading: 'Hours', content: 'Markets open at 10.' } });

    await user.click(screen.getByRole('button', { name: 'Delete Hours' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Delete this entry?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No manual entries yet.')).toBeInTheDocument();
    expect((await server.app.services.knowledge.entries(asOwner(), appId, undefined)).chunks).toEqual([]);
  });
});

describe('the retrieval test', () => {
  it('shows scored hits, which ones the chat would use, the mode and the time taken', async () => {
    // The text search scores a hit by the share of the question's words it holds ("pip", "size",
    // "lot"): the pip passage two of three, the lot entry one, the opening hours none.
    await addIndexedKnowledgeFile(server.db, appId, 'guide.pdf', [
      { heading: 'Opening hours', page: 1, content: 'Markets open at 9 on weekdays.' },
      { heading: 'Pips', page: 3, content: 'A pip is the smallest price move of a currency pair; its size depends on the pair.' },
    ]);
    await server.app.services.knowledge.createEntry(asOwner(), appId, { kind: 'qa', question: 'What is a lot?', content: '100,000 units of the base currency.' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Retrieval test' }));
    const box = await screen.findByRole('textbox', { name: 'Test question' });
    await user.click(screen.getByRole('button', { name: /Test$/ }));
    expect(await screen.findByText('Please enter a question')).toBeInTheDocument();
    await user.type(box, 'pip size of a lot{Enter}');

    const results = await screen.findByRole('region', { name: 'Retrieval results' });
    expect(results).toHaveTextContent(/2 passages · Text search · [\d.]+ ms · used from 50%/);
    const first = within(results).getByRole('listitem', { name: 'Result 1 from guide.pdf' });
    expect(first).toHaveTextContent('Score 67%');
    expect(first).toHaveTextContent('Page 3');
    expect(first).toHaveTextContent('Chat would use it');
    expect(within(first).getByRole('progressbar', { name: 'Score' })).toHaveAttribute('aria-valuenow', '67');
    const second = within(results).getByRole('listitem', { name: 'Result 2 from FAQ' });
    expect(second).toHaveTextContent('Score 33%');
    expect(second).toHaveTextContent('Below the threshold');
    expect(second).toHaveTextContent('What is a lot?');
    expect(calls(knowledgePaths.search)[0]?.body).toEqual({ appId, question: 'pip size of a lot', limit: 5 });
  });

  it('says when nothing was found', async () => {
    await addIndexedKnowledgeFile(server.db, appId, 'guide.pdf', [{ heading: 'Pips', content: 'A pip is the smallest price move.' }]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Retrieval test' }));
    await user.type(await screen.findByRole('textbox', { name: 'Test question' }), 'weather tomorrow{Enter}');
    expect(await screen.findByText(/Nothing relevant was found/)).toBeInTheDocument();
  });
});

describe('unanswered questions', () => {
  it('answers a question in one step, which takes it off the list and adds a Q&A entry', async () => {
    await recordUnanswered(server.db, appId, 'Do you trade gold?', 3);
    await recordUnanswered(server.db, appId, 'Are you open on Sunday?');
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: /Unanswered/ }));
    const list = await screen.findByRole('list', { name: 'Unanswered questions' });
    expect(within(list).getByText('Asked 3×', { exact: false })).toBeInTheDocument();
    const item = within(list).getByRole('listitem', { name: 'Do you trade gold?' });
    await user.click(within(item).getByRole('button', { name: 'Save as Q&A' }));
    expect(await within(item).findByText('Please enter the answer')).toBeInTheDocument();

    await user.click(within(item).getByRole('textbox', { name: 'Answer to: Do you trade gold?' }));
    await user.paste('Yes, XAU/USD.');
    await user.click(within(item).getByRole('button', { name: 'Save as Q&A' }));
    await waitFor(() => expect(screen.queryByText('Do you trade gold?')).not.toBeInTheDocument());
    expect(screen.getByText('Are you open on Sunday?')).toBeInTheDocument();
    const { chunks } = await server.app.services.knowledge.entries(asOwner(), appId, undefined);
    expect(chunks).toEqual([expect.objectContaining({ kind: 'qa', question: 'Do you trade gold?', content: 'Yes, XAU/USD.' })]);
  });
});
