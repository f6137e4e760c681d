import { promptLimits } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { checkAdd, checkEdit, exportPrompts, searchPrompts } from './prompt-rules';

const store = [
  { title: 'Broker check', content: 'Is this broker licensed?' },
  { title: 'Polite reply', content: 'Write a polite reply to this customer.' },
];

describe('adding a prompt', () => {
  it('accepts a new title and content, trimmed', () => {
    expect(checkAdd(store, { title: '  Summary ', content: ' Summarise this. ' })).toEqual({
      ok: true,
      prompt: { title: 'Summary', content: 'Summarise this.' },
    });
  });

  it('refuses a title that is already stored', () => {
    expect(checkAdd(store, { title: 'Broker check', content: 'Something new' })).toEqual({
      ok: false,
      problem: { kind: 'duplicateTitle' },
    });
  });

  it('refuses content that is already stored, naming the content', () => {
    expect(checkAdd(store, { title: 'New', content: ' Is this broker licensed? ' })).toEqual({
      ok: false,
      problem: { kind: 'duplicateContent', content: 'Is this broker licensed?' },
    });
  });

  it('refuses a blank title or content', () => {
    expect(checkAdd(store, { title: '  ', content: 'x' })).toMatchObject({ problem: { kind: 'emptyTitle' } });
    expect(checkAdd(store, { title: 'x', content: '\n' })).toMatchObject({ problem: { kind: 'emptyContent' } });
  });

  it('refuses a title or content over the limits', () => {
    const long = (n: number) => 'a'.repeat(n + 1);
    expect(checkAdd(store, { title: long(promptLimits.titleMaxChars), content: 'x' })).toMatchObject({ problem: { kind: 'titleTooLong' } });
    expect(checkAdd(store, { title: 'x', content: long(promptLimits.contentMaxChars) })).toMatchObject({ problem: { kind: 'contentTooLong' } });
  });

  it('refuses a new prompt when the store is full', () => {
    const full = Array.from({ length: promptLimits.maxItems }, (_, i) => ({ title: `t${i}`, content: `c${i}` }));
    expect(checkAdd(full, { title: 'new', content: 'new' })).toMatchObject({ problem: { kind: 'storeFull' } });
  });
});

describe('editing a prompt', () => {
  it('keeps its own title and content without a conflict', () => {
    expect(checkEdit(store, 0, { title: 'Broker check', content: 'Is this broker licensed?' })).toMatchObject({ ok: true });
  });

  it('refuses a title or content of another prompt', () => {
    expect(checkEdit(store, 0, { title: 'Polite reply', content: 'changed' })).toEqual({ ok: false, problem: { kind: 'editConflict' } });
    expect(checkEdit(store, 0, { title: 'changed', content: 'Write a polite reply to this customer.' })).toEqual({
      ok: false,
      problem: { kind: 'editConflict' },
    });
  });

  it('refuses blank fields like adding does', () => {
    expect(checkEdit(store, 1, { title: '', content: 'x' })).toMatchObject({ problem: { kind: 'emptyTitle' } });
  });
});

describe('searching the store', () => {
  it('matches every word in title or content, ignoring case', () => {
    expect(searchPrompts(store, 'BROKER licensed')).toEqual([store[0]]);
    expect(searchPrompts(store, 'reply customer')).toEqual([store[1]]);
    expect(searchPrompts(store, '   ')).toEqual(store);
    expect(searchPrompts(store, 'nothing')).toEqual([]);
  });
});

describe('exporting the store', () => {
  it('writes a JSON list of title and content only', () => {
    const loose = [{ title: 'a', content: 'b', extra: 1 } as { title: string; content: string }];
    expect(JSON.parse(exportPrompts(loose))).toEqual([{ title: 'a', content: 'b' }]);
  });
});
