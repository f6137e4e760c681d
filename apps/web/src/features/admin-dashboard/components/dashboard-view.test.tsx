import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import consoleDashboard from '../../../locales/en-US/consoleDashboard.json';
import { chat, items, makeOperator, officialApp, usageRepo, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { DashboardView } from './dashboard-view';

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'consoleDashboard', consoleDashboard, true, true);
});

const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);

/** The tile named `name`: its figure and what it is made of. */
function tile(name: string): string {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the dashboard', () => {
  it('shows today at a glance, and the 30 days with their day-by-day table and breakdowns', async () => {
    const operator = await server.signIn();
    await makeOperator(server.db, operator.userId);
    const official = await officialApp(server.app, server.db);
    const conversation = await chat(server.db, { userId: operator.userId, visitorId: null }, { appId: official.id });
    await items(server.db, conversation.id, [
      { role: 'user', content: 'What is a spread?' },
      { role: 'assistant', content: 'The gap.', model: 'offline', firstTokenMs: 420 },
      { role: 'user', content: 'And leverage?' },
      { role: 'assistant', content: '', model: 'offline', status: 'error', errorKind: 'rate_limited' },
      { role: 'user', content: 'Earlier question', createdAt: threeDaysAgo },
      { role: 'assistant', content: 'Earlier answer', model: 'offline', firstTokenMs: 2400, createdAt: threeDaysAgo },
    ]);
    await usageRepo(server.db).record({ userId: operator.userId, visitorId: null }, { model: 'offline', promptTokens: 1200, completionTokens: 300, messages: 2 });

    const { user } = renderRoutes([{ path: '/admin', element: <DashboardView /> }], '/admin');
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    await screen.findByText('New visitors', { selector: 'dt' });

    expect(tile('Questions')).toBe('2');
    expect(tile('Answered in full')).toBe('50%1 answered · 0 stopped · 1 failed · 0 refused');
    expect(tile('Time to first word (median)')).toBe('420 msp95 420 ms · 1 answer measured');
    expect(tile('Tokens')).toBe('1.5K1,200 in · 300 out');
    expect(tile('Model service failures')).toBe('150% of the answers');
    const models = within(screen.getByRole('region', { name: 'Tokens by model' }));
    expect(models.getByRole('row', { name: /offline/ })).toHaveTextContent('offline1,200300');
    const errors = within(screen.getByRole('region', { name: 'Failed answers by cause' }));
    expect(errors.getByRole('row', { name: /Rate limited/ })).toHaveTextContent('Rate limitedModel service1');
    // the days are the 30 days' view only
    expect(screen.queryByRole('region', { name: 'Day by day' })).not.toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    // antd draws the radio itself: the label is what a person clicks
    await user.click(screen.getByText('Last 30 days'));
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(tile('Questions')).toBe('3');
    expect(tile('Time to first word (median)')).toBe('1.4 secp95 2.3 sec · 2 answers measured');
    const days = within(screen.getByRole('region', { name: 'Day by day' })).getAllByRole('row');
    // a header row and the 30 days, newest first
    expect(days).toHaveLength(31);
    expect(days[1]).toHaveTextContent(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(days[4]).toHaveTextContent('2.4 sec');
  });

  it('says when the figures could not be loaded, with a way to try again', async () => {
    // not an operator: the console's calls answer 404
    await server.signIn();
    renderRoutes([{ path: '/admin', element: <DashboardView /> }], '/admin');
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
