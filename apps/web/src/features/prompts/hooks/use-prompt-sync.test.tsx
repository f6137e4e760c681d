import { render, waitFor } from '@testing-library/react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import { promptStore } from '../../../stores/prompt-store';
import { sessionStore } from '../../../stores/session-store';
import { startLocalServer } from '../../../test/local-server';
import { mergePromptStores } from '../lib/prompt-sync';
import { PromptSync } from './use-prompt-sync';

/** A prompt store server over real HTTP holding one user's list, as /api/prompts/* does. */
let saved: { title: string; content: string }[] = [];
const calls: string[] = [];
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((request: IncomingMessage, response: ServerResponse, body: string) => {
    calls.push(`${request.method} ${request.url}`);
    if (request.url?.startsWith('/api/prompts/save')) saved = (JSON.parse(body) as { prompts: typeof saved }).prompts;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'success', data: { prompts: saved } }));
  });
  setHttpBaseUrl(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  saved = [];
  calls.length = 0;
  promptStore.setState({ promptList: [] });
});

const spread = { title: 'Spread check', content: 'Compare the EUR/USD spreads:' };
const licence = { title: 'Licence lookup', content: 'Which regulator licenses this broker?' };
const swap = { title: 'Swap', content: 'What is the overnight swap?' };

describe('merging the saved store with this browser’s on sign-in', () => {
  it('keeps the saved prompts first, then the local ones that clash with none by title or content', () => {
    const local = [{ ...spread, content: 'another text' }, { title: 'other title', content: licence.content }, swap];
    expect(mergePromptStores([spread, licence], local)).toEqual([spread, licence, swap]);
  });

  it('drops what the server would refuse: empty or repeated items', () => {
    expect(mergePromptStores([], [{ title: ' ', content: 'x' }, swap, swap])).toEqual([swap]);
  });
});

describe('prompt store sync', () => {
  it('does nothing for a visitor: their prompts stay in the browser', async () => {
    sessionStore.setState({ token: '', visitorToken: 'v' });
    render(<PromptSync />);
    promptStore.setState({ promptList: [spread] });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(calls).toEqual([]);
  });

  it('brings the prompts saved in another browser, adds this browser’s own, and saves the merge', async () => {
    saved = [licence];
    promptStore.setState({ promptList: [spread] });
    sessionStore.setState({ token: 'user-token', visitorToken: '' });
    render(<PromptSync />);
    await waitFor(() => expect(promptStore.getState().promptList).toEqual([licence, spread]));
    await waitFor(() => expect(saved).toEqual([licence, spread]));
  });

  it('saves each later change, a quick series of them once', async () => {
    saved = [licence];
    promptStore.setState({ promptList: [spread] });
    sessionStore.setState({ token: 'user-token', visitorToken: '' });
    render(<PromptSync />);
    await waitFor(() => expect(saved).toEqual([licence, spread]));
    promptStore.setState({ promptList: [swap, licence, spread] });
    promptStore.setState({ promptList: [swap, licence] });
    await waitFor(() => expect(saved).toEqual([swap, licence]));
    expect(calls.filter((call) => call.startsWith('POST /api/prompts/save'))).toHaveLength(2);
  });

  it('saves nothing when the saved store could not be read, so no saved prompt is overwritten', async () => {
    sessionStore.setState({ token: 'user-token', visitorToken: '' });
    const failing = await startLocalServer((request: IncomingMessage, response: ServerResponse) => {
      calls.push(`${request.method} ${request.url}`);
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 500, msg: 'down', data: null }));
    });
    setHttpBaseUrl(failing.url);
    try {
      render(<PromptSync />);
      await waitFor(() => expect(calls).toEqual(['GET /api/prompts/list']));
      promptStore.setState({ promptList: [spread] });
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(calls).toEqual(['GET /api/prompts/list']);
    } finally {
      setHttpBaseUrl(server.url);
      await failing.close();
    }
  });
});
