import { memo, useMemo } from 'react';
import remend from 'remend';
import { Block, type BlockProps } from 'streamdown';
import { isUnclosedCodeFence, readOpenCodeFence } from './open-code-fence';
import { rehypePluginsFor } from './rehype-plugins';
import { splitIntoBlocks } from './split-blocks';
import { StreamingCodeBlock } from './streaming-code-block';

/** The last split of a streaming text that ended inside a code block still being written. */
let insideOpenFence: { markdown: string; blocks: string[] } | null = null;

/**
 * While a code block is being written, everything after its opening fence is code until a
 * closing fence arrives: the text grows inside the last block, and the blocks before it stay
 * as they were. That skips splitting the text again on every update of a long block.
 */
function growOpenFence(markdown: string): string[] | null {
  const previous = insideOpenFence;
  if (!previous || markdown.length <= previous.markdown.length || !markdown.startsWith(previous.markdown)) return null;
  const added = markdown.slice(previous.markdown.length);
  // A `\r` changes how the text is split into lines.
  if (added.includes('\r')) return null;
  const last = `${previous.blocks.at(-1) ?? ''}${added}`;
  return isUnclosedCodeFence(last) ? [...previous.blocks.slice(0, -1), last] : null;
}

/**
 * The blocks of a text still arriving. Only the last block can be unfinished, so only it gets
 * its open markup closed for display (`**bold` drawn as bold), not the whole answer again on
 * every update as streamdown's own option does, and not a code block still being written.
 */
export function parseStreamingBlocks(markdown: string): string[] {
  const grown = growOpenFence(markdown);
  if (grown) {
    insideOpenFence = { markdown, blocks: grown };
    return grown;
  }
  const blocks = splitIntoBlocks(markdown);
  const last = blocks.at(-1);
  // A code block being written is all code: nothing in it to close, however long it grows.
  if (last !== undefined && isUnclosedCodeFence(last)) {
    insideOpenFence = { markdown, blocks };
    return blocks;
  }
  insideOpenFence = null;
  if (last === undefined) return blocks;
  const closed = remend(last);
  return closed === last ? blocks : [...blocks.slice(0, -1), closed];
}

function FencedOrMarkdown(props: BlockProps) {
  const { content, isIncomplete } = props;
  const fence = useMemo(() => (isIncomplete && typeof content === 'string' ? readOpenCodeFence(content) : null), [content, isIncomplete]);
  if (fence) return <StreamingCodeBlock fence={fence} />;
  const rehypePlugins = props.rehypePlugins && typeof content === 'string' ? rehypePluginsFor(content, props.rehypePlugins) : props.rehypePlugins;
  return <Block {...props} rehypePlugins={rehypePlugins} />;
}

/**
 * Streamdown's block, except for a code block the model is still writing: that one is drawn line
 * by line (StreamingCodeBlock) instead of through the markdown pipeline on every update. A block
 * without HTML in it skips the HTML re-parse (rehype-plugins.ts).
 */
export const StreamingBlock = memo(FencedOrMarkdown);
