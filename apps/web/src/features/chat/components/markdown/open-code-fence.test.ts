import { describe, expect, it } from 'vitest';
import { isUnclosedCodeFence, readOpenCodeFence } from './open-code-fence';

describe('reading a code block the model is still writing', () => {
  it('takes the language from the info string and splits finished lines from the one being written', () => {
    expect(readOpenCodeFence('```ts title="a.ts"\nconst a = 1;\nconst b')).toEqual({
      language: 'ts',
      fence: '```',
      completeLines: ['const a = 1;'],
      partialLine: 'const b',
    });
  });

  it('has no line being written right after a line break', () => {
    expect(readOpenCodeFence('~~~\nline one\n')).toEqual({ language: '', fence: '~~~', completeLines: ['line one'], partialLine: '' });
  });

  it('holds no lines while only the opening fence has arrived', () => {
    expect(readOpenCodeFence('```python')).toEqual({ language: 'python', fence: '```', completeLines: [], partialLine: '' });
  });

  it('keeps blank lines inside the code', () => {
    expect(readOpenCodeFence('```\na\n\nb\n')?.completeLines).toEqual(['a', '', 'b']);
  });

  it('removes from each line as many leading spaces as the fence had, and no more', () => {
    expect(readOpenCodeFence('  ```js\n    indented\n x\n')?.completeLines).toEqual(['  indented', 'x']);
  });

  it('skips the blank lines a block may start with', () => {
    expect(readOpenCodeFence('\n\n```sh\nls')?.partialLine).toBe('ls');
  });

  it.each([
    ['a paragraph', 'Some text\n```'],
    ['a fence inside a list item', '- item\n  ```js\n  code'],
    ['an indented code block', '    ```js\n'],
    ['two backticks', '``js\ncode'],
    ['a backtick fence whose info string has a backtick', '```js`\ncode'],
    ['nothing', '\n\n'],
  ])('is not an open fence: %s', (_, block) => {
    expect(readOpenCodeFence(block)).toBeNull();
  });
});

describe('telling a code block still being written from one that has closed', () => {
  it.each([
    ['only the opening fence', '```ts'],
    ['lines but no closing fence', '```ts\nconst a = **b\n'],
    ['a shorter fence inside, which does not close it', '````md\n```\nstill code\n'],
    ['the other fence character inside', '~~~\n```\n'],
    ['a closing fence with text after it on the line', '```\ncode\n``` not closed\n'],
  ])('still open: %s', (_, block) => {
    expect(isUnclosedCodeFence(block)).toBe(true);
  });

  it.each([
    ['a closed block', '```ts\nconst a = 1;\n```\n'],
    ['a longer closing fence with trailing spaces', '```\ncode\n`````  '],
    ['a closing fence indented by up to three spaces', '~~~\ncode\n   ~~~'],
    ['a paragraph', 'Some **bold'],
    ['a fence inside a list item', '- item\n  ```js\n  code'],
    ['nothing', ''],
  ])('not an open fence: %s', (_, block) => {
    expect(isUnclosedCodeFence(block)).toBe(false);
  });
});
