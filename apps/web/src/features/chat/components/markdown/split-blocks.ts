import { parseMarkdownIntoBlocks } from 'streamdown';
import { isCodeFenceBlock } from './open-code-fence';

// What streamdown takes for a footnote reference or definition anywhere in the text: it then keeps
// the whole text as one block, so the references and their definitions are read together.
const footnoteMarker = /\[\^[\w-]{1,200}\]/;
const footnoteMarkerStart = /\[\^/g;
// Inline code spans: a run of backticks, then anything up to the same run.
const inlineCode = /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g;

/**
 * Streamdown's split of a text into blocks, except that a `[^…]` inside code (a regular
 * expression's `[^a-z]`, say) is not taken for a footnote. Streamdown would keep such a text as
 * one block and draw all of it again on every update while it streams. The text is split with
 * those markers masked (same length, so the blocks map back to the text), and kept whole as
 * before when a marker stands outside code.
 */
export function splitIntoBlocks(markdown: string): string[] {
  if (!footnoteMarker.test(markdown)) return parseMarkdownIntoBlocks(markdown);
  const masked = markdown.replace(footnoteMarkerStart, '(^');
  const maskedBlocks = parseMarkdownIntoBlocks(masked);
  if (maskedBlocks.join('') !== masked) return parseMarkdownIntoBlocks(markdown);
  const blocks: string[] = [];
  let offset = 0;
  for (const maskedBlock of maskedBlocks) {
    const block = markdown.slice(offset, offset + maskedBlock.length);
    offset += maskedBlock.length;
    if (!isCodeFenceBlock(block) && footnoteMarker.test(block.replace(inlineCode, ''))) return parseMarkdownIntoBlocks(markdown);
    blocks.push(block);
  }
  return blocks;
}
