import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAdPath, adminAdsPaths, adPaths, type AdminAd, type AdInput } from '@parley/contracts';
import { ads, auditLog } from '../src/db/schema/index.js';
import { broker } from './fixtures/brokers.js';
import { call, visitor } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com', VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;
const ops = await signedInOperator(db, 'ads-ops');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function consoleCall(method: Method, url: string, payload?: object) {
  const response = await app.inject({ method, url: `/api${url}`, headers: ops.headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const spring: AdInput = { type: 1, title: 'Spring offer', coverUrl: 'https://cdn.example.com/spring.png', href: 'https://example.com/spring' };

async function addAd(input: Partial<AdInput> = {}): Promise<AdminAd> {
  const response = await consoleCall('POST', adminAdsPaths.list, { ...spring, ...input });
  expect(response.status).toBe(200);
  return response.body.data.ad;
}
const listed = async (id: string): Promise<AdminAd | undefined> => (await consoleCall('GET', adminAdsPaths.list)).body.data.list.find((ad: AdminAd) => ad.id === id);
const auditOf = (id: string) => db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt);

describe('adding ads', () => {
  it('adds an ad to a slot, lists it with its broker and status, and logs who added it', async () => {
    const acme = await broker(db, { title: 'Acme FX', externalId: 'ads-acme' });
    const added = await consoleCall('POST', adminAdsPaths.list, { ...spring, type: 2, weight: 3, languages: ['zh-CN', 'zh-TW', 'zh-CN'], brokerId: 'ads-acme' });
    expect(added.body.data.unshownCoverHosts).toEqual([]);
    const ad = added.body.data.ad;
    expect(ad).toMatchObject({ type: 2, title: 'Spring offer', weight: 3, languages: ['zh-CN', 'zh-TW'], broker: { id: 'ads-acme', title: 'Acme FX' }, enabled: true, status: 'showing', coverHostUnshown: null });
    expect(await listed(ad.id)).toEqual(ad);
    expect((await db.select().from(ads).where(eq(ads.id, ad.id)))[0]?.brokerId).toBe(acme.id);
    const [entry] = await auditOf(ad.id);
    expect(entry).toMatchObject({ action: 'ad.create', actorName: 'ads-ops', targetType: 'ad', targetLabel: 'Spring offer', before: null, after: { type: 2, broker: 'ads-acme', languages: ['zh-CN', 'zh-TW'] } });
  });

  it('shows the ad on the site in its slot', async () => {
    await db.update(ads).set({ enabled: false });
    await addAd({ type: 1, title: 'Only one', languages: [] });
    const guest = await visitor(app);
    expect((await call(app, guest, 'GET', adPaths.home, { type: 1 })).json().data).toMatchObject({ title: 'Only one' });
  });

  it('warns about a cover browsers will not load, and saves the ad all the same', async () => {
    const response = await consoleCall('POST', adminAdsPaths.list, { ...spring, coverUrl: 'http://banners.example.org/a.png' });
    expect(response.body.data.unshownCoverHosts).toEqual(['banners.example.org (plain http)']);
    expect(response.body.data.ad.coverHostUnshown).toBe('banners.example.org (plain http)');
    const inline = await addAd({ coverUrl: 'data:image/svg+xml,%3Csvg%2F%3E' });
    expect(inline.coverHostUnshown).toBeNull();
    // a picture in the address would fill the audit log: its kind and size are recorded
    expect((await auditOf(inline.id))[0]?.after).toMatchObject({ coverUrl: 'data:image/svg+xml… (31 characters)' });
  });

  it.each([
    ['a slot that does not exist', { type: 3 }, 'type: must be 1 (left sidebar) or 2 (right panel)'],
    ['a cover that is no picture address', { coverUrl: 'javascript:alert(1)' }, 'coverUrl: must be an http(s) image address or a data:image/… picture'],
    ['a link that is not http(s)', { href: 'ftp://example.com/x' }, 'href: must be an http(s) address'],
    ['a weight with a fraction', { weight: 1.5 }, 'weight: must be a whole number, 0 or more'],
    ['a negative weight', { weight: -1 }, 'weight: must be a whole number, 0 or more'],
    ['a window that ends before it starts', { startsAt: at(2 * hour), endsAt: at(hour) }, 'endsAt: must be after the start'],
    ['a window that ends as it starts', { startsAt: at(hour), endsAt: at(hour) }, 'endsAt: must be after the start'],
    ['a date without its offset', { startsAt: '2026-12-01 08:00' }, 'startsAt: must be a date and time with its offset, like 2026-12-01T08:00:00Z'],
    ['a language the site does not speak', { languages: ['fr-FR'] }, 'languages.0: must be one of en-US, es-ES, ko-KR, vi-VN, ru-RU, zh-CN, zh-TW'],
    ['a title that is too long', { title: 'x'.repeat(81) }, 'title: Use at most 80 characters'],
  ])('refuses %s, naming the field, and writes nothing', async (_what, change, message) => {
    const before = await db.select().from(ads);
    const response = await consoleCall('POST', adminAdsPaths.list, { ...spring, ...change });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe(message);
    expect(await db.select().from(ads)).toHaveLength(before.length);
  });

  it('refuses a broker the site does not have, naming it, and writes nothing', async () => {
    const before = await db.select().from(ads);
    const response = await consoleCall('POST', adminAdsPaths.list, { ...spring, brokerId: 'nobody-fx' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ msg: 'brokerId: No broker has the id nobody-fx.', data: [{ path: 'brokerId', message: 'No broker has the id nobody-fx.' }] });
    expect(await db.select().from(ads)).toHaveLength(before.length);
  });
});

describe('changing ads', () => {
  it('tells showing, scheduled, ended, switched-off and weight-0 ads apart', async () => {
    const statuses = await Promise.all([
      addAd({ startsAt: at(-hour), endsAt: at(hour) }),
      addAd({ startsAt: at(hour) }),
      addAd({ endsAt: at(-hour) }),
      addAd({ enabled: false }),
      addAd({ weight: 0 }),
    ]);
    expect(statuses.map((ad) => ad.status)).toEqual(['showing', 'scheduled', 'ended', 'disabled', 'noWeight']);
  });

  it('changes every field, logging only what changed', async () => {
    const ad = await addAd({ languages: ['en-US'] });
    const changed = await consoleCall('PUT', adminAdPath(adminAdsPaths.ad, ad.id), { ...spring, type: 2, weight: 5, languages: [], startsAt: at(hour), endsAt: at(2 * hour) });
    expect(changed.body.data.ad).toMatchObject({ type: 2, weight: 5, languages: [], status: 'scheduled' });
    const [, update] = await auditOf(ad.id);
    expect(update).toMatchObject({ action: 'ad.update', before: { type: 1, weight: 1, languages: ['en-US'], startsAt: null, endsAt: null } });
    expect(Object.keys(update?.after ?? {}).sort()).toEqual(['endsAt', 'languages', 'startsAt', 'type', 'weight']);
  });

  it('switches an ad off and on', async () => {
    const ad = await addAd();
    const off = await consoleCall('POST', adminAdPath(adminAdsPaths.enabled, ad.id), { enabled: false });
    expect(off.body.data.ad).toMatchObject({ enabled: false, status: 'disabled' });
    await consoleCall('POST', adminAdPath(adminAdsPaths.enabled, ad.id), { enabled: true });
    expect((await listed(ad.id))?.status).toBe('showing');
    expect((await auditOf(ad.id)).map((row) => [row.action, row.after])).toEqual([
      ['ad.create', expect.any(Object)],
      ['ad.update', { enabled: false }],
      ['ad.update', { enabled: true }],
    ]);
  });

  it('refuses a bad change and keeps the ad as it was', async () => {
    const ad = await addAd();
    const response = await consoleCall('PUT', adminAdPath(adminAdsPaths.ad, ad.id), { ...spring, href: 'not a link' });
    expect(response.status).toBe(400);
    expect(await listed(ad.id)).toEqual(ad);
    expect(await auditOf(ad.id)).toHaveLength(1);
  });

  it('removes an ad, logging what it was', async () => {
    const ad = await addAd({ title: 'Going away' });
    expect((await consoleCall('DELETE', adminAdPath(adminAdsPaths.ad, ad.id))).body.data).toBeNull();
    expect(await listed(ad.id)).toBeUndefined();
    expect((await auditOf(ad.id)).at(-1)).toMatchObject({ action: 'ad.delete', targetLabel: 'Going away', before: { title: 'Going away' }, after: null });
  });

  it('answers 404 for an ad that does not exist and 400 for an id that cannot be one', async () => {
    const missing = adminAdPath(adminAdsPaths.ad, '00000000-0000-4000-8000-000000000000');
    expect((await consoleCall('PUT', missing, spring)).body).toMatchObject({ code: 10001, msg: 'No ad has the id 00000000-0000-4000-8000-000000000000.' });
    expect((await consoleCall('DELETE', missing)).status).toBe(404);
    expect((await consoleCall('POST', adminAdPath(adminAdsPaths.enabled, 'seven'), { enabled: true })).status).toBe(400);
  });
});
