import { sitePagePath } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setHttpBaseUrl } from '../../../lib/http';
import site from '../../../locales/en-US/site.json';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { startLocalServer } from '../../../test/local-server';
import { SitePageContent } from './site-page-content';

const markdown = '## Using Parley\n\nRead the [privacy policy](/private) or [the regulator](https://register.example.org).\n\n[bad](javascript:alert(1))\n\n<script>alert(1)</script>';
let failing = false;
const asked: URL[] = [];
const server = await startLocalServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  asked.push(url);
  res.setHeader('content-type', 'application/json');
  if (failing || url.pathname !== sitePagePath) {
    res.writeHead(500).end(JSON.stringify({ code: 500, msg: 'Something broke', data: null }));
    return;
  }
  res.writeHead(200).end(JSON.stringify({ code: 0, msg: 'success', data: { slug: url.searchParams.get('slug'), locale: 'en-US', markdown } }));
});

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'site', site);
  setHttpBaseUrl(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  failing = false;
  asked.length = 0;
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <SitePageContent slug="usage" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('a site page', () => {
  it('asks for the page in the UI language and shows its Markdown, outside links in a new tab', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Using Parley' })).toBeInTheDocument();
    expect(asked[0]?.searchParams.get('slug')).toBe('usage');
    expect(asked[0]?.searchParams.get('locale')).toBe('en-US');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/private');
    expect(screen.getByRole('link', { name: 'privacy policy' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'the regulator' })).toHaveAttribute('target', '_blank');
  });

  it('drops script links and raw HTML', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Using Parley' });
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('says when the page could not be loaded and loads it again on retry', async () => {
    failing = true;
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(site.page.error);
    failing = false;
    await user.click(screen.getByRole('button', { name: site.page.retry }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Using Parley' })).toBeInTheDocument();
  });
});
