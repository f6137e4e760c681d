import { chatLimits, type ChatHistoryItem, type HistoryPage } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  addHistoryItem,
  checkTitle,
  displayTitle,
  mergeHistoryPage,
  nextActiveAfterDelete,
  nextPageNumber,
  removeHistoryItem,
  sortHistories,
  titleFromFirstMessage,
  updateHistoryItem,
} from './history-rules';

function chat(chatId: string, overrides: Partial<ChatHistoryItem> = {}): ChatHistoryItem {
  return {
    chatId,
    appId: 'app-1',
    title: `Chat ${chatId}`,
    top: false,
    updateTime: '2025-01-01T00:00:00.000Z',
    appName: 'Agent',
    appAvatarUrl: null,
    appDeleted: false,
    ...overrides,
  };
}

function page(list: ChatHistoryItem[], hasMore: boolean, pageNum = 1): HistoryPage {
  return { list, hasMore, total: list.length, page: pageNum, pageSize: 5 };
}

const ids = (list: ChatHistoryItem[]) => list.map((item) => item.chatId);

describe('merging loaded pages', () => {
  it('replaces the list with page 1', () => {
    const current = { list: [chat('old')], hasMore: true };
    expect(mergeHistoryPage(current, page([chat('a'), chat('b')], false), 1)).toEqual({
      list: [chat('a'), chat('b')],
      hasMore: false,
    });
  });

  it('appends later pages and takes their hasMore', () => {
    const current = { list: [chat('a')], hasMore: true };
    const merged = mergeHistoryPage(current, page([chat('b')], false, 2), 2);
    expect(ids(merged.list)).toEqual(['a', 'b']);
    expect(merged.hasMore).toBe(false);
  });

  it('does not repeat a chat that a shifted page brings again', () => {
    const current = { list: [chat('a'), chat('b')], hasMore: true };
    expect(ids(mergeHistoryPage(current, page([chat('b'), chat('c')], true, 2), 2).list)).toEqual(['a', 'b', 'c']);
  });

  it('treats a later page with nothing loaded yet as the first', () => {
    expect(ids(mergeHistoryPage(undefined, page([chat('x')], true, 3), 3).list)).toEqual(['x']);
  });
});

describe('the next page to load', () => {
  it('follows the pages loaded so far', () => {
    expect(nextPageNumber(0, 5)).toBe(1);
    expect(nextPageNumber(5, 5)).toBe(2);
    expect(nextPageNumber(10, 5)).toBe(3);
  });

  it('asks again for a page that lost an entry to a delete, so nothing is skipped', () => {
    expect(nextPageNumber(9, 5)).toBe(2);
  });
});

describe('the list order', () => {
  it('puts pinned chats first, then the most recently updated', () => {
    const list = [
      chat('old', { updateTime: '2025-01-01T00:00:00.000Z' }),
      chat('new', { updateTime: '2025-03-01T00:00:00.000Z' }),
      chat('pinned', { top: true, updateTime: '2024-01-01T00:00:00.000Z' }),
    ];
    expect(ids(sortHistories(list))).toEqual(['pinned', 'new', 'old']);
  });

  it('keeps the given order between equals', () => {
    expect(ids(sortHistories([chat('a'), chat('b'), chat('c')]))).toEqual(['a', 'b', 'c']);
  });
});

describe('adding a history', () => {
  it('puts it first', () => {
    expect(ids(addHistoryItem([chat('a'), chat('b')], chat('new')))).toEqual(['new', 'a', 'b']);
  });

  it('goes first after the pinned chats, where the server lists it too', () => {
    const list = [chat('p1', { top: true }), chat('p2', { top: true }), chat('a')];
    expect(ids(addHistoryItem(list, chat('new')))).toEqual(['p1', 'p2', 'new', 'a']);
  });

  it('moves a chat already listed instead of listing it twice, keeping its title and pin', () => {
    const list = [chat('a'), chat('b', { title: 'Renamed' })];
    const result = addHistoryItem(list, chat('b', { title: 'first question', updateTime: '2025-02-01T00:00:00.000Z' }));
    expect(ids(result)).toEqual(['b', 'a']);
    expect(result[0]).toMatchObject({ title: 'Renamed', updateTime: '2025-02-01T00:00:00.000Z' });
  });

  it('fills in the title of a listed chat that had none yet', () => {
    const result = addHistoryItem([chat('a', { title: '' })], chat('a', { title: 'What is a spread?' }));
    expect(result[0]?.title).toBe('What is a spread?');
  });
});

describe('updating a history', () => {
  it('renames in place', () => {
    const result = updateHistoryItem([chat('a'), chat('b')], 'b', { title: 'New name' });
    expect(ids(result)).toEqual(['a', 'b']);
    expect(result[1]?.title).toBe('New name');
  });

  it('moves a pinned chat to the top and an unpinned one back among the rest', () => {
    const list = [
      chat('a', { updateTime: '2025-03-01T00:00:00.000Z' }),
      chat('b', { updateTime: '2025-02-01T00:00:00.000Z' }),
    ];
    const pinned = updateHistoryItem(list, 'b', { top: true });
    expect(ids(pinned)).toEqual(['b', 'a']);
    expect(pinned[0]?.top).toBe(true);
    expect(ids(updateHistoryItem(pinned, 'b', { top: false }))).toEqual(['a', 'b']);
  });

  it('leaves a field alone when the patch does not name it', () => {
    const [result] = updateHistoryItem([chat('a', { top: true })], 'a', { title: 'x', top: undefined });
    expect(result?.top).toBe(true);
  });
});

describe('after deleting a chat, the next active one', () => {
  const list = [chat('a'), chat('b'), chat('c')];

  it('is the previous one', () => {
    expect(nextActiveAfterDelete(list, 'c')?.chatId).toBe('b');
    expect(nextActiveAfterDelete(list, 'b')?.chatId).toBe('a');
  });

  it('is the new first one when the first was deleted', () => {
    expect(nextActiveAfterDelete(list, 'a')?.chatId).toBe('b');
  });

  it('is none when the last chat was deleted', () => {
    expect(nextActiveAfterDelete([chat('only')], 'only')).toBeNull();
  });

  it('is none for a chat that was not listed', () => {
    expect(nextActiveAfterDelete(list, 'elsewhere')).toBeNull();
  });

  it('comes with the chat removed from the list', () => {
    expect(ids(removeHistoryItem(list, 'b'))).toEqual(['a', 'c']);
  });
});

describe('titles', () => {
  it('come from the first message, on one line', () => {
    expect(titleFromFirstMessage('  What is\n\na   spread?  ')).toBe('What is a spread?');
  });

  it('are cut at the title limit without splitting a character', () => {
    const long = '😀'.repeat(chatLimits.titleMaxChars);
    const title = titleFromFirstMessage(long);
    expect(title.length).toBeLessThanOrEqual(chatLimits.titleMaxChars);
    expect(title).toBe('😀'.repeat(chatLimits.titleMaxChars / 2));
  });

  it('must not be empty and must fit the limit when renamed', () => {
    expect(checkTitle('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkTitle('x'.repeat(chatLimits.titleMaxChars + 1))).toEqual({ ok: false, reason: 'tooLong' });
    expect(checkTitle('  Brokers  ')).toEqual({ ok: true, title: 'Brokers' });
  });

  it('fall back to the new-chat title when blank', () => {
    expect(displayTitle({ title: '  ' }, 'New Chat')).toBe('New Chat');
    expect(displayTitle({ title: 'Spreads' }, 'New Chat')).toBe('Spreads');
  });
});
