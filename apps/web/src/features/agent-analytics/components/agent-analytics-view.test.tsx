import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import analytics from '../../../locales/en-US/analytics.json';
import { chat, items, makeAgent, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { AgentAnalyticsView } from './agent-analytics-view';

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'analytics', analytics, true, true);
});

function renderAnalytics(appId: string) {
  return renderRoutes(
    [
      { path: '/user/role/:appId', element: <AgentAnalyticsView appId={appId} /> },
      { path: '/upload/:appId', element: <p>knowledge page</p> },
    ],
    `/user/role/${appId}`,
  );
}

describe("an agent's analytics", () => {
  it('show the period at a glance, where questions came from, day by day, what was asked most and rated', async () => {
    const owner = await server.signIn();
    const agent = await makeAgent(server.app, owner.userId, { name: 'Spread desk', visibility: 'public' });
    const guest = await server.newUser();
    const onSite = await chat(server.db, { userId: guest.userId, visitorId: null }, { appId: agent.id });
    await items(server.db, onSite.id, [
      { role: 'user', content: 'What is a spread?' },
      { role: 'assistant', content: 'The gap between bid and ask.', promptTokens: 100, completionTokens: 20, userGoodFeedback: true, feedbackAt: new Date(Date.now() - 120_000) },
      { role: 'user', content: 'what is a spread' },
      { role: 'assistant', content: 'As I said, the gap.', status: 'stopped', userBadFeedback: true, customFeedbacks: ['Too curt'], feedbackAt: new Date(Date.now() - 60_000) },
    ]);
    const viaApi = await chat(server.db, { userId: guest.userId, visitorId: null }, { appId: agent.id, channel: 'api' });
    await items(server.db, viaApi.id, [{ role: 'user', content: 'How do I withdraw?' }, { role: 'assistant', content: 'From the cashier page.' }]);

    renderAnalytics(agent.id);
    expect(screen.getByRole('status', { name: 'Loading the analytics' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Day by day' });
    const tiles = screen.getAllByRole('definition');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      '2',
      '3',
      '1signed in: 1 · visitors: 0',
      '67%1 stopped · 0 failed',
      '50%thumbs up: 1 · down: 1',
      '120100 in · 20 out',
    ]);
    const channels = screen.getByRole('region', { name: 'Where questions come from' });
    expect(within(channels).getByText('Parley').nextSibling).toHaveTextContent('2');
    expect(within(channels).getByText('API').nextSibling).toHaveTextContent('1');
    const days = within(screen.getByRole('region', { name: 'Day by day' })).getAllByRole('row');
    expect(days).toHaveLength(2);
    const top = within(screen.getByRole('region', { name: 'Asked most' })).getAllByRole('listitem');
    // named by its newest wording
    expect(top[0]).toHaveTextContent('what is a spread2 times');
    const feedback = within(screen.getByRole('region', { name: 'Thumbs and notes' })).getAllByRole('listitem');
    expect(feedback[0]).toHaveTextContent(/Thumbs down.*what is a spread.*As I said, the gap\..*Too curt/);
    expect(screen.getByRole('region', { name: 'Unanswered questions' })).toHaveTextContent('Every question found a source in the knowledge.');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('say plainly when nobody asked yet', async () => {
    const owner = await server.signIn();
    const agent = await makeAgent(server.app, owner.userId, { name: 'Quiet desk' });
    renderAnalytics(agent.id);
    expect(await screen.findByText('No questions in the last 30 days')).toBeInTheDocument();
  });

  it("show someone else's agent as not found", async () => {
    const other = await server.newUser();
    const agent = await makeAgent(server.app, other.userId, { name: 'Not mine' });
    await server.signIn();
    renderAnalytics(agent.id);
    expect(await screen.findByText('This agent does not exist, or it is not yours.')).toBeInTheDocument();
  });
});
