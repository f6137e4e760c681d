import { lazy, Suspense, useState, type ComponentType } from 'react';
import './markdown-plain.css';

export interface MarkdownViewProps {
  text: string;
  /** The text is still arriving: unfinished blocks are closed for display and a caret shows. */
  streaming?: boolean;
}

/** The renderer once its chunk has arrived: drawn straight away, without suspending first. */
let loadedRenderer: ComponentType<MarkdownViewProps> | null = null;

function loadRenderer() {
  return import('./markdown-renderer').then((module) => {
    loadedRenderer = module.default;
    return module;
  });
}

const LazyMarkdownRenderer = lazy(loadRenderer);

/** Preloads the renderer before it is needed, e.g. while a chat's messages are on their way. */
export function preloadMarkdown(): Promise<unknown> {
  return loadRenderer();
}

/** The renderer and every plugin, ahead of an export that must draw everything at once. */
export async function preloadMarkdownFully(): Promise<unknown> {
  const [{ loadAllMarkdownPlugins }] = await Promise.all([import('./markdown-plugins'), preloadMarkdown()]);
  return loadAllMarkdownPlugins();
}

/** Emphasis, code, headings, quotes, tables, links, math, list items: anything markdown would change. */
const markdownSyntax = /[*_`#>|~[\]$\\<]|https?:\/\/|^\s*([-+]|\d+[.)])\s/m;

export function looksLikeMarkdown(text: string): boolean {
  return markdownSyntax.test(text);
}

/**
 * Model and agent text as sanitised markdown. The renderer is its own chunk, fetched only for
 * text that has markdown in it (a plain greeting never pays for it); until it arrives the text
 * shows as plain text.
 */
export function MarkdownView({ text, streaming = false }: MarkdownViewProps) {
  // Chosen once: switching later would draw the text anew.
  const [MarkdownRenderer] = useState(() => loadedRenderer ?? LazyMarkdownRenderer);
  const plain = <div className="markdown-plain">{text}</div>;
  if (!streaming && !looksLikeMarkdown(text)) return plain;
  return (
    <Suspense fallback={plain}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </Suspense>
  );
}
