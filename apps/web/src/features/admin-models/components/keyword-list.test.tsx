import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import consoleModels from '../../../locales/en-US/consoleModels.json';
import { makeOperator, setBlockedKeywords, withRealServer } from '../../../test/real-server';
import { renderRoutes, setupTestI18n } from '../../../test/render';
import { KeywordList } from './keyword-list';
import { KeywordTest } from './keyword-test';

const server = withRealServer();

beforeAll(async () => {
  await setupTestI18n();
  i18next.addResourceBundle('en-US', 'consoleModels', consoleModels, true, true);
});
beforeEach(async () => {
  await setBlockedKeywords(server.db, ['online casino']);
  const operator = await server.signIn();
  await makeOperator(server.db, operator.userId);
});

function renderList() {
  return renderRoutes(
    [
      {
        path: '/admin/models',
        element: (
          <>
            <KeywordList />
            <KeywordTest />
          </>
        ),
      },
    ],
    '/admin/models',
  );
}

const words = () => within(screen.getByRole('list', { name: 'Blocked keywords' })).queryAllByRole('listitem').map((item) => item.textContent?.replace('×', ''));

describe('the keyword list', () => {
  it('adds the words typed, separated by commas, and says what it added', async () => {
    const { user } = renderList();
    await screen.findByText('1 word on the list.');
    expect(screen.getByText('Agents with these words cannot be published, and chat questions with them are refused.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Words to add' }), 'Lucky Slots，spin-to-win, ONLINE CASINO');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added 2 words: Lucky Slots, spin-to-win.')).toBeInTheDocument();
    expect(words()).toEqual(['online casino', 'Lucky Slots', 'spin-to-win']);
    expect(screen.getByRole('textbox', { name: 'Words to add' })).toHaveValue('');
    expect(server.calls('/api/admin/models/keywords/add')[0]?.body).toEqual({ keywords: ['Lucky Slots', 'spin-to-win', 'ONLINE CASINO'] });
  });

  it('refuses a word that is too long at the field, sending nothing and keeping what was typed', async () => {
    const { user } = renderList();
    await screen.findByText('1 word on the list.');
    const long = 'x'.repeat(51);
    await user.type(screen.getByRole('textbox', { name: 'Words to add' }), `fine, ${long}`);
    expect(screen.getByText(`“${long}” is longer than 50 characters.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(server.calls('/api/admin/models/keywords/add')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Words to add' })).toHaveValue(`fine, ${long}`);
  });

  it('takes a word off after a confirmation, and puts it back on undo', async () => {
    const { user } = renderList();
    await screen.findByText('1 word on the list.');
    await user.click(screen.getByRole('button', { name: 'Take “online casino” off the list' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Take “online casino” off the list?');
    await user.click(within(dialog).getByRole('button', { name: 'Take off' }));
    expect(await screen.findByText('Took online casino off the list.')).toBeInTheDocument();
    expect(words()).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    expect(server.calls('/api/admin/models/keywords/remove')[0]?.body).toEqual({ keywords: ['online casino'] });

    await user.keyboard('{Enter}');
    await waitFor(() => expect(words()).toEqual(['online casino']));
    expect(screen.getByText('Added 1 word: online casino.')).toBeInTheDocument();
  });

  it('keeps a word when the confirmation is cancelled', async () => {
    const { user } = renderList();
    await screen.findByText('1 word on the list.');
    await user.click(screen.getByRole('button', { name: 'Take “online casino” off the list' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(words()).toEqual(['online casino']);
    expect(server.calls('/api/admin/models/keywords/remove')).toHaveLength(0);
  });

  it('tests a text: which listed word it contains and what that stops', async () => {
    const { user } = renderList();
    await screen.findByText('1 word on the list.');
    const text = screen.getByRole('textbox', { name: 'Text to test against the list' });
    await user.type(text, 'Best ONLINE casino bonuses');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('The text contains “online casino”.')).toBeInTheDocument();
    expect(screen.getByText('A chat question with this text would be refused.')).toBeInTheDocument();

    await user.clear(text);
    await user.type(text, 'What is a spread?');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('The text contains no word on the list.')).toBeInTheDocument();
  });
});
