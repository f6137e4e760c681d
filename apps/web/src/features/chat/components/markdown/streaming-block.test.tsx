import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../../../test/render';
import MarkdownRenderer from './markdown-renderer';
import remend from 'remend';
import { splitIntoBlocks } from './split-blocks';
import { parseStreamingBlocks } from './streaming-block';

beforeAll(() => setupTestI18n());

const codeLines = (container: HTMLElement) => [...container.querySelectorAll('[data-streamdown="code-block-body"] code > span')].map((line) => line.textContent);

describe('an answer still arriving', () => {
  it('closes open markup in its last block only', () => {
    expect(parseStreamingBlocks('**done** here\n\nnow **bold')).toEqual(['**done** here\n\n', 'now **bold**']);
  });

  it('leaves finished text as it is', () => {
    const blocks = parseStreamingBlocks('# Title\n\nA paragraph.');
    expect(blocks).toEqual(['# Title\n\n', 'A paragraph.']);
  });

  it('leaves a code block being written as it is: everything in it is code', () => {
    expect(parseStreamingBlocks('Run:\n\n```ts\nconst a = **b')).toEqual(['Run:\n\n', '```ts\nconst a = **b']);
  });

  it('splits a text growing through code blocks exactly as splitting it whole does, at every character', () => {
    const answer = [
      'Intro with **bold** and `code`.\n\n```ts\nconst pattern = /[^a-z]/;\n\nconst x = 1; // [^1] is no footnote here\n```\n\n',
      'Then a list:\n\n- one\n- two\n\n~~~python\nprint("```")\n~~~\n\n',
      '````md\n```js\ninner\n```\n````\n\nText after.\r\n\n```\nunclosed to the end\n',
    ].join('');
    const splitWhole = (markdown: string) => {
      const blocks = splitIntoBlocks(markdown);
      const last = blocks.at(-1);
      if (last === undefined || /^\s*(`{3,}|~{3,})/.test(last)) return blocks;
      return [...blocks.slice(0, -1), remend(last)];
    };
    for (let end = 1; end <= answer.length; end++) {
      const text = answer.slice(0, end);
      expect(parseStreamingBlocks(text), JSON.stringify(text)).toEqual(splitWhole(text));
    }
  });

  it('draws a code block being written line by line, inside the same frame a finished one has', () => {
    const { container } = render(<MarkdownRenderer text={'Here:\n\n```ts\nconst spread = ask - bid;\nconst pips'} streaming />);
    const block = container.querySelector('[data-streamdown="code-block"]');
    expect(block).toHaveAttribute('data-incomplete', 'true');
    expect(block?.querySelector('[data-streamdown="code-block-header"]')?.textContent).toBe('ts');
    expect(codeLines(container)).toEqual(['const spread = ask - bid;', 'const pips']);
    // Nothing to copy until the answer is complete.
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeDisabled();
  });

  it('highlights the lines that have ended while the block is still open', async () => {
    const { container } = render(<MarkdownRenderer text={'```ts\nconst a = 1;\nlet b'} streaming />);
    await waitFor(() => expect(container.querySelector('[data-streamdown="code-block-body"] code > span:first-child span[style]')).not.toBeNull(), {
      timeout: 5000,
    });
    const [finished, writing] = container.querySelectorAll('[data-streamdown="code-block-body"] code > span');
    expect(finished?.querySelectorAll('span').length).toBeGreaterThan(1);
    expect(finished?.textContent).toBe('const a = 1;');
    expect(writing?.textContent).toBe('let b');
    expect(writing?.querySelector('span')).toBeNull();
  });

  it('does not show the closing fence while it arrives a backtick at a time', () => {
    const { container } = render(<MarkdownRenderer text={'```ts\nconst a = 1;\n``'} streaming />);
    expect(codeLines(container)).toEqual(['const a = 1;']);
  });

  it('shows a closed block highlighted at once when its lines were highlighted while it was open', async () => {
    const highlighted = (container: HTMLElement) => container.querySelectorAll('[data-streamdown="code-block-body"] code span[style]').length;
    // streamdown's highlighted body is its own chunk: loaded here first, with other code. Until it
    // arrives the block shows its plain fallback, one styled span per line: wait for the tokens.
    const warmUp = render(<MarkdownRenderer text={'```js\nlet warm = true;\n```'} />);
    await waitFor(() => expect(highlighted(warmUp.container)).toBeGreaterThan(1), { timeout: 5000 });
    warmUp.unmount();

    const open = '```ts\nconst spread = ask - bid;\nconst pips = spread * 10_000;\n';
    const { container, rerender } = render(<MarkdownRenderer text={open} streaming />);
    await waitFor(() => expect(container.querySelectorAll('[data-streamdown="code-block-body"] code > span:last-child span[style]').length).toBeGreaterThan(0), {
      timeout: 5000,
    });
    rerender(<MarkdownRenderer text={`${open}\`\`\``} streaming />);
    // no frame of plain text: the highlighter already holds these lines
    expect(container.querySelector('[data-incomplete]')).toBeNull();
    expect(highlighted(container)).toBeGreaterThan(4);
  });

  it('hands a code block to the full renderer once its fence closes', async () => {
    const { container, rerender } = render(<MarkdownRenderer text={'```ts\nconst a = 1;\n'} streaming />);
    rerender(<MarkdownRenderer text={'```ts\nconst a = 1;\n```\n\nDone.'} streaming />);
    expect(container.querySelector('[data-incomplete]')).toBeNull();
    expect(container.querySelector('[data-streamdown="code-block"]')?.textContent).toContain('const a = 1;');
    rerender(<MarkdownRenderer text={'```ts\nconst a = 1;\n```\n\nDone.'} streaming={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy code' })).toBeEnabled());
  });

  it('does not draw the answer again when it ends, only its last block', () => {
    const { container, rerender } = render(<MarkdownRenderer text={'First paragraph.\n\nSecond'} streaming />);
    const first = container.querySelector('p');
    rerender(<MarkdownRenderer text={'First paragraph.\n\nSecond one.'} streaming={false} />);
    expect(container.querySelector('p')).toBe(first);
    expect(container.querySelectorAll('p')[1]?.textContent).toBe('Second one.');
  });

  it('starts over when the text is replaced by a shorter one', () => {
    const { container, rerender } = render(<MarkdownRenderer text={'```py\nx = 1\ny = 2\n'} streaming />);
    rerender(<MarkdownRenderer text={'```py\nz'} streaming />);
    expect(codeLines(container)).toEqual(['z']);
  });
});
