import { promptLimits } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { importPromptText, mergeImported } from './prompt-import';
import { exportPrompts } from './prompt-rules';

const store = [{ title: 'Broker check', content: 'Is this broker licensed?' }];

describe('importing prompts', () => {
  it('reads this store’s own export back', () => {
    const exported = exportPrompts([{ title: 'A', content: 'a' }, { title: 'B', content: 'b' }]);
    const result = importPromptText([], exported);
    expect(result).toMatchObject({ ok: true, added: [{ title: 'A' }, { title: 'B' }], skipped: [] });
  });

  it('reads {key, value} and {act, prompt} lists, new items first', () => {
    const result = mergeImported(store, [{ key: 'K', value: 'v' }, { act: 'Act', prompt: 'p' }]);
    expect(result).toEqual({
      ok: true,
      added: [{ title: 'K', content: 'v' }, { title: 'Act', content: 'p' }],
      skipped: [],
      list: [{ title: 'K', content: 'v' }, { title: 'Act', content: 'p' }, ...store],
    });
  });

  it('skips items with a repeated title or content and says which and why', () => {
    const result = mergeImported(store, [
      { title: 'Broker check', content: 'other' },
      { title: 'Other', content: 'Is this broker licensed?' },
      { title: 'Fresh', content: 'fresh' },
      { title: 'Fresh', content: 'again' },
    ]);
    expect(result).toMatchObject({
      ok: true,
      added: [{ title: 'Fresh', content: 'fresh' }],
      skipped: [
        { title: 'Broker check', reason: 'title' },
        { title: 'Other', reason: 'content' },
        { title: 'Fresh', reason: 'title' },
      ],
    });
  });

  it('rejects the whole file with "Key value mismatch" when an item has the wrong keys or types', () => {
    expect(mergeImported(store, [{ title: 'ok', content: 'ok' }, { name: 'x', text: 'y' }])).toEqual({
      ok: false,
      failure: { kind: 'keyValueMismatch', index: 1 },
    });
    expect(mergeImported(store, [{ title: 'x', content: 3 }])).toMatchObject({ failure: { kind: 'keyValueMismatch', index: 0 } });
    expect(mergeImported(store, [{ title: 'x' }])).toMatchObject({ failure: { kind: 'keyValueMismatch' } });
    expect(mergeImported(store, ['text'])).toMatchObject({ failure: { kind: 'keyValueMismatch' } });
    expect(mergeImported(store, [{ title: ' ', content: 'x' }])).toMatchObject({ failure: { kind: 'keyValueMismatch' } });
  });

  it('rejects JSON that is not a list, text that is not JSON, and oversized text', () => {
    expect(importPromptText(store, '{"title":"a","content":"b"}')).toEqual({ ok: false, failure: { kind: 'notAList' } });
    expect(importPromptText(store, '[{"title":')).toEqual({ ok: false, failure: { kind: 'invalidJson' } });
    const huge = JSON.stringify([{ title: 'a', content: 'x'.repeat(promptLimits.importMaxBytes) }]);
    expect(importPromptText(store, huge)).toEqual({ ok: false, failure: { kind: 'tooLarge' } });
  });

  it('rejects an import that would overfill the store', () => {
    const many = Array.from({ length: promptLimits.maxItems }, (_, i) => ({ title: `t${i}`, content: `c${i}` }));
    expect(mergeImported(store, many)).toEqual({ ok: false, failure: { kind: 'tooMany' } });
  });

  it('leaves objects untouched when the JSON holds __proto__ keys', () => {
    const text = '[{"__proto__": {"polluted": "yes"}, "title": "T", "content": "C", "constructor": {"prototype": {"polluted": "yes"}}}]';
    const result = importPromptText([], text);
    expect(result).toMatchObject({ ok: true, added: [{ title: 'T', content: 'C' }] });
    const added = result.ok ? result.added[0] : undefined;
    expect(Object.keys(added ?? {})).toEqual(['title', 'content']);
    expect(Object.getPrototypeOf(added)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not read a title from the prototype chain', () => {
    const text = '[{"__proto__": {"title": "T", "content": "C"}}]';
    expect(importPromptText([], text)).toMatchObject({ ok: false, failure: { kind: 'keyValueMismatch' } });
  });
});
