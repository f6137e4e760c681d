/**
 * A fenced code block still being streamed: its opening fence has arrived, its closing one not
 * yet. Read by the CommonMark rules: up to 3 spaces before three or more backticks or tildes, the
 * language as the info string's first word, and each content line losing as many leading spaces
 * as the fence had.
 */
export interface OpenCodeFence {
  /** The info string's first word ("" when there is none), as streamdown reads it. */
  language: string;
  /** The opening fence: three or more backticks or tildes. */
  fence: string;
  /** Content lines that have ended with a line break: they will not change any more. */
  completeLines: string[];
  /** The line still being written ("" right after a line break). */
  partialLine: string;
}

const openingFence = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/;

function stripIndent(line: string, indent: number): string {
  let cut = 0;
  while (cut < indent && line[cut] === ' ') cut += 1;
  return line.slice(cut);
}

interface OpeningFence {
  indent: number;
  /** The fence itself: three or more backticks or tildes. */
  fence: string;
  info: string;
  /** Where the line after the opening fence starts, or -1 when nothing has followed it yet. */
  contentStart: number;
}

/** The opening fence a block starts with (after blank lines), or null. */
function readOpeningFence(block: string): OpeningFence | null {
  const start = block.search(/[^\n]/);
  if (start === -1) return null;
  const firstBreak = block.indexOf('\n', start);
  const opening = openingFence.exec(firstBreak === -1 ? block.slice(start) : block.slice(start, firstBreak));
  if (!opening) return null;
  const [, indent = '', fence = '', info = ''] = opening;
  if (fence.startsWith('`') && info.includes('`')) return null;
  return { indent: indent.length, fence, info, contentStart: firstBreak === -1 ? -1 : firstBreak + 1 };
}

/**
 * The open fence a block consists of, or null when the block is anything else (a paragraph,
 * a list holding a fence, a backtick fence whose info string has a backtick).
 */
export function readOpenCodeFence(block: string): OpenCodeFence | null {
  const opening = readOpeningFence(block);
  if (!opening) return null;
  const language = opening.info.trim().split(/\s/, 1)[0] ?? '';
  if (opening.contentStart === -1) return { language, fence: opening.fence, completeLines: [], partialLine: '' };
  const lines = block.slice(opening.contentStart).split('\n');
  const partialLine = stripIndent(lines.pop() ?? '', opening.indent);
  return { language, fence: opening.fence, completeLines: lines.map((line) => stripIndent(line, opening.indent)), partialLine };
}

/** Where the closing fence of an opening one starts in the text after it, or -1 when it has none. */
function closingFenceIndex(opening: OpeningFence, content: string): number {
  // A closing fence: up to 3 spaces, at least as many of the same character, then only spaces.
  const closing = new RegExp(`^ {0,3}${opening.fence[0]}{${opening.fence.length},}[ \\t]*$`, 'm');
  return content.search(closing);
}

/**
 * Whether a block is one code fence that has not been closed yet: everything in it is code, so
 * no markup in it needs closing for display.
 */
export function isUnclosedCodeFence(block: string): boolean {
  const opening = readOpeningFence(block);
  if (!opening) return false;
  return opening.contentStart === -1 || closingFenceIndex(opening, block.slice(opening.contentStart)) === -1;
}

/** Whether a block is one fenced code block, closed or not, with nothing but blank lines after it. */
export function isCodeFenceBlock(block: string): boolean {
  const opening = readOpeningFence(block);
  if (!opening) return false;
  if (opening.contentStart === -1) return true;
  const content = block.slice(opening.contentStart);
  const closing = closingFenceIndex(opening, content);
  if (closing === -1) return true;
  const afterClosing = content.indexOf('\n', closing);
  return afterClosing === -1 || content.slice(afterClosing).trim() === '';
}
