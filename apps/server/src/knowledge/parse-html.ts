import { HTMLElement, NodeType, parse, type Node } from 'node-html-parser';
import type { Section } from './chunk.js';

/** Never content: scripts, styles, and a page's navigation, header, footer and side bars. */
const dropped = 'script, style, noscript, template, nav, header, footer, aside, form, iframe, svg, canvas, button, select, [role=navigation], [aria-hidden=true]';
const blockTags = new Set([
  'ADDRESS', 'ARTICLE', 'BLOCKQUOTE', 'BODY', 'DD', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE', 'HR', 'HTML',
  'LI', 'MAIN', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TBODY', 'THEAD', 'TR', 'UL',
]);
const cellTags = new Set(['TD', 'TH']);

/**
 * An HTML document as sections: each h1–h6 starts one, block elements are paragraphs, table rows
 * are one line each. With `mainContent`, only the page's main part is read (<main>, <article> or
 * the body) and its navigation, header, footer and side bars are left out.
 */
export function htmlToSections(html: string, options: { mainContent: boolean }): Section[] {
  const root = parse(html, { comment: false, blockTextElements: { script: false, style: false, noscript: false, pre: true } });
  const title = options.mainContent ? root.querySelector('title')?.text.trim() || null : null;
  for (const element of root.querySelectorAll(dropped)) element.remove();
  const start = options.mainContent
    ? (root.querySelector('main') ?? root.querySelector('[role=main]') ?? root.querySelector('article') ?? root.querySelector('body') ?? root)
    : root;

  const sections: Section[] = [{ heading: title, page: null, paragraphs: [] }];
  let buffer = '';
  const flush = () => {
    // a table row's cells end with a separator: none after the last
    const text = buffer.replace(/[ \t]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/ ?\| ?$/gm, '').trim();
    if (text) sections.at(-1)!.paragraphs.push(text);
    buffer = '';
  };
  const visit = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      buffer += node.text.replace(/\s+/g, ' ');
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    const tag = node.tagName;
    if (/^H[1-6]$/.test(tag)) {
      flush();
      const heading = node.text.replace(/\s+/g, ' ').trim();
      if (heading) sections.push({ heading, page: null, paragraphs: [] });
      return;
    }
    if (tag === 'BR') {
      buffer += '\n';
      return;
    }
    const block = blockTags.has(tag);
    if (block) flush();
    for (const child of node.childNodes) visit(child);
    if (cellTags.has(tag)) buffer += ' | ';
    if (block) flush();
  };
  visit(start);
  flush();
  return sections.filter((section) => section.paragraphs.length > 0);
}
