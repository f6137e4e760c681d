import { screen, waitFor } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withRealServer } from '../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../test/render';
import ChatPage from './chat-page';

const server = withRealServer();

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => setupTestI18n());
beforeEach(async () => {
  await server.visit();
});

/** /home and /chat as the app routes them: both draw the chat page. */
function openChatPage(entry: string) {
  const page = (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 100 }}>
      <ChatPage />
    </VirtuosoMockContext.Provider>
  );
  return renderRoutes(
    [
      { path: '/home', element: page },
      { path: '/chat/:appId?', element: page },
    ],
    entry,
  );
}

async function ask(user: ReturnType<typeof openChatPage>['user'], question: string) {
  await user.type(await screen.findByRole('textbox', { name: /Your question/ }), question);
  await user.keyboard('{Enter}');
}

describe('the chat page', () => {
  it('keeps a new chat on its screen while the address moves to the chat its first answer created', async () => {
    const { user, router } = openChatPage('/home');
    await ask(user, 'What is a spread?');
    const box = screen.getByRole('textbox', { name: /Your question/ });
    const list = screen.getByLabelText('Conversation');

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/.+/));
    expect(router.state.location.search).toMatch(/^\?chatId=.+/);
    // once the answer is over, the screen at the new address has long been drawn
    await waitFor(() => expect(screen.queryByRole('button', { name: /Stop/ })).not.toBeInTheDocument(), { timeout: 20_000 });
    // the same screen: its list is not drawn again (so the question and answer do not vanish for a
    // moment), and the question box keeps the keyboard's focus
    expect(screen.getByLabelText('Conversation')).toBe(list);
    expect(screen.getByRole('textbox', { name: /Your question/ })).toBe(box);
    expect(box).toHaveFocus();
    expect(screen.getByRole('article', { name: 'You' })).toHaveTextContent('What is a spread?');
  });

  it('opens a new screen for the next new chat, with none of the last one', async () => {
    const { user, router } = openChatPage('/home');
    await ask(user, 'What is a spread?');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/.+/));
    await waitFor(() => expect(screen.getByRole('button', { name: 'New chat' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByRole('article', { name: 'You' })).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Your question/ })).toHaveValue('');
  });
});
