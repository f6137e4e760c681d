import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';

/** What the loader may weigh, gzipped: it runs on every page of an owner's website before anyone opens the chat. */
export const embedGzipBudget = 15 * 1024;
const entry = 'src/embed/embed.ts';

/** The loader as one classic script (an IIFE), minified, with nothing left to fetch. */
export async function buildEmbedScript(root: string): Promise<{ code: string; gzipBytes: number }> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: 'ParleyEmbed', fileName: () => 'embed.js' },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const [chunk] = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  if (chunk?.type !== 'chunk') throw new Error('the widget loader build wrote no script');
  return { code: chunk.code, gzipBytes: gzipSync(chunk.code, { level: 9 }).length };
}

/**
 * Writes `embed.js` (the widget loader) at the root of the web build, under a fixed name owners
 * put in their pages. The build fails when the loader outgrows its budget.
 */
export function embedScript(): Plugin {
  let root = '';
  return {
    name: 'parley:embed-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const { code, gzipBytes } = await buildEmbedScript(root);
      if (gzipBytes > embedGzipBudget) {
        this.error(`embed.js is ${gzipBytes} bytes gzipped, over its budget of ${embedGzipBudget}`);
      }
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: code });
    },
  };
}
