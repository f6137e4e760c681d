import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.js';

const distDir = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root">parley-app</div>');
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(distDir, 'widget.html'), '<!doctype html><div id="widget">parley-widget</div>');
writeFileSync(path.join(distDir, 'embed.js'), '(()=>{})();');
// what the web build writes beside its text files (apps/web/vite/precompress.ts)
const bundle = `export const greeting = "parley";\n${'// padding\n'.repeat(200)}`;
writeFileSync(path.join(distDir, 'assets', 'chat-def456.js'), bundle);
writeFileSync(path.join(distDir, 'assets', 'chat-def456.js.br'), brotliCompressSync(bundle));
writeFileSync(path.join(distDir, 'assets', 'chat-def456.js.gz'), gzipSync(bundle));
writeFileSync(path.join(distDir, 'index.html.br'), brotliCompressSync('<!doctype html><div id="root">parley-app</div>'));
// a file beside the build, which no path may reach
const secretFile = path.join(distDir, '..', `${path.basename(distDir)}-secret.txt`);
writeFileSync(secretFile, 'not for browsers');
afterAll(() => {
  rmSync(distDir, { recursive: true, force: true });
  rmSync(secretFile, { force: true });
});

const app = await buildTestApp({ WEB_DIST_DIR: distDir });
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static web app', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('parley-app');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves every hashed file through one route, even one written after the server started', async () => {
    writeFileSync(path.join(distDir, 'assets', 'late-789.js'), 'console.log("late")');
    const response = await app.inject({ url: '/assets/late-789.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(app.printRoutes({ commonPrefix: false })).not.toContain('index-abc123.js');
  });

  it.each(['/assets/../../{secret}', '/assets/%2e%2e/%2e%2e/{secret}', '/assets/..%2f..%2f{secret}', '/assets/....//....//{secret}'])(
    'serves no file outside the build for %s',
    async (pattern) => {
      const response = await app.inject({ url: pattern.replace('{secret}', path.basename(secretFile)), headers: { accept: '*/*' } });
      expect([400, 403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('not for browsers');
    },
  );

  it('revalidates other root files', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the widget loader at a fixed address, cached for an hour and then revalidated by its ETag', async () => {
    const response = await app.inject({ url: '/embed.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    const etag = response.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const again = await app.inject({ url: '/embed.js', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves the widget panel page, not the app, at /widget/:appId', async () => {
    const response = await app.inject({ url: `/widget/${crypto.randomUUID()}?lang=en-US`, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('parley-widget');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/chat/abc?chatId=1', '/setting', '/no/such/page'])('loads the app for a browser navigating to %s', async (url) => {
    const response = await app.inject({ url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('parley-app');
  });

  it('loads the app for a client that accepts anything, such as curl', async () => {
    const response = await app.inject({ url: '/home', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('parley-app');
  });

  it('answers a JSON client asking for a page path with a 404 envelope', async () => {
    const response = await app.inject({ url: '/home', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 10001, data: null });
  });

  it('answers a missing asset with 404 instead of the app', async () => {
    const response = await app.inject({ url: '/assets/gone-123.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(10001);
  });

  it.each(['/api/nope', '/api/visitor/nope', '/API/nope', '/Api/core/chat/completions', '/files/nope', '/files/images/x/y', '/docs/nope', '/metrics/x', '/session'])(
    'never answers server paths like %s with the app',
    async (url) => {
      const response = await app.inject({ url, headers: html });
      expect(response.body).not.toContain('parley-app');
      // not there, or there for other methods than GET (/session)
      expect([404, 405]).toContain(response.statusCode);
    },
  );
});

describe('compressed copies from the build', () => {
  it('sends the brotli copy of an asset to a browser that takes brotli', async () => {
    const response = await app.inject({ url: '/assets/chat-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('sends the gzip copy to a client that takes only gzip', async () => {
    const response = await app.inject({ url: '/assets/chat-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('sends the file as it is to a client that takes no compression', async () => {
    const response = await app.inject({ url: '/assets/chat-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(bundle);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("app")');
  });

  it('sends the compressed app page to a browser navigating to a page path, still revalidated', async () => {
    const response = await app.inject({ url: '/chat/abc?chatId=1', headers: { ...html, 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('parley-app');
  });
});

describe('without a web build', () => {
  it('still starts and explains at / how to build the app', async () => {
    const bare = await buildTestApp({ WEB_DIST_DIR: path.join(distDir, 'missing') });
    const response = await bare.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
  });
});
