/**
 * A fenced code block still being streamed: its opening fence has arrived, its closing one not
 * yet. Read by the CommonMark rules: up to 3 spaces before three or more backticks or tildes, the
 * language as the info string's first word, and each content line losing as many leading spaces
 * as the fence had.
 */
export interface OpenCodeFence {
  /** The info string's first word ("" when there is none), as streamdown reads it. */
  language: string;
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

/**
 * The open fence a block consists of, or null when the block is anything else (a paragraph,
 * a list holding a fence, a backtick fence whose info string has a backtick).
 */
export function readOpenCodeFence(block: string): OpenCodeFence | null {
  const start = block.search(/[^\n]/);
  if (start === -1) return null;
  const firstBreak = block.indexOf('\n', start);
  const opening = openingFence.exec(firstBreak === -1 ? block.slice(start) : block.slice(start, firstBreak));
  if (!opening) return null;
  const [, indent = '', fence = '', info = ''] = opening;
  if (fence.startsWith('`') && info.includes('`')) return null;
  const language = info.trim().split(/\s/, 1)[0] ?? '';
  if (firstBreak === -1) return { language, completeLines: [], partialLine: '' };
  const lines = block.slice(firstBreak + 1).split('\n');
  const partialLine = stripIndent(lines.pop() ?? '', indent.length);
  return { language, completeLines: lines.map((line) => stripIndent(line, indent.length)), partialLine };
}
