import { memo, useMemo } from 'react';
import remend from 'remend';
import { Block, parseMarkdownIntoBlocks, type BlockProps } from 'streamdown';
import { isUnclosedCodeFence, readOpenCodeFence } from './open-code-fence';
import { rehypePluginsFor } from './rehype-plugins';
import { StreamingCodeBlock } from './streaming-code-block';

/**
 * The blocks of a text still arriving. Only the last block can be unfinished, so only it gets
 * its open markup closed for display (`**bold` drawn as bold), not the whole answer again on
 * every update as streamdown's own option does, and not a code block still being written.
 */
export function parseStreamingBlocks(markdown: string): string[] {
  const blocks = parseMarkdownIntoBlocks(markdown);
  const last = blocks.at(-1);
  // A code block being written is all code: nothing in it to close, however long it grows.
  if (last === undefined || isUnclosedCodeFence(last)) return blocks;
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
