import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024;
// Brotli's 11 comes out 2 % smaller than 10 but takes half as long again over the ~10 MB of
// output (Shiki's grammars are most of it): 10 keeps the build near its 20 s budget.
const brotliQuality = 10;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside one file, when they come out smaller than it. */
export async function precompressFile(file: string): Promise<{ br: number; gz: number } | null> {
  const bytes = await readFile(file);
  if (bytes.length < minBytes) return null;
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipped(bytes, { level: 9 }),
  ]);
  if (br.length >= bytes.length && gz.length >= bytes.length) return null;
  await Promise.all([br.length < bytes.length && writeFile(`${file}.br`, br), gz.length < bytes.length && writeFile(`${file}.gz`, gz)]);
  return { br: br.length, gz: gz.length };
}

/**
 * After the build, a brotli and a gzip copy of every text file in the output, for the server to
 * send as they are to a browser that accepts them (@fastify/static's preCompressed): a first
 * visit downloads the compressed bytes with no compression work per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parley:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
