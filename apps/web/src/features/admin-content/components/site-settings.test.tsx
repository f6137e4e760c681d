import { siteConfigPath } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import consoleTexts from '../../../locales/en-US/console.json';
import content from '../../../locales/en-US/consoleContent.json';
import { makeOperator, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { forgetSiteConfig, useSiteConfig } from '../../site';
import { SiteContent } from './site-content';

const server = withRealServer({
  LINK_PLATFORM_URL: 'https://platform.example.com',
  CONTACT_MAIL: 'help@example.com',
  REGION_PRIMARY_HOST: 'parley.example.com',
  REGION_BLOCKED_CODES: 'CN',
});

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'console', consoleTexts, true, true);
  i18next.addResourceBundle('en-US', 'consoleContent', content, true, true);
});

beforeEach(() => forgetSiteConfig());

async function signInOperator() {
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
}

/** What this tab's own sidebar reads: the site config as the web holds it. */
function SidebarPlatformLink() {
  const { data } = useSiteConfig();
  return <p data-testid="sidebar-platform">{data?.links.platform}</p>;
}

function renderTab() {
  return renderRoutes(
    [
      {
        path: '/admin/content',
        element: (
          <>
            <SidebarPlatformLink />
            <SiteContent renderMarkdown={(markdown) => <div>{markdown}</div>} />
          </>
        ),
      },
    ],
    '/admin/content?tab=site',
  );
}

/** Replaces a field's text as a paste does (typing it key by key re-renders the whole form each time). */
async function replaceText(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** A save goes through the real server (and the site config is read again): slower than the default 1 s on a busy machine. */
const afterSave = { timeout: 10_000 };

const servedConfig = async () => (await fetch(`${server.url}${siteConfigPath}`).then((response) => response.json())).data;
const sidebarForm = () => screen.getByRole('region', { name: 'Sidebar links and contact details' });
const regionForm = () => screen.getByRole('region', { name: 'Region rules' });

describe('links and region', () => {
  it('shows the configured links, and refuses a bad link or mail address where it is typed, sending nothing', async () => {
    await signInOperator();
    const { user } = renderTab();
    const platform = await screen.findByRole('textbox', { name: 'Platform' });
    expect(platform).toHaveValue('https://platform.example.com');
    expect(within(sidebarForm()).getByText('Configured default')).toBeInTheDocument();

    await replaceText(user, platform, 'platform.example.org');
    await replaceText(user, within(sidebarForm()).getByRole('textbox', { name: 'Contact mail' }), 'help@');
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    expect(await screen.findByText('Enter an address starting with http:// or https://, or leave it empty to hide the link.')).toBeInTheDocument();
    expect(screen.getByText('Enter a mail address such as help@example.com, or leave it empty.')).toBeInTheDocument();
    expect(server.calls('/api/admin/site/sidebar/save')).toHaveLength(0);
  });

  it('saves a link, which the sidebar of this tab shows at once', async () => {
    await signInOperator();
    const { user } = renderTab();
    const platform = await screen.findByRole('textbox', { name: 'Platform' });
    expect(await screen.findByTestId('sidebar-platform')).toHaveTextContent('https://platform.example.com');
    await replaceText(user, platform, 'https://platform.example.org/new');
    await user.clear(within(sidebarForm()).getByRole('textbox', { name: 'Contact mail' }));
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    // a save remounts the form with the values now in force: ask for the section anew each time
    await waitFor(() => expect(within(sidebarForm()).getByText(/^Changed in the console · /)).toBeInTheDocument(), afterSave);
    expect(within(sidebarForm()).getByText('Configured default: https://platform.example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('sidebar-platform')).toHaveTextContent('https://platform.example.org/new'), afterSave);
    expect((await servedConfig()).contact.mail).toBe('');
  });

  it('blocks a country picked by its name, and resets the rules to the configured default after a confirmation', async () => {
    await signInOperator();
    const { user } = renderTab();
    const countries = await screen.findByRole('combobox', { name: 'Countries sent to the not-available page' });
    expect(within(regionForm()).getByText('China (CN)')).toBeInTheDocument();
    await user.click(countries);
    await user.paste('japan');
    await user.click(await screen.findByTitle('Japan (JP)'));
    await user.click(within(regionForm()).getByRole('button', { name: 'Save region rules' }));
    await waitFor(() => expect(within(regionForm()).getByText(/^Changed in the console · /)).toBeInTheDocument(), afterSave);
    expect((await servedConfig()).regionGate.blockedCodes).toEqual(['CN', 'JP']);

    await user.click(within(regionForm()).getByRole('button', { name: 'Reset to default' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the region rules to the configured default?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(within(regionForm()).getByText('Configured default')).toBeInTheDocument(), afterSave);
    expect((await servedConfig()).regionGate.blockedCodes).toEqual(['CN']);
    expect(within(regionForm()).queryByText('Japan (JP)')).not.toBeInTheDocument();
  });

  it('refuses a host with a scheme and a cookie name with a space before anything is sent', async () => {
    await signInOperator();
    const { user } = renderTab();
    const host = await screen.findByRole('textbox', { name: 'Primary host' });
    await replaceText(user, host, 'https://parley.example.com');
    await replaceText(user, within(regionForm()).getByRole('textbox', { name: 'Skip cookie name' }), 'skip region');
    await user.click(within(regionForm()).getByRole('button', { name: 'Save region rules' }));
    expect(await screen.findByText('Enter a bare host name such as www.example.com, without http://, port or path.')).toBeInTheDocument();
    expect(screen.getByText("A cookie name may hold only letters, digits and !#$%&'*+.^_`|~-.")).toBeInTheDocument();
    expect(server.calls('/api/admin/site/region/save')).toHaveLength(0);
  });

  it('shows its loading state, then the forms', async () => {
    await signInOperator();
    const release = server.hold('/api/admin/site/settings');
    renderTab();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('textbox', { name: 'Platform' })).toBeInTheDocument();
  });

  it('says so when the settings cannot be read, and reads them again on request', async () => {
    const someone = await server.signIn();
    const { user } = renderTab();
    expect(await screen.findByText('This could not be loaded')).toBeInTheDocument();
    await makeOperator(server.db, someone.userId);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Platform' })).toBeInTheDocument();
  });
});
