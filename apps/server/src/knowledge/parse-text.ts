import type { Section } from './chunk.js';

const paragraphBreak = /\n[ \t]*\n/;

/** Plain text: one section, paragraphs at blank lines. */
export function parsePlainText(text: string): Section[] {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(paragraphBreak).map((p) => p.trim()).filter(Boolean);
  return paragraphs.length > 0 ? [{ heading: null, page: null, paragraphs }] : [];
}

const atxHeading = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const setextUnderline = /^ {0,3}(=+|-+)[ \t]*$/;
const fence = /^ {0,3}(```|~~~)/;

/** Markdown's inline syntax reduced to its text: images to their alt text, links to their text, emphasis marks gone. */
function plainInline(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1');
}

/** Markdown: a section per heading (ATX "#" or setext underlined), paragraphs at blank lines; code blocks kept whole. */
export function parseMarkdown(text: string): Section[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sections: Section[] = [{ heading: null, page: null, paragraphs: [] }];
  let paragraph: string[] = [];
  let inFence = false;
  const flush = () => {
    const joined = paragraph.join('\n').trim();
    if (joined) sections.at(-1)!.paragraphs.push(joined);
    paragraph = [];
  };
  const startSection = (heading: string) => {
    flush();
    sections.push({ heading: plainInline(heading).trim() || null, page: null, paragraphs: [] });
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (fence.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      paragraph.push(line);
      continue;
    }
    const atx = atxHeading.exec(line);
    if (atx) {
      startSection(atx[2]!);
      continue;
    }
    const next = lines[index + 1];
    if (line.trim() && paragraph.length === 0 && next !== undefined && setextUnderline.test(next) && !/^\s*[-*+]\s/.test(line)) {
      startSection(line.trim());
      index += 1;
      continue;
    }
    if (!line.trim()) flush();
    else paragraph.push(plainInline(line));
  }
  flush();
  return sections.filter((section) => section.paragraphs.length > 0);
}
