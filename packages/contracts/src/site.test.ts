import { describe, expect, it } from 'vitest';
import { siteConfig, type SiteConfig } from './site.js';

const config: SiteConfig = {
  regionGate: { primaryHost: '', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] },
  links: { platform: '', complaints: '', service: '', enterprise: '', oldVersion: '', download: '' },
  contact: { qq: '', mail: '' },
  brokerSite: { detailUrl: 'https://www.example.com/dealer/{id}', searchUrl: 'https://www.example.com/search?keyword={kw}' },
  dataCipher: { keyConstant: 'key constant', ivConstant: 'iv constant' },
  images: { allowedHosts: [] },
};

const withHosts = (allowedHosts: unknown) => siteConfig.safeParse({ ...config, images: { allowedHosts } });

describe('the site config’s image hosts', () => {
  it('are part of the site config: none, or host names', () => {
    expect(withHosts([]).success).toBe(true);
    expect(withHosts(['cdn.example.com', 'images.example.org', 'localhost', '192.0.2.7', 'xn--bcher-kva.example']).success).toBe(true);
  });

  it('must be there', () => {
    const { images: _images, ...withoutImages } = config;
    expect(siteConfig.safeParse(withoutImages).success).toBe(false);
  });

  it.each([
    ['a scheme', 'https://cdn.example.com'],
    ['a path', 'cdn.example.com/logos'],
    ['a port', 'cdn.example.com:8443'],
    ['a wildcard', '*.example.com'],
    ['capitals', 'CDN.example.com'],
    ['a space', 'cdn example.com'],
    ['an empty label', 'cdn..example.com'],
    ['nothing', ''],
  ])('refuse a host with %s', (_label, host) => {
    const parsed = withHosts([host]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('is not a host name');
  });
});
