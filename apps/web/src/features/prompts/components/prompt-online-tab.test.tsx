import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setHttpBaseUrl } from '../../../lib/http';
import { promptStore } from '../../../stores/prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { startLocalServer } from '../../../test/local-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import english from '../data/prompts-en.json';
import { PromptOnlineTab } from './prompt-online-tab';

type Answer = (request: IncomingMessage, body: string) => { status: number; envelope: unknown };
let answer: Answer = () => ({ status: 404, envelope: { code: 404, msg: 'No such API route.', data: null } });
const requests: { url: string; body: string }[] = [];
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  await setupTestI18n();
  server = await startLocalServer((request: IncomingMessage, response: ServerResponse, body: string) => {
    requests.push({ url: request.url ?? '', body });
    const { status, envelope } = answer(request, body);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(envelope));
  });
  setHttpBaseUrl(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  promptStore.setState({ promptList: [] });
  sessionStore.setState({ token: 'user-token', visitorToken: '' });
  requests.length = 0;
});

function setup() {
  const user = userEvent.setup();
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <PromptOnlineTab />
    </QueryClientProvider>,
  );
  return user;
}

describe('the online prompt tab', { timeout: 30_000 }, () => {
  it('imports a ready-made list, and a second import skips every item as already there', async () => {
    const user = setup();
    const button = screen.getByRole('button', { name: /Import this list/, description: 'English prompts' });
    await user.click(button);
    await waitFor(() => expect(promptStore.getState().promptList).toHaveLength(english.length));
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(`added: 0 · skipped: ${english.length}`);
  });

  it('warns to check the source and imports the JSON the server fetched from the link', async () => {
    answer = (_request, body) => ({
      status: 200,
      envelope: { code: 0, msg: 'success', data: { json: [{ act: 'From link', prompt: (JSON.parse(body) as { url: string }).url }] } },
    });
    const user = setup();
    expect(screen.getByText('Note: please check where the JSON file comes from!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Link to a JSON file'), 'https://example.com/list.json');
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    await waitFor(() =>
      expect(promptStore.getState().promptList).toEqual([{ title: 'From link', content: 'https://example.com/list.json' }]),
    );
    expect(requests.map((request) => request.url)).toEqual(['/api/prompts/import-url']);
  });

  it('says to check the network and the JSON when the server could not fetch it', async () => {
    answer = () => ({ status: 502, envelope: { code: 10020, msg: 'Server wording', data: { reason: 'notJson' } } });
    const user = setup();
    await user.type(screen.getByLabelText('Link to a JSON file'), 'https://example.com/page');
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the network and that the JSON file is valid.');
    expect(promptStore.getState().promptList).toEqual([]);
  });

  it('asks for an http(s) link before calling the server', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Link to a JSON file'), 'ftp://example.com/x');
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a link starting with http:// or https://.');
    expect(requests).toEqual([]);
  });
});
