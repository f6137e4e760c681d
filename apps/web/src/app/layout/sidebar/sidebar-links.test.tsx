import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetSiteConfig } from '../../../features/site';
import { setHttpBaseUrl } from '../../../lib/http';
import brokers from '../../../locales/en-US/brokers.json';
import site from '../../../locales/en-US/site.json';
import { clearBrokerData, promo, startServerForWeb, withRealServer, type WebTestServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { SidebarLinks } from './sidebar-links';

const links = {
  platform: 'https://www.example.com/platform',
  complaints: 'https://complaints.example.com/',
  service: 'https://www.example.com/service',
  enterprise: 'https://biz.example.com/',
  oldVersion: 'https://old.example.com/',
  download: 'https://www.example.com/app',
};
const allLinks = {
  LINK_PLATFORM_URL: links.platform,
  LINK_COMPLAINTS_URL: links.complaints,
  LINK_SERVICE_URL: links.service,
  LINK_ENTERPRISE_URL: links.enterprise,
  LINK_OLD_VERSION_URL: links.oldVersion,
  LINK_DOWNLOAD_URL: links.download,
};

// The links and contacts are the operator's settings, read once as the server starts: one server
// with none (the file's), and two more on the same database, configured as the tests need.
const server = withRealServer();
let withLinks: WebTestServer;
let withSomeLinksAndContacts: WebTestServer;

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'site', site);
  i18next.addResourceBundle('en-US', 'brokers', brokers);
  withLinks = await startServerForWeb(allLinks);
  withSomeLinksAndContacts = await startServerForWeb({
    ...allLinks,
    LINK_COMPLAINTS_URL: '',
    LINK_OLD_VERSION_URL: '',
    CONTACT_QQ: '800012345',
    CONTACT_MAIL: 'help@example.com',
  });
});
beforeEach(async () => {
  await clearBrokerData(server.db);
  await server.visit();
  forgetSiteConfig();
});

function renderLinks(from: { url: string } = server) {
  setHttpBaseUrl(from.url);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <SidebarLinks />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the sidebar links', () => {
  it('opens each configured link in a new tab, in the order the spec gives', async () => {
    renderLinks(withLinks);
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
    renderLinks(withSomeLinksAndContacts);
    await screen.findByRole('link', { name: 'Platform' });
    expect(screen.queryByRole('link', { name: 'Complaints' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Old version' })).not.toBeInTheDocument();
  });

  it('has no links landmark when no link is configured, and still offers 联系我们', async () => {
    const contactsOnly = await startServerForWeb({ CONTACT_MAIL: 'help@example.com' });
    try {
      renderLinks(contactsOnly);
      await screen.findByRole('button', { name: 'Contact us' });
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    } finally {
      await contactsOnly.close();
    }
  });

  it('shows the QQ number and mail address when 联系我们 is hovered or focused', async () => {
    const user = renderLinks(withSomeLinksAndContacts);
    await user.hover(await screen.findByRole('button', { name: 'Contact us' }));
    expect(await screen.findByText('800012345')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
  });

  it('has no 联系我们 entry when no contact details are set up', async () => {
    renderLinks(withLinks);
    await screen.findByRole('navigation', { name: 'Links' });
    expect(screen.queryByRole('button', { name: 'Contact us' })).not.toBeInTheDocument();
  });

  it('shows the sidebar promo (ad type 1), linking to its page in a new tab', async () => {
    await promo(server.db, { type: 1, title: 'Open an account', coverUrl: 'data:image/svg+xml,<svg/>', href: 'https://promo.example.com/1', isDemo: true });
    renderLinks();
    const banner = await screen.findByRole('link', { name: /Open an account/ });
    expect(banner).toHaveAttribute('href', 'https://promo.example.com/1');
    expect(banner).toHaveAttribute('target', '_blank');
    expect(within(banner).getByText(brokers.promo.demo)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/api/home/ad').map((request) => request.query.get('type'))).toEqual(['1']));
  });
});
