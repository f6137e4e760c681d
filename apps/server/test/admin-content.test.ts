import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminContentPaths, notificationPaths, sitePagePath } from '@parley/contracts';
import { auditLog, brokers } from '../src/db/schema/index.js';
import { call, signedInUser } from './fixtures/chats.js';
import { signedInOperator } from './fixtures/operators.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ IMAGE_HOSTS_ALLOWED: 'cdn.example.com' });
const db = (await testDatabase()).handle.db;
const operator = await signedInOperator(db, 'content-ops');
const asOperator = (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) => call(app, { ...operator, prefix: '/api' }, method, path, input);

async function brokerTitle(externalId: string) {
  const [row] = await db.select({ title: brokers.title }).from(brokers).where(eq(brokers.externalId, externalId));
  return row?.title;
}

async function auditOf(action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('importing broker data after a preview', () => {
  const header = 'external_id,title,title_en,license_num,server_num,regulators,img_url';

  it('previews what a file adds and changes without writing, then imports exactly that file', async () => {
    const first = [header, 'pv-keep,Keep FX,Keep,1,1,FCA,', 'pv-change,Old Name,,1,1,FCA,'].join('\n');
    const seeded = (await asOperator('POST', adminContentPaths.previewBrokers, { fileName: 'seed.csv', text: first })).json().data;
    expect((await asOperator('POST', adminContentPaths.importBrokers, { fileName: 'seed.csv', text: first, digest: seeded.digest })).json().data).toEqual({ inserted: 2, updated: 0 });

    const second = [header, 'pv-keep,Keep FX,Keep,1,1,FCA,', 'pv-change,New Name,,1,2,FCA;ASIC,', 'pv-new,Fresh FX,,0,0,,http://logos.example.org/fresh.png'].join('\n');
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(brokers);
    const preview = await asOperator('POST', adminContentPaths.previewBrokers, { fileName: 'brokers.csv', text: second });
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({ total: 3, unchanged: 1, rejected: [], added: [{ externalId: 'pv-new', title: 'Fresh FX' }], unshownLogoHosts: ['logos.example.org (plain http)'] });
    expect(data.changed).toEqual([
      {
        externalId: 'pv-change',
        title: 'New Name',
        changes: [
          { field: 'title', before: 'Old Name', after: 'New Name' },
          { field: 'serverNum', before: 1, after: 2 },
          { field: 'details', before: { regulators: ['FCA'] }, after: { regulators: ['FCA', 'ASIC'] } },
        ],
      },
    ]);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(brokers)).toEqual(before);
    expect(await brokerTitle('pv-change')).toBe('Old Name');

    const changedSince = await asOperator('POST', adminContentPaths.importBrokers, { fileName: 'brokers.csv', text: `${second}\n`, digest: data.digest });
    expect([changedSince.statusCode, changedSince.json().code]).toEqual([409, 10002]);
    expect(await brokerTitle('pv-change')).toBe('Old Name');

    const imported = await asOperator('POST', adminContentPaths.importBrokers, { fileName: 'brokers.csv', text: second, digest: data.digest });
    expect(imported.json().data).toEqual({ inserted: 1, updated: 2 });
    expect(await brokerTitle('pv-change')).toBe('New Name');
    const logged = (await auditOf('brokers.import')).find((row) => row.targetLabel === 'brokers.csv');
    expect(logged).toMatchObject({ actorId: operator.userId, targetType: 'brokers', after: { rows: 3, inserted: 1, updated: 2 } });
  });

  it('lists the rows it refuses in the preview, and imports none of the file', async () => {
    const text = [header, 'rj-ok,Good FX,,1,1,,', 'rj-bad,,Nameless,1,1,,', 'bad id,Spaced,,x,1,,'].join('\n');
    const preview = (await asOperator('POST', adminContentPaths.previewBrokers, { fileName: 'bad.csv', text })).json().data;
    expect(preview.rejected).toEqual([
      { line: 3, problems: ['title is required'] },
      { line: 4, problems: [expect.stringMatching(/^external_id must be/), 'license_num must be a whole number from 0 to 100000'] },
    ]);
    const refused = await asOperator('POST', adminContentPaths.importBrokers, { fileName: 'bad.csv', text, digest: preview.digest });
    expect([refused.statusCode, refused.json().msg]).toEqual([400, '2 of 3 rows rejected; nothing was imported. Fix them and import the file again.']);
    expect(refused.json().data.rejected).toHaveLength(2);
    expect(await brokerTitle('rj-ok')).toBeUndefined();
  });

  it('refuses a file it cannot read, naming what is wrong', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fileName: 'brokers.xlsx', text: 'x' }, 'fileName'],
      [{ fileName: 'brokers.csv', text: '' }, 'The file is empty'],
      [{ fileName: 'brokers.json', text: '{not json' }, 'text'],
    ];
    for (const [body, says] of cases) {
      const response = await asOperator('POST', adminContentPaths.previewBrokers, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(JSON.stringify(response.json())).toContain(says);
    }
    const noDigest = await asOperator('POST', adminContentPaths.importBrokers, { fileName: 'a.csv', text: 'x', digest: 'abc' });
    expect(JSON.stringify(noDigest.json())).toContain('digest');
  });
});

