import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/prompts.json';
import zh from '../../../locales/zh-CN/prompts.json';
import { importFailureMessage, importSummary, problemMessage, skippedReason } from './prompt-messages';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({ lng: 'en-US', ns: ['prompts'], defaultNS: 'prompts', resources: { 'en-US': { prompts: en }, 'zh-CN': { prompts: zh } } }),
);
const en_ = () => i18n.getFixedT('en-US', 'prompts');
const zh_ = () => i18n.getFixedT('zh-CN', 'prompts');

describe('the prompt store messages', () => {
  it('say a duplicate title must be re-entered', () => {
    expect(problemMessage(en_(), { kind: 'duplicateTitle' })).toBe('This title is already used. Please enter another one.');
    expect(problemMessage(zh_(), { kind: 'duplicateTitle' })).toBe('标题重复，请重新输入。');
  });

  it('name the clashing content, shortened, on a duplicate content', () => {
    const content = 'x'.repeat(60);
    expect(problemMessage(en_(), { kind: 'duplicateContent', content })).toBe(
      `The content "${'x'.repeat(40)}…" is already stored. Please enter something else.`,
    );
  });

  it('ask for revision on an edit conflict', () => {
    expect(problemMessage(zh_(), { kind: 'editConflict' })).toBe('标题或内容与其他提示词冲突，请重新修改。');
  });

  it('give every problem its own text, with the limits filled in', () => {
    const kinds = ['emptyTitle', 'emptyContent', 'titleTooLong', 'contentTooLong', 'storeFull', 'duplicateTitle', 'editConflict'] as const;
    const texts = kinds.map((kind) => problemMessage(en_(), { kind }));
    expect(new Set(texts).size).toBe(kinds.length);
    expect(problemMessage(en_(), { kind: 'titleTooLong' })).toBe('A title can be at most 100 characters.');
    for (const text of texts) expect(text).not.toMatch(/rules\.|\{\{/);
  });

  it('report "Key value mismatch" with the item number', () => {
    expect(importFailureMessage(en_(), { kind: 'keyValueMismatch', index: 2 }, 'en-US')).toBe('Key value mismatch (item 3). Nothing was imported.');
    expect(importFailureMessage(zh_(), { kind: 'keyValueMismatch', index: 0 }, 'zh-CN')).toBe('键值不匹配（第 1 项），未导入任何内容。');
  });

  it('explain each other import failure', () => {
    expect(importFailureMessage(en_(), { kind: 'invalidJson' }, 'en-US')).toBe('This is not valid JSON. Please check its format.');
    expect(importFailureMessage(en_(), { kind: 'notAList' }, 'en-US')).toBe('The JSON must be a list of prompts.');
    expect(importFailureMessage(en_(), { kind: 'tooLarge' }, 'en-US')).toBe('The file is larger than 1 MB.');
    expect(importFailureMessage(en_(), { kind: 'tooMany' }, 'en-US')).toBe('The store would hold more than 2000 prompts. Nothing was imported.');
  });

  it('sum up an import with the success text, counts of added and skipped, and each skip reason', () => {
    expect(importSummary(en_(), 3, 0)).toBe('Import Success · added: 3');
    expect(importSummary(en_(), 1, 2)).toBe('Import Success · added: 1 · skipped: 2');
    expect(skippedReason(en_(), { title: 'A', reason: 'title' })).toBe('"A": the title is already in the store');
    expect(skippedReason(zh_(), { title: 'A', reason: 'content' })).toBe('“A”：因内容重复跳过');
  });
});
