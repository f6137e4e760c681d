import { agentSharePaths } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentCard, loadAgentTexts, startAgentsApi, type AgentsApi } from '../../features/agents/testing/agents-api-server';
import { setHttpBaseUrl } from '../../lib/http';
import { sessionStore } from '../../stores/session-store';
import { renderRoutes, setupTestI18n } from '../../test/render';
import ShareAiPage from './share-ai-page';

let api: AgentsApi;

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
  loadAgentTexts();
  api = await startAgentsApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.state.seen = [];
  api.state.cards = [];
  sessionStore.setState({ token: '', visitorToken: 'visitor-token' });
});

describe('the shared agent page', () => {
  it('shows a visitor the agent, its opening and questions, and starts a chat with it', async () => {
    api.state.cards = [agentCard('a1', { name: 'Pip tutor', creatorName: 'ada', intro: 'Explains pips' })];
    const { user, router } = renderShare('AbCdEfGh12345678');
    expect(await screen.findByRole('heading', { name: 'Pip tutor' })).toBeInTheDocument();
    expect(screen.getByText('By ada')).toBeInTheDocument();
    expect(screen.getByText('Welcome!')).toBeInTheDocument();
    expect(screen.getByText('What is a pip?')).toBeInTheDocument();
    expect(api.state.seen[0]?.path).toBe(`/api${agentSharePaths.byShareNum}`);
    expect(api.state.seen[0]?.query.get('shareNum')).toBe('AbCdEfGh12345678');
    await user.click(screen.getByRole('link', { name: /Start chatting/ }));
    expect(router.state.location.pathname).toBe('/chat/a1');
  });

  it('says when the link leads nowhere, and points to discover', async () => {
    renderShare('AbCdEfGh12345678');
    expect(await screen.findByText('This agent does not exist, or it is private.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover other agents' })).toHaveAttribute('href', '/discover');
  });
});