describe('site pages', () => {
  it('shows where a page comes from, and a saved text is what the site serves in that language from then on', async () => {
    const shipped = (await asOperator('GET', adminContentPaths.page, { slug: 'aboutUs', locale: 'ko-KR' })).json().data;
    expect(shipped).toMatchObject({ slug: 'aboutUs', locale: 'ko-KR', source: 'default', updatedAt: null });

    const saved = await asOperator('POST', adminContentPaths.savePage, { slug: 'aboutUs', locale: 'ko-KR', markdown: '# 회사 소개\n\nParley는 …' });
    expect(saved.json().data).toMatchObject({ source: 'console', textLocale: 'ko-KR', markdown: '# 회사 소개\n\nParley는 …' });
    const served = await app.inject({ url: `${sitePagePath}?slug=aboutUs&locale=ko-KR` });
    expect(served.json().data).toEqual({ slug: 'aboutUs', locale: 'ko-KR', markdown: '# 회사 소개\n\nParley는 …' });
    // other languages keep theirs
    expect((await app.inject({ url: `${sitePagePath}?slug=aboutUs&locale=en-US` })).json().data.markdown).not.toContain('회사 소개');

    const [logged] = (await auditOf('page.update')).filter((row) => row.targetId === 'aboutUs/ko-KR');
    expect(logged).toMatchObject({ targetType: 'page', targetLabel: 'aboutUs', after: { markdown: '# 회사 소개\n\nParley는 …' } });
    expect((logged?.before as { markdown: string }).markdown).toBe(shipped.markdown);
  });

  it('refuses an empty page, an unknown page or language, naming the field, and keeps the text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'usage', locale: 'en-US', markdown: '   ' }, 'markdown'],
      [{ slug: 'terms', locale: 'en-US', markdown: 'x' }, 'slug'],
      [{ slug: 'usage', locale: 'fr-FR', markdown: 'x' }, 'locale'],
    ];
    for (const [body, field] of cases) {
      const response = await asOperator('POST', adminContentPaths.savePage, body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(JSON.stringify(response.json())).toContain(field);
    }
    expect((await asOperator('GET', adminContentPaths.page, { slug: 'usage', locale: 'en-US' })).json().data.source).toBe('default');
  });
});

describe('announcements', () => {
  it("posts one that reaches a user's messages page, lists it with its author, and logs it", async () => {
    const reader = await signedInUser(db);
    const posted = await asOperator('POST', adminContentPaths.postAnnouncement, {
      title: 'Maintenance on Sunday',
      body: 'The site pauses from 02:00 to 03:00 UTC.',
      translations: { 'zh-CN': { title: '周日维护', body: '网站将在 UTC 02:00 至 03:00 暂停服务。' } },
    });
    expect(posted.statusCode).toBe(200);
    const list = (await asOperator('GET', adminContentPaths.announcements)).json().data.list;
    expect(list[0]).toMatchObject({ id: posted.json().data.id, title: 'Maintenance on Sunday', languages: ['zh-CN'], authorName: 'content-ops' });
    // made before the announcement: the account's messages page shows it, in its language
    await db.execute(sql`update users set created_at = now() - interval '1 day' where id = ${reader.owner.userId}`);
    const messages = await call(app, reader, 'GET', notificationPaths.list, { locale: 'zh-CN' });
    expect(messages.json().data.list.map((item: { title: string }) => item.title)).toContain('周日维护');
    expect((await auditOf('announcement.post')).map((row) => row.targetLabel)).toContain('Maintenance on Sunday');
  });

  it('refuses one without a title, naming it', async () => {
    const response = await asOperator('POST', adminContentPaths.postAnnouncement, { title: '', body: 'x' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('title');
  });
});
