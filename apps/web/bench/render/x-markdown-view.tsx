import { CodeHighlighter } from '@ant-design/x';
import XMarkdown, { type ComponentProps } from '@ant-design/x-markdown';
import Latex from '@ant-design/x-markdown/plugins/Latex';
import { type ComponentType, memo, useMemo } from 'react';
import type { MarkdownProps } from './candidate';

// The setup of x-markdown's docs: the Latex plugin (KaTeX) and @ant-design/x's CodeHighlighter
// (Prism) for fenced code. GFM is marked's default and DOMPurify sanitises every render.
const config = { extensions: Latex() };

function Code({ className, children, block, lang }: ComponentProps) {
  if (!block || typeof children !== 'string') return <code className={className}>{children}</code>;
  const language = lang?.split(/\s/)[0] ?? className?.match(/language-(\w+)/)?.[1] ?? '';
  // The full Prism build: the light build's per-language import is a bare-module template
  // import that Vite cannot bundle, so it would silently fall back to unhighlighted code.
  return (
    <CodeHighlighter lang={language} prismLightMode={false}>
      {children}
    </CodeHighlighter>
  );
}

// x-markdown re-renders every block on every delta; this skips re-highlighting a code block
// whose text did not change (what streamdown's per-block memo does internally).
const MemoisedCode = memo(Code, (before, after) => before.children === after.children && before.lang === after.lang && before.block === after.block);

function xMarkdownView(code: ComponentType<ComponentProps>) {
  const components = { code };
  return function XMarkdownView({ text, streaming }: MarkdownProps) {
    const streamingOption = useMemo(() => ({ hasNextChunk: streaming }), [streaming]);
    return <XMarkdown content={text} config={config} components={components} streaming={streamingOption} paragraphTag="div" />;
  };
}

export const XMarkdownAsDocumented = xMarkdownView(Code);
export const XMarkdownMemoisedCode = xMarkdownView(MemoisedCode);
