/** A stretch of a document under one heading (and on one page, for PDFs), as parsers give it. */
export interface Section {
  heading: string | null;
  page: number | null;
  paragraphs: string[];
}

/** A passage to index: its text with the heading and page it came from. */
export interface Chunk {
  heading: string | null;
  page: number | null;
  content: string;
}

export interface ChunkOptions {
  /** Size budget of a chunk, in units where a Latin character counts 1 and a CJK character 2. */
  budget: number;
  /** How much of a chunk's end the next chunk of the same section starts with, in the same units. */
  overlap: number;
}

/** ~800 Latin characters (about 200 tokens) or ~400 Chinese characters per chunk, 100 / 50 of overlap. */
export const defaultChunkOptions: ChunkOptions = { budget: 800, overlap: 100 };

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cjkAll = new RegExp(cjk.source, 'gu');
/**
 * A sentence: up to a Latin end mark followed by a space (so "3.5" and "e.g.x" stay whole), a
 * CJK end mark, or a line break. A regular expression rather than Intl.Segmenter, whose sentence
 * mode takes seconds on a long paragraph.
 */
const sentencePattern = /(?:[^.!?。！？\n]|[.!?](?![\s"'”’)\]]|$))*(?:[.!?]+["'”’)\]]*(?:\s+|$)|[。！？]+["'”’）」』]*\s*|\n+|$)/gu;

/** A CJK character carries about as much as two Latin ones (and costs a model about a token each). */
export function sizeOf(text: string): number {
  return text.length + (text.match(cjkAll)?.length ?? 0);
}

/** Estimated model tokens: about 4 Latin characters or 1 CJK character each. */
export function estimateTokens(text: string): number {
  const cjkChars = text.match(cjkAll)?.length ?? 0;
  return cjkChars + Math.ceil((text.length - cjkChars) / 4);
}

export function sentences(text: string): string[] {
  return (text.match(sentencePattern) ?? []).filter((part) => part.trim() !== '');
}

/** The longest start of `text` within `limit` units. */
function headWithin(text: string, limit: number): string {
  let size = 0;
  let end = 0;
  for (const char of text) {
    size += cjk.test(char) ? 2 : 1;
    if (size > limit) break;
    end += char.length;
  }
  return text.slice(0, Math.max(end, 1));
}

/** A paragraph over the budget, cut at sentence ends (and inside a sentence only when one is itself too long). */
function splitLong(paragraph: string, budget: number): string[] {
  const pieces: string[] = [];
  let current = '';
  let currentSize = 0;
  const push = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
    currentSize = 0;
  };
  for (const sentence of sentences(paragraph)) {
    let rest = sentence;
    let restSize = sizeOf(rest);
    while (restSize > budget) {
      push();
      let head = headWithin(rest, budget);
      // cut Latin text between words when there is a space in the second half
      const space = head.lastIndexOf(' ');
      if (!cjk.test(head.at(-1) ?? '') && space > head.length / 2) head = head.slice(0, space);
      pieces.push(head.trim());
      rest = rest.slice(head.length);
      restSize -= sizeOf(head);
    }
    if (currentSize + restSize > budget) push();
    current += rest;
    currentSize += restSize;
  }
  push();
  return pieces;
}

/** The end of a chunk the next one repeats: whole sentences within `overlap`, else its last words. */
function tailOf(content: string, overlap: number): string {
  if (overlap <= 0) return '';
  const parts = sentences(content);
  let tail = '';
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const candidate = parts[index]! + tail;
    if (sizeOf(candidate) > overlap) break;
    tail = candidate;
  }
  if (tail.trim() && tail.trim() !== content.trim()) return tail.trim();
  const reversed = [...content].reverse().join('');
  let end = [...headWithin(reversed, overlap)].reverse().join('');
  const space = end.indexOf(' ');
  if (!cjk.test(end[0] ?? '') && space >= 0 && space < end.length / 2) end = end.slice(space + 1);
  return end.trim() === content.trim() ? '' : end.trim();
}

/** Normalises a paragraph: runs of spaces and tabs to one space, lines kept. */
export function cleanParagraph(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[\t \u00a0\u3000]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * Splits sections into chunks: paragraphs are packed together up to the budget, a paragraph over
 * it is cut at sentence ends, and each chunk after the first of a section starts with the end of
 * the one before (the overlap), so a fact spanning a cut is found whole in one of them. A chunk
 * never spans two headings or two pages.
 */
export function chunkSections(sections: Section[], options: ChunkOptions = defaultChunkOptions): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const pieces = section.paragraphs
      .map(cleanParagraph)
      .filter(Boolean)
      .flatMap((paragraph) => (sizeOf(paragraph) > options.budget ? splitLong(paragraph, options.budget) : [paragraph]));
    let current: string[] = [];
    let currentSize = 0;
    let fresh = false;
    const separator = 2;
    const emit = () => {
      const content = current.join('\n\n');
      chunks.push({ heading: section.heading, page: section.page, content });
      const tail = tailOf(content, options.overlap);
      current = tail ? [tail] : [];
      currentSize = tail ? sizeOf(tail) : 0;
      fresh = false;
    };
    for (const piece of pieces) {
      const pieceSize = sizeOf(piece);
      if (fresh && currentSize + separator + pieceSize > options.budget) emit();
      currentSize += (current.length > 0 ? separator : 0) + pieceSize;
      current.push(piece);
      fresh = true;
    }
    if (fresh) emit();
  }
  return chunks;
}
