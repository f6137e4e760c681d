import { chatArchiveLimits } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { archiveFileName, checkArchiveFile, serverProblems } from './archive-file';

const chat = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  appId: '7c1f2c1e-0a4b-4f51-9a55-3c3c2e0a0b01',
  title: 'Spreads',
  top: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  messages: [{ role: 'user', content: 'What is a spread?', status: 'done', createdAt: '2026-01-01T00:00:00.000Z' }],
  ...overrides,
});
const file = (chats: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'parley-chats', version: 1, exportedAt: '2026-01-05T00:00:00.000Z', chats, ...extra });
const first = 'a6a0a7d0-5a0e-4a8e-9d51-4d1c7b0b6f01';
const second = 'a6a0a7d0-5a0e-4a8e-9d51-4d1c7b0b6f02';

describe('checking a chat history file before it is sent', () => {
  it('accepts an export of this app', () => {
    const checked = checkArchiveFile(file([chat(first), chat(second)]));
    expect(checked.ok && checked.archive.chats.map((entry) => entry.id)).toEqual([first, second]);
  });

  it('refuses a file over the size limit, or one the reader refused for its size', () => {
    expect(checkArchiveFile(null)).toEqual({ ok: false, reason: 'tooLarge', problems: [] });
    expect(checkArchiveFile(file([chat(first, { title: 'x'.repeat(chatArchiveLimits.maxBytes) })]))).toMatchObject({ reason: 'tooLarge' });
  });

  it('refuses text that is not JSON', () => {
    expect(checkArchiveFile('{"format": "parley-chats",')).toEqual({ ok: false, reason: 'notJson', problems: [] });
  });

  it.each([
    ['another kind of file', JSON.stringify([{ title: 'a prompt', content: 'x' }]), ''],
    ['a wrong format name', file([], { format: 'chatgpt' }), 'format'],
    ['a title of the wrong type', file([chat(first, { title: 3 })]), 'chats.0.title'],
    ['an unknown message role', file([chat(first, { messages: [{ role: 'system', content: 'x', status: 'done', createdAt: '2026-01-01T00:00:00Z' }] })]), 'chats.0.messages.0.role'],
    ['a chat twice', file([chat(first), chat(first)]), 'chats.1.id'],
  ])('refuses %s, saying where', (_, text, path) => {
    const checked = checkArchiveFile(text);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.reason).toBe('wrongShape');
      expect(checked.problems.map((problem) => problem.path)).toContain(path);
    }
  });

  it('leaves objects untouched by a __proto__ key and drops it from what is sent', () => {
    const checked = checkArchiveFile(`{"__proto__":{"polluted":true},${file([chat(first)]).slice(1)}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(checked.ok && Object.keys(checked.archive)).toEqual(['format', 'version', 'exportedAt', 'chats']);
  });
});

describe('the rest', () => {
  it('reads the problems the server lists with a refusal, ignoring anything else', () => {
    expect(serverProblems([{ path: 'chats.1.id', message: 'already here' }, 'junk', { path: 1 }])).toEqual([{ path: 'chats.1.id', message: 'already here' }]);
    expect(serverProblems(null)).toEqual([]);
  });

  it('names the file after the local date', () => {
    expect(archiveFileName(new Date(2026, 0, 5, 23, 30))).toBe('parley-chats-2026-01-05.json');
  });
});
