import { agentSharePaths } from '@parley/contracts';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import agents from '../../locales/en-US/agents.json';
import history from '../../locales/en-US/history.json';
import share from '../../locales/en-US/share.json';
import { makeAgent, withRealServer } from '../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../test/render';
import ShareAiPage from './share-ai-page';

const server = withRealServer();

function renderShare(shareNum: string) {
  return renderRoutes(
    [
      { path: '/share/:shareNum', element: <ShareAiPage /> },
      { path: '/chat/:appId', element: <p>chat page</p> },
      { path: '/discover', element: <p>discover page</p> },
    ],
    `/share/${shareNum}`,
  );
}

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, share, history })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});
beforeEach(async () => {
  await server.visit();
});

describe('the shared agent page', () => {
  it('shows a visitor the agent, its opening and questions, and starts a chat with it', async () => {
    const ada = await server.newUser('ada');
    const owner = { userId: ada.userId, visitorId: null };
    const tutor = await makeAgent(server.app, ada.userId, {
      name: 'Pip tutor',
      intro: 'Explains pips',
      visibility: 'public',
      openingMessage: 'Welcome!',
      suggestedQuestions: ['What is a pip?'],
    });
    const { shareNum } = await server.app.services.agentShares.shareNum(owner, tutor.id);
    const { user, router } = renderShare(shareNum);
    expect(await screen.findByRole('heading', { name: 'Pip tutor' })).toBeInTheDocument();
    expect(screen.getByText('By ada')).toBeInTheDocument();
    expect(screen.getByText('Welcome!')).toBeInTheDocument();
    expect(screen.getByText('What is a pip?')).toBeInTheDocument();
    expect(server.requests[0]?.path).toBe(`/api/visitor${agentSharePaths.byShareNum}`);
    expect(server.requests[0]?.query.get('shareNum')).toBe(shareNum);
    await user.click(screen.getByRole('link', { name: /Start chatting/ }));
    expect(router.state.location.pathname).toBe(`/chat/${tutor.id}`);
    // the chat page marks the chat it starts as one from a share page
    expect(router.state.location.search).toBe('?from=share');
  });

  it.each([
    ['an unknown share number', 'AbCdEfGh12345678'],
    ['a malformed one', '999999'],
  ])('says the link does not work for %s, and points to discover', async (_, shareNum) => {
    renderShare(shareNum);
    expect(await screen.findByText('This share link does not work')).toBeInTheDocument();
    expect(screen.getByText('It may have been revoked, or the link is incomplete.')).toBeInTheDocument();
    expect(screen.queryByText(/Fill in the name/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover other agents' })).toHaveAttribute('href', '/discover');
  });
});
