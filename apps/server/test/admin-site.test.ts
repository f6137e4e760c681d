import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminSitePaths, siteConfigPath } from '@parley/contracts';
import { auditLog, siteSettings } from '../src/db/schema/index.js';
import { call } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, testDatabase, type ConfigOverrides } from './helper.js';

const configured: ConfigOverrides = {
  LINK_PLATFORM_URL: 'https://platform.example.com',
  LINK_COMPLAINTS_URL: 'https://complaints.example.com',
  LINK_DOWNLOAD_URL: 'https://example.com/download',
  CONTACT_QQ: '10001',
  CONTACT_MAIL: 'help@example.com',
  REGION_PRIMARY_HOST: 'parley.example.com',
  REGION_BLOCKED_CODES: 'CN',
};
const app = await buildTestApp(configured);
// a second server instance on the same database, as behind a load balancer
const otherInstance = await buildTestApp(configured);
const db = (await testDatabase()).handle.db;
const operator = await signedInOperator(db, 'site-ops');
const asOperator = (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) => call(app, { ...operator, prefix: '/api' }, method, path, input);
const siteConfig = async (on = app) => (await on.inject({ url: siteConfigPath })).json().data;

const configuredLinks = {
  platform: 'https://platform.example.com',
  complaints: 'https://complaints.example.com',
  service: '',
  enterprise: '',
  oldVersion: '',
  download: 'https://example.com/download',
};
const newSidebar = {
  links: { ...configuredLinks, platform: 'https://new-platform.example.org/home', service: 'https://service.example.org' },
  contact: { qq: '20002', mail: 'support@example.org' },
};

async function auditRows(action: string) {
  return db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetType, 'site')));
}

async function savedKeys() {
  return (await db.select({ key: siteSettings.key }).from(siteSettings)).map((row) => row.key).filter((key) => key.startsWith('site.'));
}

