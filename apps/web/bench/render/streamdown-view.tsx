import { code } from '@streamdown/code';
import { createMathPlugin } from '@streamdown/math';
import { Streamdown } from 'streamdown';
import 'katex/dist/katex.min.css';
import 'streamdown/styles.css';
import './streamdown-essentials.css';
import type { MarkdownProps } from './candidate';

// Shiki highlighting and KaTeX with $…$ inline math (off by default); GFM, rehype-sanitize and
// rehype-harden are streamdown's defaults.
const plugins = { code, math: createMathPlugin({ singleDollarTextMath: true }) };

export default function StreamdownView({ text, streaming }: MarkdownProps) {
  return (
    <Streamdown mode="streaming" plugins={plugins} isAnimating={streaming}>
      {text}
    </Streamdown>
  );
}
