import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import consoleTexts from '../../../locales/en-US/console.json';
import content from '../../../locales/en-US/consoleContent.json';
import { makeOperator, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { SiteContent } from './site-content';

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'console', consoleTexts, true, true);
  i18next.addResourceBundle('en-US', 'consoleContent', content, true, true);
});

async function signInOperator() {
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
  return operator;
}

function renderContent(tab: string) {
  return renderRoutes([{ path: '/admin/content', element: <SiteContent renderMarkdown={(markdown) => <div data-testid="preview">{markdown}</div>} /> }], `/admin/content?tab=${tab}`);
}

describe('site content', () => {
  it('previews a broker file, then imports it after a confirmation', async () => {
    await signInOperator();
    const { user } = renderContent('brokers');
    const csv = ['external_id,title,license_num', 'web-new-1,Harbour FX,2', 'web-new-2,Summit Markets,1'].join('\n');
    await user.upload(screen.getByTestId('broker-file'), new File([csv], 'brokers.csv', { type: 'text/csv' }));

    const added = await screen.findByRole('region', { name: 'New brokers' });
    expect(within(added).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Harbour FX web-new-1', 'Summit Markets web-new-2']);
    await user.click(screen.getByRole('button', { name: 'Import 2 brokers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Import 2 brokers?' });
    await user.click(within(confirm).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 2 new, 0 updated.')).toBeInTheDocument();
  });

  it('shows the rows a file would refuse and offers no import', async () => {
    await signInOperator();
    const { user } = renderContent('brokers');
    await user.upload(screen.getByTestId('broker-file'), new File(['external_id,title\nok,Fine\nbad id,'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('1 row is refused: fix it and choose the file again. Nothing is imported until every row is valid.')).toBeInTheDocument();
    expect(screen.getByText(/^Line 3: /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 broker' })).toBeDisabled();
  });

  it('edits a page with a live preview, and saving makes it the page the site serves', async () => {
    await signInOperator();
    const { user } = renderContent('pages');
    const editor = await screen.findByRole('textbox', { name: 'Page text (Markdown)' });
    expect(screen.getByText('Built-in text')).toBeInTheDocument();
    await user.clear(editor);
    await user.type(editor, '# About Parley');
    expect(screen.getByTestId('preview')).toHaveTextContent('# About Parley');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Saved in the console')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    const served = await fetch(`${server.url}/site/page?slug=aboutUs&locale=en-US`).then((response) => response.json());
    expect(served.data.markdown).toBe('# About Parley');
  });
});
