import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useFirstPaintGate } from '../../hooks/use-first-paint-gate';
import './markdown-plain.css';

export interface MarkdownViewProps {
  text: string;
  /** The text is still arriving: unfinished blocks are closed for display and a caret shows. */
  streaming?: boolean;
}

/** The renderer once its chunk has arrived: drawn straight away, without suspending first. */
let loadedRenderer: ComponentType<MarkdownViewProps> | null = null;

/** Its chunk failed to load: texts show plain, and screens stop waiting for it. */
let failedToLoad = false;

/** Screens waiting for the renderer (useMarkdownReady), told when its load settles. */
const waiting = new Set<() => void>();
const settled = () => loadedRenderer !== null || failedToLoad;
function onSettled(listener: () => void) {
  waiting.add(listener);
  return () => void waiting.delete(listener);
}
const tellWaiting = () => {
  for (const listener of waiting) listener();
};

function loadRenderer() {
  return import('./markdown-renderer').then(
    (module) => {
      loadedRenderer = module.default;
      tellWaiting();
      return module;
    },
    (error: unknown) => {
      failedToLoad = true;
      tellWaiting();
      throw error;
    },
  );
}

const LazyMarkdownRenderer = lazy(loadRenderer);

/** Preloads the renderer before it is needed, e.g. while a chat's messages are on their way. */
export function preloadMarkdown(): Promise<unknown> {
  return loadRenderer();
}

/**
 * Whether saved text can be drawn as markdown now: true when none of it needs the renderer or
 * the renderer has arrived. Screens of saved messages wait on it (showing their skeleton), so
 * their first paint is rendered markdown, never fences and pipes.
 */
export function useMarkdownReady(texts: readonly string[] | undefined): boolean {
  const needed = texts?.some(looksLikeMarkdown) ?? false;
  // Subscribed, not set from this screen's own load: a load begun elsewhere (a preload while the
  // messages came) may settle between this render and its effect, and the screen must hear of it.
  const arrived = useSyncExternalStore(onSettled, settled);
  useEffect(() => {
    // a failed chunk leaves the text plain rather than the screen waiting for ever
    if (needed && !settled()) loadRenderer().catch(() => undefined);
  }, [needed]);
  // only the first paint waits: later markdown shows as it streamed until the renderer is here
  return useFirstPaintGate(texts !== undefined, !needed || arrived);
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
