import { adInput, adminAdsPaths, type AdInput } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import consoleTexts from '../../../locales/en-US/console.json';
import content from '../../../locales/en-US/consoleContent.json';
import { makeOperator, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { SiteContent } from './site-content';

const server = withRealServer({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com' });

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'console', consoleTexts, true, true);
  i18next.addResourceBundle('en-US', 'consoleContent', content, true, true);
});

beforeEach(async () => {
  const ads = server.app.services.adAdmin;
  for (const ad of (await ads.list()).list) await ads.remove('cli', ad.id);
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
});

const banner: AdInput = { type: 1, title: 'Spring offer', coverUrl: 'https://cdn.example.com/spring.png', href: 'https://example.com/spring' };
const addAd = async (input: Partial<AdInput> = {}) => (await server.app.services.adAdmin.create('cli', adInput.parse({ ...banner, ...input }))).ad;
const savedAds = async () => (await server.app.services.adAdmin.list()).list;

function renderAds() {
  return renderRoutes([{ path: '/admin/content', element: <SiteContent renderMarkdown={(markdown) => markdown} /> }], '/admin/content?tab=ads');
}

/** Puts a whole value in at once, as pasting does: quicker than typing it key by key. */
async function fill(user: ReturnType<typeof renderAds>['user'], field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const slot = (name: string) => screen.findByRole('region', { name });

describe('the ads tab', () => {
  it('lists each slot with its ads, their schedule in the reader’s language and what they show now', async () => {
    const startsAt = '2030-03-01T08:00:00.000Z';
    const endsAt = '2030-04-01T08:00:00.000Z';
    await addAd({ title: 'Spring offer', languages: ['zh-CN', 'en-US'], startsAt, endsAt, weight: 3 });
    renderAds();

    const sidebar = await slot('Left sidebar');
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    const [row] = await within(sidebar).findAllByRole('listitem');
    expect(row).toHaveTextContent('Spring offer');
    expect(row).toHaveTextContent('Scheduled');
    expect(row).toHaveTextContent('Weight 3');
    expect(row).toHaveTextContent('简体中文, English');
    expect(row).toHaveTextContent(`${when.format(new Date(startsAt))} – ${when.format(new Date(endsAt))}`);
    expect(within(row!).getByRole('link', { name: 'https://example.com/spring' })).toHaveAttribute('href', 'https://example.com/spring');
    expect(within(await slot('Right panel')).getByText('No ads in this slot.')).toBeInTheDocument();
  });

  it('adds an ad to the right panel from its form, and the site has it', async () => {
    const { user } = renderAds();
    await user.click(within(await slot('Right panel')).getByRole('button', { name: 'Add to Right panel' }));
    const form = await screen.findByRole('dialog', { name: 'Add an ad' });
    await fill(user, within(form).getByLabelText(/^Title/), 'Summer sale');
    await fill(user, within(form).getByLabelText('Cover image'), 'https://banners.example.org/summer.png');
    await fill(user, within(form).getByLabelText('Link'), 'https://example.com/summer');
    await user.click(within(form).getByRole('button', { name: 'Add ad' }));

    // saved, with a warning that browsers will not load this cover
    expect(await screen.findByText(/Browsers will not load the cover from banners\.example\.org/)).toBeInTheDocument();
    expect(await within(await slot('Right panel')).findByText('Summer sale')).toBeInTheDocument();
    expect(await savedAds()).toMatchObject([{ type: 2, title: 'Summer sale', href: 'https://example.com/summer', status: 'showing' }]);
  });

  it('says what is wrong with a link or cover before sending anything', async () => {
    const { user } = renderAds();
    await user.click(within(await slot('Left sidebar')).getByRole('button', { name: 'Add to Left sidebar' }));
    const form = await screen.findByRole('dialog', { name: 'Add an ad' });
    await fill(user, within(form).getByLabelText('Cover image'), 'javascript:alert(1)');
    await fill(user, within(form).getByLabelText('Link'), 'example.com');
    await user.click(within(form).getByRole('button', { name: 'Add ad' }));
    expect(await within(form).findByText('Give an http(s) address of a picture, or a data:image picture.')).toBeInTheDocument();
    expect(within(form).getByText('Give an http(s) address.')).toBeInTheDocument();
    expect(server.calls(`/api${adminAdsPaths.list}`).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a broker the site does not have by its field, and writes nothing', async () => {
    const { user } = renderAds();
    await user.click(within(await slot('Left sidebar')).getByRole('button', { name: 'Add to Left sidebar' }));
    const form = await screen.findByRole('dialog', { name: 'Add an ad' });
    await fill(user, within(form).getByLabelText('Cover image'), 'https://cdn.example.com/a.png');
    await fill(user, within(form).getByLabelText('Link'), 'https://example.com/a');
    await fill(user, within(form).getByLabelText(/^Broker id/), 'nobody-fx');
    await user.click(within(form).getByRole('button', { name: 'Add ad' }));
    expect(await within(form).findByText('No broker has this id.')).toBeInTheDocument();
    expect(await savedAds()).toEqual([]);
  });

  it('changes an ad in its form', async () => {
    await addAd({ title: 'Old title' });
    const { user } = renderAds();
    await user.click(await screen.findByRole('button', { name: 'Edit Old title' }));
    const form = await screen.findByRole('dialog', { name: 'Edit the ad' });
    const title = within(form).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(within(form).getByRole('button', { name: 'Save ad' }));
    expect(await screen.findByText('New title')).toBeInTheDocument();
    expect((await savedAds())[0]?.title).toBe('New title');
  });

  it('switches an ad off, and removes it after a confirmation', async () => {
    await addAd({ title: 'Going away' });
    const { user } = renderAds();
    await user.click(await screen.findByRole('switch', { name: 'Show Going away' }));
    expect(await screen.findByText('Switched off')).toBeInTheDocument();
    expect((await savedAds())[0]?.enabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Going away' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this ad? The site stops showing it at once.' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Going away')).not.toBeInTheDocument());
    expect(await savedAds()).toEqual([]);
  });
});
