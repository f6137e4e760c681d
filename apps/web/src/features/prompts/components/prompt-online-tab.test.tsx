import { promptPaths } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptStore } from '../../../stores/prompt-store';
import { startLocalServer } from '../../../test/local-server';
import { fetchesReachLoopback, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import english from '../data/prompts-en.json';
import { PromptOnlineTab } from './prompt-online-tab';

// Each import crosses the real server, which fetches the list from the site below.
configure({ asyncUtilTimeout: 10_000 });

// a site on the web holding a prompt list, and a page that is not one: the server fetches them for the tab
const site = await startLocalServer((request, response) => {
  if (request.url === '/list.json') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ act: 'From link', prompt: 'Compare the spreads of these brokers.' }]));
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login page</html>');
  }
});
// the site listens on 127.0.0.1 on a port of its own, which the server's fetches may reach only so:
// the operator lists the port, and the test's address policy lets loopback through
const server = withRealServer({ PROMPT_IMPORT_PORTS: new URL(site.url).port }, fetchesReachLoopback);
const importUrl = `/api${promptPaths.importUrl}`;

beforeAll(() => setupTestI18n());
afterAll(() => site.close());
beforeEach(async () => {
  promptStore.setState({ promptList: [] });
  await server.signIn();
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
    // the lists come with the app
    expect(server.requests).toEqual([]);
  });

  it('warns to check the source and imports the JSON the server fetched from the link', async () => {
    const user = setup();
    expect(screen.getByText('Note: please check where the JSON file comes from!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Link to a JSON file'), `${site.url}/list.json`);
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    await waitFor(() =>
      expect(promptStore.getState().promptList).toEqual([{ title: 'From link', content: 'Compare the spreads of these brokers.' }]),
    );
    expect(server.requests.map((request) => request.path)).toEqual([importUrl]);
    expect(server.calls(importUrl)[0]?.body).toEqual({ url: `${site.url}/list.json` });
  });

  it('says to check the network and the JSON when the server could not fetch it', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Link to a JSON file'), `${site.url}/page`);
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the network and that the JSON file is valid.');
    expect(server.calls(importUrl)).toHaveLength(1);
    expect(promptStore.getState().promptList).toEqual([]);
  });

  it('asks for a public web address when the server refuses the link, here for its port', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Link to a JSON file'), 'http://127.0.0.1:6379/list.json');
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This link can't be fetched: use a public web address (http or https, on the usual port).");
    expect(server.calls(importUrl)).toHaveLength(1);
    expect(promptStore.getState().promptList).toEqual([]);
  });

  it('asks for an http(s) link before calling the server', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Link to a JSON file'), 'ftp://example.com/x');
    await user.click(screen.getByRole('button', { name: 'Download and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a link starting with http:// or https://.');
    expect(server.requests).toEqual([]);
  });
});
