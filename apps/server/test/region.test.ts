import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionCheckPath } from '@parley/contracts';
import { call, visitor } from './fixtures/chats.js';
import { countryMmdb } from './fixtures/mmdb.js';
import { buildTestApp } from './helper.js';

const mmdbPath = path.join(mkdtempSync(path.join(tmpdir(), 'parley-mmdb-')), 'country.mmdb');
writeFileSync(
  mmdbPath,
  countryMmdb([
    { cidr: '1.2.3.0/24', isoCode: 'CN' },
    { cidr: '8.8.0.0/16', isoCode: 'US' },
    { cidr: '203.0.113.7/32', isoCode: 'JP' },
  ]),
);

async function countryFrom(overrides: Record<string, string>, request: { ip: string; headers?: Record<string, string> }) {
  const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000', ...overrides });
  const guest = await visitor(app);
  const response = await app.inject({
    url: `${guest.prefix}${regionCheckPath}`,
    remoteAddress: request.ip,
    headers: { ...guest.headers, ...request.headers },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.code as string;
}

describe('GET /ip/getpingbiip_new', () => {
  it('answers "unknown" when neither a country header nor a MaxMind database is configured', async () => {
    expect(await countryFrom({}, { ip: '1.2.3.4', headers: { 'cf-ipcountry': 'CN' } })).toBe('unknown');
  });

  it("trusts the CDN's country header behind a trusted proxy", async () => {
    const header = { TRUST_PROXY: 'true', REGION_COUNTRY_HEADER: 'CF-IPCountry' };
    expect(await countryFrom(header, { ip: '10.0.0.1', headers: { 'cf-ipcountry': 'cn' } })).toBe('CN');
    expect(await countryFrom(header, { ip: '10.0.0.1', headers: { 'cf-ipcountry': 'XX' } })).toBe('unknown');
    expect(await countryFrom(header, { ip: '10.0.0.1', headers: { 'cf-ipcountry': 'T1' } })).toBe('unknown');
    expect(await countryFrom(header, { ip: '10.0.0.1', headers: { 'cf-ipcountry': '<script>' } })).toBe('unknown');
    expect(await countryFrom(header, { ip: '10.0.0.1' })).toBe('unknown');
  });

  it('ignores the header without a trusted proxy, since any client could send it', async () => {
    expect(await countryFrom({ REGION_COUNTRY_HEADER: 'cf-ipcountry' }, { ip: '10.0.0.1', headers: { 'cf-ipcountry': 'CN' } })).toBe('unknown');
  });

  it('looks the client address up in the MaxMind database', async () => {
    const maxmind = { MAXMIND_DB_PATH: mmdbPath };
    expect(await countryFrom(maxmind, { ip: '1.2.3.200' })).toBe('CN');
    expect(await countryFrom(maxmind, { ip: '8.8.4.4' })).toBe('US');
    expect(await countryFrom(maxmind, { ip: '203.0.113.7' })).toBe('JP');
    expect(await countryFrom(maxmind, { ip: '203.0.113.8' })).toBe('unknown');
    expect(await countryFrom(maxmind, { ip: '127.0.0.1' })).toBe('unknown');
  });

  it('takes the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    const forwarded = { headers: { 'x-forwarded-for': '8.8.8.8' }, ip: '1.2.3.4' };
    expect(await countryFrom({ MAXMIND_DB_PATH: mmdbPath, TRUST_PROXY: 'true' }, forwarded)).toBe('US');
    expect(await countryFrom({ MAXMIND_DB_PATH: mmdbPath }, forwarded)).toBe('CN');
  });

  it('prefers the CDN header and falls back to the database when the header says nothing', async () => {
    const both = { MAXMIND_DB_PATH: mmdbPath, TRUST_PROXY: 'true', REGION_COUNTRY_HEADER: 'cf-ipcountry' };
    expect(await countryFrom(both, { ip: '1.2.3.4', headers: { 'cf-ipcountry': 'DE' } })).toBe('DE');
    expect(await countryFrom(both, { ip: '1.2.3.4', headers: { 'cf-ipcountry': 'XX' } })).toBe('CN');
  });

  it('is open to users and visitors alike, but not without a token', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ url: `/api${regionCheckPath}` })).statusCode).toBe(401);
    const guest = await visitor(app);
    expect((await call(app, guest, 'GET', regionCheckPath)).json().data).toEqual({ code: 'unknown' });
  });
});
