import { sitePagePath } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import site from '../../../locales/en-US/site.json';
import { siteContent, withRealServer } from '../../../test/real-server';
import { renderWithApp, setupTestI18n } from '../../../test/render';
import { SitePageContent } from './site-page-content';

const markdown = '## Using Parley\n\nRead the [privacy policy](/private) or [the regulator](https://register.example.org).\n\n[bad](javascript:alert(1))\n\n<script>alert(1)</script>';
// the operator's own pages, which the server serves in place of the bundled ones
const content = siteContent();
const server = withRealServer({ SITE_CONTENT_DIR: content.dir });

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'site', site);
  await content.write('usage', 'en-US', markdown);
});
beforeEach(() => server.visit());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={queryClient}>
      <SitePageContent slug="usage" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('a site page', { timeout: 30_000 }, () => {
  it('asks for the page in the UI language and shows its Markdown, outside links in a new tab', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Using Parley' })).toBeInTheDocument();
    const [asked] = server.calls(sitePagePath);
    expect(asked?.query.get('slug')).toBe('usage');
    expect(asked?.query.get('locale')).toBe('en-US');
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
    const restore = await content.breakPage('usage', 'en-US');
    try {
      const user = renderPage();
      expect(await screen.findByRole('alert')).toHaveTextContent(site.page.error);
      await restore();
      await user.click(screen.getByRole('button', { name: site.page.retry }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Using Parley' })).toBeInTheDocument();
      expect(server.calls(sitePagePath)).toHaveLength(2);
    } finally {
      await restore();
    }
  });
});
