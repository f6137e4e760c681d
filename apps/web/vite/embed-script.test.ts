import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildEmbedScript, embedGzipBudget } from './embed-script';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('the widget loader (embed.js)', () => {
  it(`is one classic script under ${embedGzipBudget} bytes gzipped, with nothing more to fetch`, async () => {
    const { code, gzipBytes } = await buildEmbedScript(root);
    expect(gzipBytes).toBeLessThanOrEqual(embedGzipBudget);
    expect(code).not.toMatch(/\bimport\s*[({"'`]/);
    expect(code).not.toMatch(/^export /m);
    // it carries its launcher texts, and no schema library
    expect(code).toContain('与{{name}}对话');
    expect(code).not.toContain('ZodError');
  }, 60_000);
});
