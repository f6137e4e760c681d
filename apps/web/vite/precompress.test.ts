import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFile } from './precompress';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) => stat(file).then(
  () => true,
  () => false,
);

describe('compressed copies of the built files', () => {
  it('writes a brotli and a gzip copy that read back to the file, both smaller than it', async () => {
    const file = join(dir, 'app.js');
    const source = 'export function greet(name) { return `Hello, ${name}!`; }\n'.repeat(200);
    await writeFile(file, source);
    const sizes = await precompressFile(file);
    expect(sizes).not.toBeNull();
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(source);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(source);
    expect(sizes!.br).toBeLessThan(source.length / 10);
    expect(sizes!.gz).toBeLessThan(source.length / 10);
  });

  it('leaves a file under 1 KB as it is', async () => {
    const file = join(dir, 'tiny.css');
    await writeFile(file, 'a{color:red}');
    expect(await precompressFile(file)).toBeNull();
    expect(await exists(`${file}.br`)).toBe(false);
    expect(await exists(`${file}.gz`)).toBe(false);
  });
});
