import { promptPaths, type StoredPrompt } from '@parley/contracts';
import { configure, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { promptStore } from '../../../stores/prompt-store';
import { breakTable, withRealServer, type TestUser } from '../../../test/real-server';
import { mergePromptStores } from '../lib/prompt-sync';
import { PromptSync } from './use-prompt-sync';

// Each save crosses the real server after the hook's pause; a busy machine needs more than a second.
configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer();
const listPath = `/api${promptPaths.list}`;
const savePath = `/api${promptPaths.save}`;

beforeEach(() => {
  promptStore.setState({ promptList: [] });
});

const spread = { title: 'Spread check', content: 'Compare the EUR/USD spreads:' };
const licence = { title: 'Licence lookup', content: 'Which regulator licenses this broker?' };
const swap = { title: 'Swap', content: 'What is the overnight swap?' };

/** The account's store as the server holds it now. */
async function savedOf(account: TestUser) {
  return (await server.app.services.promptStore.list(account.userId)).prompts;
}

/** A user signed in here who saved `prompts` in another browser. */
async function signedInWith(prompts: StoredPrompt[]) {
  const account = await server.signIn();
  await server.app.services.promptStore.save(account.userId, prompts);
  return account;
}

describe('merging the saved store with this browser’s on sign-in', () => {
  it('keeps the saved prompts first, then the local ones that clash with none by title or content', () => {
    const local = [{ ...spread, content: 'another text' }, { title: 'other title', content: licence.content }, swap];
    expect(mergePromptStores([spread, licence], local)).toEqual([spread, licence, swap]);
  });

  it('drops what the server would refuse: empty or repeated items', () => {
    expect(mergePromptStores([], [{ title: ' ', content: 'x' }, swap, swap])).toEqual([swap]);
  });
});

describe('prompt store sync', { timeout: 30_000 }, () => {
  it('does nothing for a visitor: their prompts stay in the browser', async () => {
    await server.visit();
    render(<PromptSync />);
    promptStore.setState({ promptList: [spread] });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.requests).toEqual([]);
  });

  it('brings the prompts saved in another browser, adds this browser’s own, and saves the merge', async () => {
    const account = await signedInWith([licence]);
    promptStore.setState({ promptList: [spread] });
    render(<PromptSync />);
    await waitFor(() => expect(promptStore.getState().promptList).toEqual([licence, spread]));
    await waitFor(async () => expect(await savedOf(account)).toEqual([licence, spread]));
  });

  it('saves each later change, a quick series of them once', async () => {
    const account = await signedInWith([licence]);
    promptStore.setState({ promptList: [spread] });
    render(<PromptSync />);
    await waitFor(async () => expect(await savedOf(account)).toEqual([licence, spread]));
    promptStore.setState({ promptList: [swap, licence, spread] });
    promptStore.setState({ promptList: [swap, licence] });
    await waitFor(async () => expect(await savedOf(account)).toEqual([swap, licence]));
    expect(server.calls(savePath)).toHaveLength(2);
  });

  it('saves nothing when the saved store could not be read, so no saved prompt is overwritten', async () => {
    const account = await signedInWith([licence]);
    const restore = await breakTable(server.db, 'prompts');
    try {
      render(<PromptSync />);
      await waitFor(() => expect(server.calls(listPath)).toHaveLength(1));
      promptStore.setState({ promptList: [spread] });
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(server.requests.map((request) => request.path)).toEqual([listPath]);
    } finally {
      await restore();
    }
    expect(await savedOf(account)).toEqual([licence]);
  });
});
