import { brokerPaths } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import brokers from '../../../locales/en-US/brokers.json';
import { breakTable, broker, clearBrokerData, promo, rankedBrokers, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { RightPanelContent } from './right-panel-content';

const server = withRealServer({ BROKER_SITE_URL: 'https://brokers.example.com', BROKER_DETAIL_PATH: '/dealer/{id}', BROKER_SEARCH_PATH: '/search?kw={kw}' });

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'brokers', brokers);
});
beforeEach(async () => {
  await clearBrokerData(server.db);
  await server.visit();
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <RightPanelContent />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** `count` brokers ranked 1, 2, 3 ... in a category: "<name> <rank>", with rank licences, 2 servers and 3 currencies. */
function seedRanking(category: 0 | 1 | 3 | 4, count: number, name = 'Broker') {
  return rankedBrokers(
    server.db,
    category,
    '2026-11-01',
    Array.from({ length: count }, (_, index) => ({ externalId: `b-${name}-${index + 1}`, title: `${name} ${index + 1}`, licenseNum: index + 1, serverNum: 2, currencyNum: 3 })),
  );
}

/** The machine is shared with other test runs; antd tables can take a while to render. */
const slow = { timeout: 8000 };
const rows = () => screen.getAllByTestId('ranking-row');
const rankingCalls = () => server.calls(`/api${brokerPaths.rankings}`).map((request) => `${request.query.get('category')}/${request.query.get('page')}`);

describe('the ranking board', { timeout: 30_000 }, () => {
  it('shows the global ranking, decrypted, with logo letter, name, licences, servers and currencies', async () => {
    await seedRanking(0, 3);
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    expect(within(rows()[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'BBroker 1', '1', '2', '3']);
    expect(screen.getByText('Data as of 2026-11-01')).toBeInTheDocument();
    expect(rankingCalls()).toEqual(['0/1']);
  });

  it("links each row to the broker's page on the main site, in a new tab", async () => {
    await seedRanking(0, 1, 'Acme FX');
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Acme FX 1' });
    expect(link).toHaveAttribute('href', 'https://brokers.example.com/dealer/b-Acme%20FX-1');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('maps the tabs to categories 0, 1, 4, 3 and goes back to page 1 on a switch', async () => {
    await seedRanking(0, 25);
    await seedRanking(4, 1, 'Problem');
    const user = renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(10), slow);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rows()).toHaveLength(5), slow);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('tab', { name: 'Problems' }));
    await screen.findByRole('link', { name: 'Problem 1' }, slow);
    await user.click(screen.getByRole('tab', { name: 'Trading' }));
    await user.click(screen.getByRole('tab', { name: 'Hot' }));
    await waitFor(() => expect(screen.getByText(brokers.ranking.empty)).toBeInTheDocument(), slow);
    expect(rankingCalls()).toEqual(['0/1', '0/3', '4/1', '1/1', '3/1']);
  });

  it('offers at most six page slots and steps with previous and next', async () => {
    await seedRanking(0, 95);
    const user = renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(10), slow);
    const pager = screen.getByRole('navigation', { name: 'Ranking pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page / }).map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Broker 11' }, slow);
  });

  it('says when the ranking failed and loads it again on retry', async () => {
    await seedRanking(0, 1);
    const restore = await breakTable(server.db, 'broker_rankings');
    try {
      const user = renderPanel();
      expect(await screen.findByRole('alert')).toHaveTextContent(brokers.ranking.error);
      await restore();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByRole('link', { name: 'Broker 1' });
    } finally {
      await restore();
    }
  });
});

describe('the broker search', { timeout: 30_000 }, () => {
  it('searches once, 300 ms after typing stops, and lists matches linking to their pages', async () => {
    await broker(server.db, { externalId: 'd1', title: 'Acme Markets', titleEn: 'Acme' });
    const user = renderPanel();
    await user.type(screen.getByRole('searchbox', { name: 'Search brokers' }), 'acm');
    expect(server.calls(`/api${brokerPaths.search}`)).toHaveLength(0);
    const link = await screen.findByRole('link', { name: /Acme Markets/ });
    expect(link).toHaveAttribute('href', 'https://brokers.example.com/dealer/d1');
    expect(server.calls(`/api${brokerPaths.search}`).map((request) => request.query.get('kw'))).toEqual(['acm']);
  });

  it('never searches for blank input and warns on a blank submit', async () => {
    const user = renderPanel();
    const box = screen.getByRole('searchbox', { name: 'Search brokers' });
    await user.type(box, '   {Enter}');
    expect(await screen.findByText(brokers.search.empty)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.calls(`/api${brokerPaths.search}`)).toHaveLength(0);
  });

  it('says so when nothing matches, and hides the dropdown 200 ms after focus leaves', async () => {
    const user = renderPanel();
    await user.type(screen.getByRole('searchbox', { name: 'Search brokers' }), 'zzz');
    expect(await screen.findByText(brokers.search.none)).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.getByText(brokers.search.none)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(brokers.search.none)).not.toBeInTheDocument(), { timeout: 1000 });
  });
});

describe('the right panel promo', () => {
  it('shows the ad type 2 banner linking to its page', async () => {
    await promo(server.db, { type: 2, title: 'Spring offer', coverUrl: 'data:image/svg+xml,<svg/>', href: 'https://promo.example.com' });
    renderPanel();
    const banner = await screen.findByRole('link', { name: /Spring offer/ });
    expect(banner).toHaveAttribute('href', 'https://promo.example.com');
    expect(banner).toHaveAttribute('target', '_blank');
  });

  it('refuses a banner whose link is not http(s)', async () => {
    await promo(server.db, { type: 2, title: 'Bad', coverUrl: 'data:image/svg+xml,<svg/>', href: 'javascript:alert(1)' });
    renderPanel();
    await waitFor(() => expect(server.calls('/api/home/ad')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Bad/ })).not.toBeInTheDocument();
  });
});
