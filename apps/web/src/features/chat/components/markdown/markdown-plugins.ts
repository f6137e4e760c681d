import { useEffect, useSyncExternalStore } from 'react';
import type { PluginConfig } from 'streamdown';

/**
 * Shiki (code highlighting) and KaTeX (math) are half of the markdown renderer's weight, and
 * Mermaid (diagrams) weighs more than the rest together; most answers need none of them. Each
 * is fetched the first time a text on screen needs it; until then a code block shows
 * unhighlighted, `$$…$$` and a diagram's source as written. Once loaded, a plugin serves every
 * renderer on the page.
 */
export type MarkdownPluginName = 'code' | 'math' | 'mermaid';

const loaders: { [Name in MarkdownPluginName]: () => Promise<NonNullable<PluginConfig[Name]>> } = {
  code: async () => (await import('@streamdown/code')).code,
  math: async () => {
    const [{ math }] = await Promise.all([import('@streamdown/math'), import('katex/dist/katex.min.css')]);
    return math;
  },
  mermaid: async () => (await import('./mermaid-plugin')).safeMermaid(),
};

/** A fenced code block (``` or ~~~), `$$` math (inline-math.ts writes all math so), a mermaid fence. */
const syntaxOf: Record<MarkdownPluginName, RegExp> = {
  code: /^ {0,3}(`{3,}|~{3,})/m,
  math: /\$\$/,
  mermaid: /^ {0,3}(`{3,}|~{3,})[^\S\n]*mermaid\b/m,
};

let loaded: PluginConfig = {};
const pending = new Map<MarkdownPluginName, Promise<void>>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pluginsNeededBy(text: string): MarkdownPluginName[] {
  return (Object.keys(syntaxOf) as MarkdownPluginName[]).filter((name) => syntaxOf[name].test(text));
}

export function loadMarkdownPlugin(name: MarkdownPluginName): Promise<void> {
  const started = pending.get(name);
  if (started) return started;
  const loading = loaders[name]().then(
    (plugin) => {
      loaded = { ...loaded, [name]: plugin };
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // A failed fetch (offline, a new deploy) may be retried by the next text that needs it.
      pending.delete(name);
      throw error;
    },
  );
  pending.set(name, loading);
  return loading;
}

export function loadAllMarkdownPlugins(): Promise<unknown> {
  return Promise.all((Object.keys(loaders) as MarkdownPluginName[]).map(loadMarkdownPlugin));
}

/** The plugins loaded so far, without asking for any. */
export function useLoadedMarkdownPlugins(): PluginConfig {
  return useSyncExternalStore(subscribe, () => loaded);
}

/** The plugins loaded so far, asking for any this text needs. */
export function useMarkdownPlugins(text: string): PluginConfig {
  const plugins = useLoadedMarkdownPlugins();
  useEffect(() => {
    // Only the plugins not loaded yet are looked for: a long answer is not searched on every update.
    const missing = (Object.keys(syntaxOf) as MarkdownPluginName[]).filter((name) => !loaded[name]);
    for (const name of missing) {
      if (syntaxOf[name].test(text)) loadMarkdownPlugin(name).catch(() => undefined);
    }
  }, [text]);
  return plugins;
}
