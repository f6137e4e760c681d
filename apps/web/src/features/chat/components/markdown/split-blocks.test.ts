import { parseMarkdownIntoBlocks } from 'streamdown';
import { describe, expect, it } from 'vitest';
import { splitIntoBlocks } from './split-blocks';

describe('splitting an answer into blocks', () => {
  it('splits as streamdown does when nothing looks like a footnote', () => {
    const text = '# Title\n\nA paragraph.\n\n```js\nconst a = 1;\n```\n\n- one\n- two\n';
    expect(splitIntoBlocks(text)).toEqual(parseMarkdownIntoBlocks(text));
  });

  it('does not take a regular expression in a code block for a footnote', () => {
    const text = 'Digits only:\n\n```js\nconst nonDigit = /[^0-9]/g;\n```\n\nThen strip them.';
    // streamdown alone keeps all of it as one block, drawn again whole on every update
    expect(parseMarkdownIntoBlocks(text)).toEqual([text]);
    expect(splitIntoBlocks(text)).toEqual(['Digits only:\n\n', '```js\nconst nonDigit = /[^0-9]/g;\n```\n\n', 'Then strip them.']);
  });

  it('does not take one in inline code for a footnote either', () => {
    const text = 'Use `[^a-z]` to match anything else.\n\nNext paragraph.';
    expect(splitIntoBlocks(text)).toEqual(['Use `[^a-z]` to match anything else.\n\n', 'Next paragraph.']);
  });

  it('keeps a text with real footnotes whole, so references and definitions are read together', () => {
    const text = 'A claim.[^1]\n\nMore text.\n\n[^1]: The source.';
    expect(splitIntoBlocks(text)).toEqual([text]);
  });

  it('keeps it whole when a footnote stands beside a regular expression in code', () => {
    const text = '```\n[^a-z]\n```\n\nSee the note.[^note]\n\n[^note]: Here.';
    expect(splitIntoBlocks(text)).toEqual([text]);
  });

  it('gives back blocks that are the text itself, in order', () => {
    const text = 'Intro\n\n~~~\n[^x] and [^y-z]\n~~~\n\n| a | b |\n| - | - |\n| `[^q]` | 2 |\n';
    expect(splitIntoBlocks(text).join('')).toBe(text);
    expect(splitIntoBlocks(text).length).toBeGreaterThan(1);
  });
});
