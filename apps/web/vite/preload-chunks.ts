import type { OutputChunk } from "rolldown";
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` tags to index.html for lazily imported modules that almost
 * every visit runs (the app shell, the chat screen), and for the chunks they import. The browser
 * then fetches and compiles them while the entry loads its texts, instead of discovering them
 * one `import()` at a time; they still run only when imported, in the same order as before.
 *
 * Their stylesheets are linked too, in the order Vite's loader would add them (a chunk's imports'
 * styles before its own). Otherwise each `import()` adds them one by one and waits for them to
 * load before the module runs: a fetch each on a first visit, and on every visit the main thread
 * inserting and parsing them while the screen is being drawn. The loader skips a stylesheet the
 * page already links.
 */
export function preloadChunks(modules: string[]): Plugin {
  return {
    name: 'parley:preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry, path }) {
        // the app's page only: the widget panel (widget.html) has no shell to warm up
        if (!bundle || !entry || path !== '/index.html') return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
        const alreadyStyled = new Set([...alreadyLoaded].flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]));
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (alreadyLoaded.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
          for (const css of byFile.get(fileName)?.viteMetadata?.importedCss ?? []) if (!alreadyStyled.has(css)) styles.add(css);
        };
        for (const module of modules) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadChunks: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        const link = (rel: string, fileName: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${fileName}` },
          injectTo: 'head',
        });
        return [...[...files].map((fileName) => link('modulepreload', fileName)), ...[...styles].map((fileName) => link('stylesheet', fileName))];
      },
    },
  };
}

