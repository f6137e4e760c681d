import { memo, useContext, useEffect, useState, type CSSProperties } from 'react';
import { CodeBlockContainer, CodeBlockCopyButton, CodeBlockHeader, StreamdownContext, type BundledLanguage, type HighlightToken } from 'streamdown';
import { useLoadedMarkdownPlugins } from './markdown-plugins';
import type { OpenCodeFence } from './open-code-fence';

type LineTokens = readonly HighlightToken[];

/** A token's colours as the custom properties markdown.css reads (the same mapping streamdown uses). */
function tokenStyle(token: HighlightToken): CSSProperties {
  const style: Record<string, string> = {};
  if (token.color) style['--sdm-c'] = token.color;
  if (token.bgColor) style['--sdm-tbg'] = token.bgColor;
  for (const [name, value] of Object.entries(token.htmlStyle ?? {})) {
    if (name === 'color') style['--sdm-c'] = value;
    else if (name === 'background-color') style['--sdm-tbg'] = value;
    else style[name] = value;
  }
  return style;
}

/** One line: its highlighted tokens once they are known, its plain text until then. */
const CodeLine = memo(function CodeLine({ text, tokens }: { text: string; tokens: LineTokens | undefined }) {
  if (text === '') return <span>{'\n'}</span>;
  if (!tokens) return <span>{text}</span>;
  return (
    <span>
      {tokens.map((token, index) => (
        <span key={index} style={tokenStyle(token)}>
          {token.content}
        </span>
      ))}
    </span>
  );
});

interface Highlighted {
  /** The finished lines these tokens are for, joined. */
  code: string;
  tokens: readonly LineTokens[];
}

/**
 * Highlighted tokens for the lines of a block that have ended. A line that has ended never
 * changes, and a grammar reads forwards only, so its tokens are final: each row keeps the same
 * array and is not drawn again when later lines arrive. Rows for text that is no longer there
 * (an answer started over) are dropped.
 */
function useFinishedLineTokens(language: string, lines: readonly string[]): readonly (LineTokens | undefined)[] {
  const highlighter = useLoadedMarkdownPlugins().code;
  const code = lines.join('\n');
  const [highlighted, setHighlighted] = useState<Highlighted>({ code: '', tokens: [] });

  useEffect(() => {
    if (!highlighter || code === '' || !highlighter.supportsLanguage(language as BundledLanguage)) return;
    const keep = (result: { tokens: HighlightToken[][] }) =>
      setHighlighted((known) => {
        // A result that arrives after a later one has nothing to add.
        if (known.code.startsWith(code)) return known;
        const rows = result.tokens.slice(0, code.split('\n').length);
        if (!code.startsWith(known.code)) return { code, tokens: rows };
        if (rows.length <= known.tokens.length) return known;
        return { code, tokens: [...known.tokens, ...rows.slice(known.tokens.length)] };
      });
    // Asked as a finished block would be, so the highlighter keeps the result: when the closing
    // fence arrives, streamdown's own block finds these lines highlighted already.
    const result = highlighter.highlight({ code, language: language as BundledLanguage, themes: highlighter.getThemes() }, keep);
    if (result) keep(result);
  }, [highlighter, language, code]);

  return code.startsWith(highlighted.code) ? highlighted.tokens : [];
}

/** The first backticks or tildes of the closing fence, arriving a few at a time, are not code to show. */
function mayBeClosingFence(partialLine: string, fence: string): boolean {
  const marks = partialLine.trimStart();
  return partialLine.length - marks.length <= 3 && marks.length > 0 && marks.length <= fence.length && [...marks].every((mark) => mark === fence[0]);
}

/**
 * Streamdown caps a code block's height and keeps a growing one scrolled to its end with a scroll
 * per update; the same cap with the body's content laid out from the bottom keeps the newest line
 * in view without any script.
 */
function followingBodyStyle(maxHeight: number | string): CSSProperties | undefined {
  if (!maxHeight || maxHeight === Number.POSITIVE_INFINITY || maxHeight === 'none') return undefined;
  return { maxHeight: typeof maxHeight === 'number' ? `${maxHeight}px` : maxHeight, display: 'flex', flexDirection: 'column-reverse' };
}

/**
 * A fenced code block while the model is still writing it. Streamdown would run the whole block
 * through the markdown pipeline and the highlighter again for every few characters; here the
 * lines that have ended are highlighted once each, and only the line being written is drawn
 * again. The markup is streamdown's own (same container, header, actions and body), so nothing
 * moves when the block closes and streamdown takes over.
 */
export function StreamingCodeBlock({ fence }: { fence: OpenCodeFence }) {
  const { language, completeLines, partialLine } = fence;
  const tokens = useFinishedLineTokens(language, completeLines);
  const { codeBlockMaxHeight } = useContext(StreamdownContext);
  return (
    <CodeBlockContainer dir="ltr" isIncomplete language={language}>
      <CodeBlockHeader language={language} />
      <div data-streamdown="code-block-actions">
        <CodeBlockCopyButton />
      </div>
      <div data-streamdown="code-block-body" data-language={language} style={followingBodyStyle(codeBlockMaxHeight)}>
        <pre>
          <code>
            {completeLines.map((line, index) => (
              <CodeLine key={index} text={line} tokens={tokens[index]} />
            ))}
            {partialLine !== '' && !mayBeClosingFence(partialLine, fence.fence) && <CodeLine text={partialLine} tokens={undefined} />}
          </code>
        </pre>
      </div>
    </CodeBlockContainer>
  );
}
