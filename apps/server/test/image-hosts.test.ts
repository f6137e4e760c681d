import { describe, expect, it } from 'vitest';
import { siteConfigPath } from '@parley/contracts';
import { buildTestApp } from './helper.js';

const plain = await buildTestApp();
const withHosts = await buildTestApp({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com, Images.Example.org' });

async function imageSources(app: typeof plain, url: string): Promise<string[]> {
  const response = await app.inject({ url });
  const policy = String(response.headers['content-security-policy']);
  const directive = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'img-src');
  return directive?.slice(1) ?? [];
}

describe('images from other hosts (IMAGE_HOSTS_ALLOWED)', () => {
  it('are refused by the CSP unless allowed: only this site, data: and blob: by default', async () => {
    for (const url of ['/healthz', siteConfigPath, '/chat']) {
      expect(await imageSources(plain, url)).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('may come over https from each allowed host, and from no other', async () => {
    const sources = await imageSources(withHosts, '/healthz');
    expect(sources).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://images.example.org']);
    expect(sources).not.toContain('https:');
  });

  it('are named to the browser by GET /site/config, none by default', async () => {
    expect((await plain.inject({ url: siteConfigPath })).json().data.images).toEqual({ allowedHosts: [] });
    expect((await withHosts.inject({ url: siteConfigPath })).json().data.images).toEqual({ allowedHosts: ['cdn.example.com', 'images.example.org'] });
  });
});
