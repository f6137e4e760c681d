import { memo } from 'react';
import type { MarkdownProps } from './candidate';

const Line = memo(function Line({ line }: { line: string }) {
  return <div style={{ whiteSpace: 'pre-wrap', minHeight: '1.6em' }}>{line}</div>;
});

/**
 * Not a markdown renderer: the text as plain lines, each drawn once. What an update costs with
 * next to no rendering work — the harness's own share (the timer, the forced layout, following
 * the newest line, style, layout and paint of the appended text) — as a floor to read the
 * renderers' figures against.
 */
export default function PlainLinesView({ text }: MarkdownProps) {
  return (
    <div>
      {text.split('\n').map((line, index) => (
        <Line key={index} line={line} />
      ))}
    </div>
  );
}
