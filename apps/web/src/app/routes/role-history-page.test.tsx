import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentTexts } from '../../features/agents/testing/agents-api-server';
import { historyItem, startHistoryApi, type HistoryApi } from '../../features/chat-history/testing/history-api-server';
import { setHttpBaseUrl } from '../../lib/http';
import { sessionStore } from '../../stores/session-store';
import { renderRoutes, setupTestI18n } from '../../test/render';
import RoleHistoryPage from './role-history-page';

let api: HistoryApi;

function renderHistory() {
  renderRoutes([{ path: '/role/history', element: <RoleHistoryPage /> }], '/role/history');
}

beforeAll(async () => {
  await setupTestI18n();
  loadAgentTexts();
  api = await startHistoryApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  sessionStore.setState({ token: 'user-token', visitorToken: '', showLogin: false });
});

describe('role history', () => {
  it('lists the agents I chatted with, newest first, each resuming its latest chat', async () => {
    api.lists.agents = [
      historyItem('c1', { appId: 'tutor', appName: 'Pip tutor', title: 'Pips', updateTime: '2025-01-01T00:00:00.000Z' }),
      historyItem('c2', { appId: 'coach', appName: 'Essay coach', title: 'Intro', updateTime: '2025-03-01T00:00:00.000Z' }),
      historyItem('c3', { appId: 'tutor', appName: 'Pip tutor', title: 'Spreads', updateTime: '2025-02-01T00:00:00.000Z' }),
      historyItem('c4', { appId: 'gone', appName: 'Old bot', appDeleted: true, updateTime: '2024-12-01T00:00:00.000Z' }),
    ];
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Agents you chatted with' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.split(' · ')[0])).toEqual(['Essay coachIntro', 'Pip tutorSpreads', 'Old bot']);
    expect(within(rows[1]!).getByRole('link', { name: 'Resume the last chat with Pip tutor' })).toHaveAttribute('href', '/chat/tutor?chatId=c3');
    expect(rows[1]).toHaveTextContent('Chats: 2');
    expect(within(rows[2]!).queryByRole('link', { name: 'New chat with Old bot' })).not.toBeInTheDocument();
  });

  it('opens the login dialog for a visitor, and says why in the page', async () => {
    sessionStore.setState({ token: '' });
    renderHistory();
    expect(await screen.findByText('Log in to see the agents you chatted with.')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().showLogin).toBe(true));
  });
});
