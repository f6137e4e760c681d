import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBrokerApi, testSiteConfig, type BrokerApi } from '../../../features/brokers/testing/broker-api-server';
import { forgetSiteConfig } from '../../../features/site';
import { setHttpBaseUrl } from '../../../lib/http';
import brokers from '../../../locales/en-US/brokers.json';
import site from '../../../locales/en-US/site.json';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { SidebarLinks } from './sidebar-links';

let api: BrokerApi;

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'site', site);
  i18next.addResourceBundle('en-US', 'brokers', brokers);
  api = await startBrokerApi();
  setHttpBaseUrl(api.url);
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  forgetSiteConfig();
});

function renderLinks() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <SidebarLinks />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const links = {
  platform: 'https://www.example.com/platform',
  complaints: 'https://complaints.example.com/',
  service: 'https://www.example.com/service',
  enterprise: 'https://biz.example.com/',
  oldVersion: 'https://old.example.com/',
  download: 'https://www.example.com/app',
};

describe('the sidebar links', () => {
  it('opens each configured link in a new tab, in the order the spec gives', async () => {
    api.state.siteConfig = { ...testSiteConfig, links };
    renderLinks();
    const nav = await screen.findByRole('navigation', { name: 'Links' });
    await within(nav).findByRole('link', { name: 'Platform' });
    const shown = within(nav).getAllByRole('link');
    expect(shown.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Platform', links.platform],
      ['Complaints', links.complaints],
      ['Service account', links.service],
      ['For businesses', links.enterprise],
      ['Old version', links.oldVersion],
    ]);
    for (const link of shown) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('leaves out a link the operator did not configure', async () => {
    api.state.siteConfig = { ...testSiteConfig, links: { ...links, complaints: '', oldVersion: '' } };
    renderLinks();
    await screen.findByRole('link', { name: 'Platform' });
    expect(screen.queryByRole('link', { name: 'Complaints' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Old version' })).not.toBeInTheDocument();
  });

  it('has no links landmark when no link is configured, and still offers 联系我们', async () => {
    renderLinks();
    await screen.findByRole('button', { name: 'Contact us' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the QQ number and mail address when 联系我们 is hovered or focused', async () => {
    api.state.siteConfig = { ...testSiteConfig, contact: { qq: '800012345', mail: 'help@example.com' } };
    const user = renderLinks();
    await user.hover(await screen.findByRole('button', { name: 'Contact us' }));
    expect(await screen.findByText('800012345')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
  });

  it('says so when no contact details are set up', async () => {
    const user = renderLinks();
    await user.click(await screen.findByRole('button', { name: 'Contact us' }));
    expect(await screen.findByText(site.contact.none)).toBeInTheDocument();
  });

  it('shows the sidebar promo (ad type 1), linking to its page in a new tab', async () => {
    api.state.ads.set(1, { id: 'a1', title: 'Open an account', coverUrl: 'data:image/svg+xml,<svg/>', href: 'https://promo.example.com/1', isDemo: true });
    renderLinks();
    const banner = await screen.findByRole('link', { name: /Open an account/ });
    expect(banner).toHaveAttribute('href', 'https://promo.example.com/1');
    expect(banner).toHaveAttribute('target', '_blank');
    expect(within(banner).getByText(brokers.promo.demo)).toBeInTheDocument();
    await waitFor(() => expect(api.requests('/home/ad').map((url) => url.searchParams.get('type'))).toEqual(['1']));
  });
});
