import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../../../test/render';
import MarkdownRenderer from './markdown-renderer';
import { pluginsNeededBy } from './markdown-plugins';
import { looksLikeMarkdown } from './markdown-view';
import { safeMarkdownUrl } from './url-policy';

declare global {
  interface Window {
    pwned?: string;
  }
}

beforeAll(() => setupTestI18n());

function renderMarkdown(text: string) {
  return render(<MarkdownRenderer text={text} />).container;
}

describe('markdown from a model', () => {
  it('renders GFM: headings, lists, tables and emphasis', () => {
    const container = renderMarkdown('## Fees\n\n- **spread**\n- swap\n\n| pair | spread |\n| --- | --- |\n| EURUSD | 0.1 |');
    expect(screen.getByRole('heading', { level: 2, name: 'Fees' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(container.querySelector('[data-streamdown="strong"]')?.textContent).toBe('spread');
  });

  it('draws the HTML an answer writes, sanitised, among its markdown', () => {
    const container = renderMarkdown('Press <kbd>Ctrl</kbd> + <kbd>C</kbd>, then **paste** <span style="color:red" onclick="x()">here</span>');
    expect([...container.querySelectorAll('kbd')].map((key) => key.textContent)).toEqual(['Ctrl', 'C']);
    expect(container.querySelector('[data-streamdown="strong"]')?.textContent).toBe('paste');
    expect(container.querySelector('[onclick], [style]')).toBeNull();
    expect(container.textContent).toContain('here');
  });

  it('never runs a script tag or an inline event handler', async () => {
    window.pwned = undefined;
    const container = renderMarkdown(
      'Hi <script>window.pwned = "script"</script>\n\n<b onmouseover="window.pwned = \'hover\'">bold</b>\n\n<a href="#" onclick="window.pwned = \'click\'">tap</a>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onmouseover], [onclick], [onload]')).toBeNull();
    container.querySelector('b')?.dispatchEvent(new Event('mouseover'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.pwned).toBeUndefined();
  });

  it('shows javascript: and data: links as plain text, not as live links', () => {
    const container = renderMarkdown('[steal](javascript:window.pwned="link") [blob](data:text/html,<b>x</b>) [ok](https://example.com/a)');
    const hrefs = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs.filter(Boolean)).toEqual(['https://example.com/a']);
    expect(container.textContent).toContain('steal');
    expect(container.querySelector('[href^="javascript"], [href^="data"]')).toBeNull();
  });

  it('opens safe links in a new tab without handing over the page', () => {
    renderMarkdown('[docs](https://example.com/docs)');
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noreferrer');
  });

  it('typesets math with KaTeX, fetched when display math first appears', async () => {
    const container = renderMarkdown('$$\nE = mc^2\n$$');
    await waitFor(() => expect(container.querySelector('.katex-display .katex')).not.toBeNull());
  });

  it('typesets inline math within its sentence, and leaves prices as text', async () => {
    const container = renderMarkdown('Energy is $E = mc^2$ and \\(a^2 + b^2\\); a lot costs $5 and $6.');
    await waitFor(() => expect(container.querySelectorAll('p .katex')).toHaveLength(2));
    expect(container.querySelector('.katex-display')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent(/a lot costs \$5 and \$6\.$/);
  });

  it('gives code blocks a copy button', async () => {
    renderMarkdown('```ts\nconst spread = ask - bid;\n```');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument());
    // plain, or split into highlighted spans once the highlighter has loaded
    expect(document.querySelector('pre code')?.textContent).toContain('const spread = ask - bid;');
  });
});

describe('what a text makes the renderer fetch', () => {
  it.each([
    ['**bold** and a [link](https://a.example)', []],
    ['inline `code` only', []],
    ['```ts\nconst a = 1;\n```', ['code']],
    ['text\n  ~~~\nplain fence\n~~~', ['code']],
    ['costs $5 and $6', []],
    ['$$\nE = mc^2\n$$', ['math']],
    ['```py\nx = 1\n```\n\n$$x$$', ['code', 'math']],
    ['```mermaid\ngraph TD\n  A --> B\n```', ['code', 'mermaid']],
  ])('%j needs %j', (text, expected) => {
    expect(pluginsNeededBy(text)).toEqual(expected);
  });
});

describe('the address policy', () => {
  it.each([
    ['href', 'https://a.example/x', 'https://a.example/x'],
    ['href', 'http://a.example/x', 'http://a.example/x'],
    ['href', 'mailto:help@a.example', 'mailto:help@a.example'],
    ['href', '#section', '#section'],
    ['href', ' JavaScript:alert(1)', null],
    ['href', 'data:text/html,x', null],
    ['href', 'vbscript:x', null],
    ['href', '/api/visitor/anything', null],
    ['src', 'https://a.example/i.png', 'https://a.example/i.png'],
    ['src', 'http://a.example/i.png', null],
    ['src', 'data:image/png;base64,AAAA', null],
  ])('%s %s becomes %s', (key, url, expected) => {
    expect(safeMarkdownUrl(url, key)).toBe(expected);
  });
});

describe('plain text', () => {
  it.each(['您好，我是智能客服！想了解什么都可以问我。', 'Hello, ask me anything.'])('needs no markdown renderer: %s', (text) => {
    expect(looksLikeMarkdown(text)).toBe(false);
  });

  it.each(['**bold**', '- item', '1. first', '`code`', '# Title', '| a | b |', '[link](https://a.example)', '$$x$$', 'see https://a.example', '<b>x</b>'])(
    'goes to the renderer when it has markdown: %s',
    (text) => {
      expect(looksLikeMarkdown(text)).toBe(true);
    },
  );
});
