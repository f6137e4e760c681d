import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.js';

const distDir = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root">parley-app</div>');
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

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

  it('revalidates other root files', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
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

  it.each(['/api/nope', '/api/visitor/nope', '/docs/nope', '/metrics/x', '/session'])(
    'never answers server paths like %s with the app',
    async (url) => {
      const response = await app.inject({ url, headers: html });
      expect(response.body).not.toContain('parley-app');
      expect(response.statusCode).toBe(404);
    },
  );
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