describe('the sidebar links and contact details', () => {
  it('start as the configuration sets them, and say so', async () => {
    const view = (await asOperator('GET', adminSitePaths.settings)).json().data;
    expect(view.sidebar).toEqual({
      links: configuredLinks,
      contact: { qq: '10001', mail: 'help@example.com' },
      source: 'configuration',
      updatedAt: null,
      defaults: { links: configuredLinks, contact: { qq: '10001', mail: 'help@example.com' } },
    });
    expect(view.region).toMatchObject({ primaryHost: 'parley.example.com', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'], source: 'configuration' });
  });

  it('once saved, are what the site serves from the next request on this instance, and audited with what changed', async () => {
    expect((await siteConfig()).links.platform).toBe('https://platform.example.com');
    expect((await siteConfig(otherInstance)).links.platform).toBe('https://platform.example.com');

    const saved = await asOperator('POST', adminSitePaths.saveSidebar, { ...newSidebar, contact: { qq: ' 20002 ', mail: 'support@example.org ' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.sidebar).toMatchObject({ ...newSidebar, source: 'console', updatedAt: expect.any(String) });

    const served = await siteConfig();
    expect(served.links).toEqual(newSidebar.links);
    expect(served.contact).toEqual(newSidebar.contact);
    // the other instance reads it again once what it holds is ~30 s old (site-config-cache.test.ts)
    expect((await siteConfig(otherInstance)).links.platform).toBe('https://platform.example.com');

    const [row] = await auditRows('sidebar.update');
    expect(row).toMatchObject({
      actorId: operator.userId,
      targetId: 'site.sidebar',
      targetLabel: 'sidebar',
      before: { source: 'configuration', 'links.platform': 'https://platform.example.com', 'links.service': '', 'contact.qq': '10001', 'contact.mail': 'help@example.com' },
      after: { source: 'console', 'links.platform': 'https://new-platform.example.org/home', 'links.service': 'https://service.example.org', 'contact.qq': '20002', 'contact.mail': 'support@example.org' },
    });
    expect(Object.keys(row?.after as object)).not.toContain('links.download');
  });

  it('saved again unchanged, write nothing to the audit log', async () => {
    await asOperator('POST', adminSitePaths.saveSidebar, newSidebar);
    expect(await auditRows('sidebar.update')).toHaveLength(1);
  });

  it('reset to the configuration, which the site serves again', async () => {
    const reset = await asOperator('POST', adminSitePaths.reset, { group: 'sidebar' });
    expect(reset.json().data.sidebar).toMatchObject({ links: configuredLinks, source: 'configuration', updatedAt: null });
    expect((await siteConfig()).links).toEqual(configuredLinks);
    expect((await siteConfig()).contact).toEqual({ qq: '10001', mail: 'help@example.com' });
    expect(await savedKeys()).not.toContain('site.sidebar');

    const [row] = await auditRows('sidebar.reset');
    expect(row).toMatchObject({ before: { source: 'console', 'links.platform': 'https://new-platform.example.org/home' }, after: { source: 'configuration', 'links.platform': 'https://platform.example.com' } });
    await asOperator('POST', adminSitePaths.reset, { group: 'sidebar' });
    expect(await auditRows('sidebar.reset')).toHaveLength(1);
  });

  it('refuses a link that is not http(s), a bad mail address or QQ number, naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newSidebar, links: { ...newSidebar.links, platform: 'javascript:alert(1)' } }, 'links.platform: must be an address starting with http:// or https://, or empty to hide the link'],
      [{ ...newSidebar, links: { ...newSidebar.links, download: 'ftp://files.example.com' } }, 'links.download: must be an address starting with http://'],
      [{ ...newSidebar, links: { ...newSidebar.links, complaints: 'example.com/complaints' } }, 'links.complaints: must be an address'],
      [{ ...newSidebar, contact: { qq: '20002', mail: 'support@' } }, 'contact.mail: must be a mail address such as help@example.com, or empty'],
      [{ ...newSidebar, contact: { qq: 'qq-20002', mail: '' } }, 'contact.qq: must be a QQ number (5 to 12 digits), or empty'],
      [{ links: newSidebar.links }, 'contact'],
      [{ ...newSidebar, links: { platform: 'https://a.example.com' } }, 'links.complaints'],
    ];
    for (const [body, says] of cases) {
      const response = await asOperator('POST', adminSitePaths.saveSidebar, body);
      expect({ says, status: response.statusCode }).toEqual({ says, status: 400 });
      expect(response.json().msg).toContain(says);
    }
    expect(await savedKeys()).not.toContain('site.sidebar');
    expect(await auditRows('sidebar.update')).toHaveLength(1);
  });

  it('take empty links and contact details: the site then hides them', async () => {
    const empty = { links: { platform: '', complaints: '', service: '', enterprise: '', oldVersion: '', download: '' }, contact: { qq: '', mail: '' } };
    expect((await asOperator('POST', adminSitePaths.saveSidebar, empty)).statusCode).toBe(200);
    expect((await siteConfig()).links).toEqual(empty.links);
    await asOperator('POST', adminSitePaths.reset, { group: 'sidebar' });
  });
});

describe('the region rules', () => {
  it('save country codes upper-cased and once each, the host in lower case, and the site serves them', async () => {
    const saved = await asOperator('POST', adminSitePaths.saveRegion, { primaryHost: ' WWW.Parley.Example.com ', ignoreCookie: 'skip_region', blockedCodes: ['cn', 'KP', ' kp', 'CN', 'ir'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.region).toMatchObject({ primaryHost: 'www.parley.example.com', ignoreCookie: 'skip_region', blockedCodes: ['CN', 'KP', 'IR'], source: 'console' });
    expect((await siteConfig()).regionGate).toEqual({ primaryHost: 'www.parley.example.com', ignoreCookie: 'skip_region', blockedCodes: ['CN', 'KP', 'IR'] });
    const [row] = await auditRows('region.update');
    expect(row).toMatchObject({
      targetId: 'site.region',
      before: { source: 'configuration', primaryHost: 'parley.example.com', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] },
      after: { source: 'console', primaryHost: 'www.parley.example.com', ignoreCookie: 'skip_region', blockedCodes: ['CN', 'KP', 'IR'] },
    });
  });

  it('refuse an unknown country, a host with a scheme, port or path, and a cookie name with spaces, and write nothing', async () => {
    const valid = { primaryHost: 'parley.example.com', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, blockedCodes: ['CN', 'ZZ'] }, 'blockedCodes.1: ZZ is not an ISO 3166-1 alpha-2 country code such as CN'],
      [{ ...valid, blockedCodes: ['CHN'] }, 'blockedCodes.0: CHN is not an ISO 3166-1 alpha-2 country code'],
      [{ ...valid, blockedCodes: 'CN' }, 'blockedCodes: must be a list of country codes'],
      [{ ...valid, primaryHost: 'https://parley.example.com' }, 'primaryHost: must be a bare host name such as www.example.com'],
      [{ ...valid, primaryHost: 'parley.example.com:8080' }, 'primaryHost: must be a bare host name'],
      [{ ...valid, primaryHost: 'parley.example.com/chat' }, 'primaryHost: must be a bare host name'],
      [{ ...valid, ignoreCookie: 'ignore ip' }, 'ignoreCookie: must be a cookie name'],
      [{ ...valid, ignoreCookie: 'a;b=c' }, 'ignoreCookie: must be a cookie name'],
      [{ ...valid, ignoreCookie: '' }, 'ignoreCookie: is required'],
    ];
    for (const [body, says] of cases) {
      const response = await asOperator('POST', adminSitePaths.saveRegion, body);
      expect({ says, status: response.statusCode }).toEqual({ says, status: 400 });
      expect(response.json().msg).toContain(says);
    }
    expect((await siteConfig()).regionGate.blockedCodes).toEqual(['CN', 'KP', 'IR']);
    expect(await auditRows('region.update')).toHaveLength(1);
  });

  it('take an empty host, which turns the check off everywhere', async () => {
    await asOperator('POST', adminSitePaths.saveRegion, { primaryHost: '', ignoreCookie: 'ignore_ip', blockedCodes: [] });
    expect((await siteConfig()).regionGate).toEqual({ primaryHost: '', ignoreCookie: 'ignore_ip', blockedCodes: [] });
  });

  it('reset to the configuration, on their own: the sidebar keeps what was saved for it', async () => {
    await asOperator('POST', adminSitePaths.saveSidebar, newSidebar);
    const view = (await asOperator('POST', adminSitePaths.reset, { group: 'region' })).json().data;
    expect(view.region).toMatchObject({ primaryHost: 'parley.example.com', blockedCodes: ['CN'], source: 'configuration' });
    expect(view.sidebar.source).toBe('console');
    const served = await siteConfig();
    expect(served.regionGate).toEqual({ primaryHost: 'parley.example.com', ignoreCookie: 'ignore_ip', blockedCodes: ['CN'] });
    expect(served.links.platform).toBe('https://new-platform.example.org/home');
    expect(await auditRows('region.reset')).toHaveLength(1);
  });

  it('refuse to reset a group that does not exist', async () => {
    const response = await asOperator('POST', adminSitePaths.reset, { group: 'links' });
    expect([response.statusCode, response.json().msg]).toEqual([400, 'group: must be one of sidebar, region']);
  });
});
