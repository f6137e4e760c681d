import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Streamdown, type ControlsConfig, type StreamdownTranslations } from 'streamdown';
import { useMarkdownPlugins } from './markdown-plugins';
import type { MarkdownViewProps } from './markdown-view';
import { withInlineMath } from './inline-math';
import { fullRehypePlugins, rehypePluginsFor } from './rehype-plugins';
import { RemoteImage } from './remote-image';
import { remoteImageTag } from './remote-images';
import { parseStreamingBlocks, StreamingBlock } from './streaming-block';
import { splitIntoBlocks } from './split-blocks';
import { safeMarkdownUrl } from './url-policy';
import './markdown.css';

// Only the code copy button: the other controls are menus and overlays styled for Tailwind.
const controls: ControlsConfig = { code: { copy: true, download: false }, table: false, image: false, mermaid: false };
// Links open in a new tab straight away; the addresses are already limited by safeMarkdownUrl.
const linkSafety = { enabled: false };
// A table shows whole, as part of the answer; a wide one still scrolls sideways (markdown.css).
const tableMaxHeight = 'none';
// Images from other sites, which the pipeline hands over as remote-image elements (remote-images.ts).
const components = { [remoteImageTag]: RemoteImage };

/**
 * Streamdown with GFM, Shiki highlighting, KaTeX (inline and display math) and Mermaid diagrams
 * (each fetched when first needed); raw HTML is sanitised, URLs filtered, and images from other
 * sites drawn as links that load nothing by themselves (remote-images.ts). While the text streams,
 * only its last block has open markup closed, and a code block being written is drawn line by
 * line (streaming-block.tsx); a text that arrives whole is drawn in one pass.
 */
export default function MarkdownRenderer({ text, streaming = false }: MarkdownViewProps) {
  const { t } = useTranslation('chat');
  // A text that streamed in here stays drawn block by block when it ends: switching to one
  // whole-text pass would draw the entire answer again at its last word.
  const [blockwise] = useState(streaming);
  const source = useMemo(() => withInlineMath(text), [text]);
  const plugins = useMarkdownPlugins(source);
  const translations = useMemo<Partial<StreamdownTranslations>>(
    () => ({ copyCode: t('markdown.copyCode'), copied: t('markdown.copied'), imageNotAvailable: t('markdown.imageNotAvailable') }),
    [t],
  );
  return (
    <Streamdown
      className="markdown-view"
      mode={blockwise ? 'streaming' : 'static'}
      isAnimating={streaming}
      // Block by block, each block leaves out what it does not need; a whole text, the text does.
      rehypePlugins={blockwise ? fullRehypePlugins : rehypePluginsFor(source, fullRehypePlugins)}
      parseIncompleteMarkdown={false}
      parseMarkdownIntoBlocksFn={streaming ? parseStreamingBlocks : splitIntoBlocks}
      BlockComponent={StreamingBlock}
      caret={streaming ? 'block' : undefined}
      plugins={plugins}
      controls={controls}
      components={components}
      linkSafety={linkSafety}
      lineNumbers={false}
      tableMaxHeight={tableMaxHeight}
      urlTransform={safeMarkdownUrl}
      translations={translations}
    >
      {source}
    </Streamdown>
  );
}
