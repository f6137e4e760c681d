import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales, sitePagePath, sitePageSlugs } from '@parley/contracts';
import { buildTestApp } from './helper.js';

async function page(app: Awaited<ReturnType<typeof buildTestApp>>, query: string) {
  const response = await app.inject({ url: `${sitePagePath}?${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /site/page', () => {
  it('has bundled content for every page in all seven locales, each its own text', async () => {
    const app = await buildTestApp();
    for (const slug of sitePageSlugs) {
      const texts = new Set<string>();
      for (const locale of locales) {
        const { status, body } = await page(app, `slug=${slug}&locale=${locale}`);
        expect(status).toBe(200);
        expect(body.data.locale).toBe(locale);
        expect(body.data.markdown.length).toBeGreaterThan(400);
        texts.add(body.data.markdown);
      }
      expect(texts.size).toBe(locales.length);
    }
  });

  it('matches the locale case-insensitively and answers an unknown one in en-US', async () => {
    const app = await buildTestApp();
    expect((await page(app, 'slug=usage&locale=zh-cn')).body.data.locale).toBe('zh-CN');
    const unknown = await page(app, 'slug=usage&locale=fr-FR');
    expect(unknown.body.data.locale).toBe('en-US');
    expect(unknown.body.data.markdown).toContain('## Using Parley');
  });

  it("serves the operator's own file first, their en-US next, then the bundled page", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-content-'));
    mkdirSync(path.join(dir, 'aboutUs'));
    writeFileSync(path.join(dir, 'aboutUs', 'zh-CN.md'), '## 关于我们（运营者版本）');
    writeFileSync(path.join(dir, 'aboutUs', 'en-US.md'), '## About us (operator)');
    const app = await buildTestApp({ SITE_CONTENT_DIR: dir });
    expect((await page(app, 'slug=aboutUs&locale=zh-CN')).body.data.markdown).toBe('## 关于我们（运营者版本）');
    expect((await page(app, 'slug=aboutUs&locale=ko-KR')).body.data).toMatchObject({ locale: 'en-US', markdown: '## About us (operator)' });
    // a page the operator did not write at all comes from the bundled defaults
    const privacy = await page(app, 'slug=private&locale=ko-KR');
    expect(privacy.body.data.locale).toBe('ko-KR');
    expect(privacy.body.data.markdown).toContain('## 수집하는 정보');
  });

  it('picks up an edited file without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-content-'));
    mkdirSync(path.join(dir, 'usage'));
    const file = path.join(dir, 'usage', 'en-US.md');
    writeFileSync(file, 'first');
    const app = await buildTestApp({ SITE_CONTENT_DIR: dir });
    expect((await page(app, 'slug=usage&locale=en-US')).body.data.markdown).toBe('first');
    writeFileSync(file, 'second');
    expect((await page(app, 'slug=usage&locale=en-US')).body.data.markdown).toBe('second');
  });

  it('refuses an unknown page with a clear error', async () => {
    const app = await buildTestApp();
    const { status, body } = await page(app, 'slug=../../etc/passwd&locale=en-US');
    expect(status).toBe(400);
    expect(body.msg).toMatch(/slug must be one of usage, private, aboutUs/);
  });
});
