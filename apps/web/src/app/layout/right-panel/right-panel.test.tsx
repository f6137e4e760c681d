import { brokerPaths } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rankingItem, startBrokerApi, type BrokerApi } from '../../../features/brokers/testing/broker-api-server';
import { setHttpBaseUrl } from '../../../lib/http';
import brokers from '../../../locales/en-US/brokers.json';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { RightPanelContent } from './right-panel-content';

let api: BrokerApi;

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'brokers', brokers);
  api = await startBrokerApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <RightPanelContent />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The machine is shared with other test runs; antd tables can take a while to render. */
const slow = { timeout: 8000 };
const rows = () => screen.getAllByTestId('ranking-row');
const rankingCalls = () => api.requests(brokerPaths.rankings).map((url) => `${url.searchParams.get('category')}/${url.searchParams.get('page')}`);

describe('the ranking board', { timeout: 30_000 }, () => {
  it('shows the global ranking, decrypted, with logo letter, name, licences, servers and currencies', async () => {
    api.state.rankings.set(0, Array.from({ length: 3 }, (_, index) => rankingItem(index + 1)));
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(3), slow);
    expect(within(rows()[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'BBroker 1', '1', '2', '3']);
    expect(screen.getByText('Data as of 2026-11-01')).toBeInTheDocument();
    expect(rankingCalls()).toEqual(['0/1']);
  });

  it("links each row to the broker's page on the main site, in a new tab", async () => {
    api.state.rankings.set(0, [rankingItem(1, 'Acme FX')]);
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Acme FX 1' });
    expect(link).toHaveAttribute('href', 'https://brokers.example.com/dealer/b-Acme%20FX-1');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('maps the tabs to categories 0, 1, 4, 3 and goes back to page 1 on a switch', async () => {
    api.state.rankings.set(0, Array.from({ length: 25 }, (_, index) => rankingItem(index + 1)));
    api.state.rankings.set(4, [rankingItem(1, 'Problem')]);
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
    api.state.rankings.set(0, Array.from({ length: 95 }, (_, index) => rankingItem(index + 1)));
    const user = renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(10), slow);
    const pager = screen.getByRole('navigation', { name: 'Ranking pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page / }).map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Broker 11' }, slow);
  });

  it('says when the ranking failed and loads it again on retry', async () => {
    api.state.failing.add(`/api${brokerPaths.rankings}`);
    api.state.rankings.set(0, [rankingItem(1)]);
    const user = renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(brokers.ranking.error);
    api.state.failing.clear();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Broker 1' });
  });
});

describe('the broker search', { timeout: 30_000 }, () => {
  it('searches once, 300 ms after typing stops, and lists matches linking to their pages', async () => {
    api.state.dealers = [{ id: 'd1', title: 'Acme Markets', titleEn: 'Acme', imgUrl: null }];
    const user = renderPanel();
    await user.type(screen.getByRole('searchbox', { name: 'Search brokers' }), 'acm');
    expect(api.requests(brokerPaths.search)).toHaveLength(0);
    const link = await screen.findByRole('link', { name: /Acme Markets/ });
    expect(link).toHaveAttribute('href', 'https://brokers.example.com/dealer/d1');
    expect(api.requests(brokerPaths.search).map((url) => url.searchParams.get('kw'))).toEqual(['acm']);
  });

  it('never searches for blank input and warns on a blank submit', async () => {
    const user = renderPanel();
    const box = screen.getByRole('searchbox', { name: 'Search brokers' });
    await user.type(box, '   {Enter}');
    expect(await screen.findByText(brokers.search.empty)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.requests(brokerPaths.search)).toHaveLength(0);
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
    api.state.ads.set(2, { id: 'a', title: 'Spring offer', coverUrl: 'data:image/svg+xml,<svg/>', href: 'https://promo.example.com', isDemo: false });
    renderPanel();
    const banner = await screen.findByRole('link', { name: /Spring offer/ });
    expect(banner).toHaveAttribute('href', 'https://promo.example.com');
    expect(banner).toHaveAttribute('target', '_blank');
  });

  it('refuses a banner whose link is not http(s)', async () => {
    api.state.ads.set(2, { id: 'a', title: 'Bad', coverUrl: 'data:image/svg+xml,<svg/>', href: 'javascript:alert(1)', isDemo: false });
    renderPanel();
    await waitFor(() => expect(api.requests('/home/ad')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Bad/ })).not.toBeInTheDocument();
  });
});
