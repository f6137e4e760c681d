import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import agents from '../../locales/en-US/agents.json';
import history from '../../locales/en-US/history.json';
import share from '../../locales/en-US/share.json';
import { sessionStore } from '../../stores/session-store';
import { agent, chat, withRealServer } from '../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../test/render';
import RoleHistoryPage from './role-history-page';

const server = withRealServer();

function renderHistory() {
  renderRoutes([{ path: '/role/history', element: <RoleHistoryPage /> }], '/role/history');
}

beforeAll(async () => {
  await setupTestI18n();
  for (const [namespace, texts] of Object.entries({ agents, share, history })) i18next.addResourceBundle('en-US', namespace, texts, true, true);
});

describe('role history', () => {
  it('lists the agents I chatted with, newest first, each resuming its latest chat', async () => {
    const { userId } = await server.signIn();
    const mine = { userId, visitorId: null };
    const tutor = await agent(server.db, { name: 'Pip tutor' });
    const coach = await agent(server.db, { name: 'Essay coach' });
    const gone = await agent(server.db, { name: 'Old bot', deletedAt: new Date('2025-01-02T00:00:00.000Z') });
    await chat(server.db, mine, { appId: tutor.id, title: 'Pips', updatedAt: new Date('2025-01-01T00:00:00.000Z') });
    await chat(server.db, mine, { appId: coach.id, title: 'Intro', updatedAt: new Date('2025-03-01T00:00:00.000Z') });
    const spreads = await chat(server.db, mine, { appId: tutor.id, title: 'Spreads', updatedAt: new Date('2025-02-01T00:00:00.000Z') });
    await chat(server.db, mine, { appId: gone.id, title: 'Chat c4', updatedAt: new Date('2024-12-01T00:00:00.000Z') });
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Agents you chatted with' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.split(' · ')[0])).toEqual(['Essay coachIntro', 'Pip tutorSpreads', 'Old bot']);
    expect(within(rows[1]!).getByRole('link', { name: 'Resume the last chat with Pip tutor' })).toHaveAttribute('href', `/chat/${tutor.id}?chatId=${spreads.id}`);
    expect(rows[1]).toHaveTextContent('Chats: 2');
    expect(within(rows[2]!).queryByRole('link', { name: 'New chat with Old bot' })).not.toBeInTheDocument();
  });

  it('opens the login dialog for a visitor, and says why in the page', async () => {
    await server.visit();
    renderHistory();
    expect(await screen.findByText('Log in to see the agents you chatted with.')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().showLogin).toBe(true));
  });
});
