/**
 * Math as models write it, in the one form the math plugin reads without taking prices for
 * formulas: `$$…$$` (inside a line it is inline math, on lines of its own display math).
 *
 * - `\(…\)` becomes inline and `\[…\]` display math.
 * - `$…$` becomes inline math only by pandoc's rule: the opening `$` is followed by a non-space,
 *   the closing one follows a non-space and is not followed by a digit. "$5 and $6" stays text;
 *   "$E = mc^2$" is math. (The plugin's own single-dollar option would take "5 and " for math.)
 *
 * Code (fenced blocks and `inline spans`) and escaped dollars (`\$`) are left as they are.
 */
export function withInlineMath(text: string): string {
  if (!mathCandidate.test(text)) return text;
  return splitCode(text)
    .map((part) => (part.code ? part.text : convert(part.text)))
    .join('');
}

const mathCandidate = /\$[^\s$]|\\[([]/;

/** `\[…\]` over lines, `\(…\)` within a line, then pandoc-style `$…$` (not `$$`, nor escaped). */
const display = /\\\[([\s\S]+?)\\\]/g;
const parenthesised = /\\\(([^\n]+?)\\\)/g;
const singleDollar = /(?<![\\$])\$(?=[^\s$])([^\n$]*?[^\s\\$])\$(?![\d$])/g;

function convert(text: string): string {
  return text
    .replace(display, (_whole, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(parenthesised, (_whole, body: string) => `$$${body.trim()}$$`)
    .replace(singleDollar, (_whole, body: string) => `$$${body}$$`);
}

interface Part {
  text: string;
  code: boolean;
}

/** Fenced code blocks (also one still open at the end) and inline code spans. */
const code = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\S\n]*$|(?![\s\S]))|(`+)[^`\n][\s\S]*?\2(?!`)/gm;

function splitCode(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(code)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), code: false });
    parts.push({ text: match[0], code: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), code: false });
  return parts;
}
