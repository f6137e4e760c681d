import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import brokers from '../../../locales/en-US/brokers.json';
import { clearBrokerData, promo, rankedBrokers, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { RankingBoard } from './ranking-board';

configure({ asyncUtilTimeout: 10_000 });

const server = withRealServer({ BROKER_SITE_URL: 'https://brokers.example.com' });

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'brokers', brokers, true, true);
});

function showBoard() {
  return renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RankingBoard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a broker opened from the ranking', { timeout: 30_000 }, () => {
  it('shows its figures, placings, details and banner here, with its main-site page one click further', async () => {
    await server.visit();
    await clearBrokerData(server.db);
    const [harbour] = await rankedBrokers(server.db, 0, '2026-11-20', [
      {
        externalId: 'harbour-fx',
        title: '港湾外汇',
        titleEn: 'Harbour FX',
        licenseNum: 3,
        serverNum: 12,
        currencyNum: 40,
        details: { regulators: ['FCA', 'ASIC'], founded: 2009, headquarters: 'London' },
      },
    ]);
    await promo(server.db, { type: 2, brokerId: harbour!.id, title: 'Harbour FX spring offer', href: 'https://harbour.example.com/offer' });

    const user = userEvent.setup();
    showBoard();
    // in English the broker goes by its English name, its Chinese one beside it
    const row = await screen.findByRole('link', { name: /Harbour FX/ });
    await user.click(row);

    const drawer = await screen.findByRole('dialog', { name: 'Harbour FX' });
    await waitFor(() => expect(within(drawer).getByText('港湾外汇')).toBeInTheDocument());
    // the names carry soft hyphens, where the narrow ranking columns break them
    for (const [label, value] of [['Licen\u00ADces', '3'], ['Ser\u00ADvers', '12'], ['Curren\u00ADcies', '40']]) {
      expect(within(drawer).getByText(label!).nextElementSibling).toHaveTextContent(value!);
    }
    expect(within(drawer).getByRole('region', { name: 'Rankings' })).toHaveTextContent(/Global\s*No\. 1/);
    expect(within(drawer).getByText('FCA, ASIC')).toBeInTheDocument();
    expect(within(drawer).getByText('London')).toBeInTheDocument();
    expect(await within(drawer).findByRole('link', { name: /Harbour FX spring offer/ })).toHaveAttribute('href', 'https://harbour.example.com/offer');
    expect(within(drawer).getByRole('link', { name: /Open its page on the main site/ })).toHaveAttribute('href', 'https://brokers.example.com/dealer/harbour-fx');
    expect(server.calls('/api/dealer/detail')[0]?.body).toEqual({ id: 'harbour-fx' });
  });
});
