import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobKindNames } from '../src/composition/job-kinds.js';
import { accountRepo } from '../src/db/repos/account-repo.js';
import { images } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { signedInUser, type Caller } from './fixtures/chats.js';
import { picture, uploadImage } from './fixtures/images.js';
import { startFakeModeration } from './fake-moderation.js';
import { buildTestApp, filesInTheDatabase, testDatabase } from './helper.js';
import { startS3Server } from './s3-server.js';

const s3 = await startS3Server();
const moderation = await startFakeModeration([]);
afterAll(async () => {
  await moderation.close();
  await s3.dispose();
});
const app = await buildTestApp({ ...s3.settings, MODERATION_BASE_URL: moderation.url, MODERATION_CHECK_IMAGES: 'true' });
/** The same database with no bucket set: pictures go into their rows, as before object storage. */
const embedded = await buildTestApp(filesInTheDatabase);
const db = (await testDatabase()).handle.db;

async function uploadAvatar(to: typeof app, caller: Caller) {
  const response = await uploadImage(to, caller, { bytes: await picture('png', 400, 300), name: 'me.png', type: 'image/png' });
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; url: string };
}

const rowOf = async (id: string) => (await db.select().from(images).where(eq(images.id, id)))[0]!;

/** The storage sweep, run now as the job runner runs it every few minutes (with whatever else is due). */
async function sweep() {
  await app.jobs.enqueue(jobKindNames.storageSweep);
  while ((await app.jobs.runOnce()) > 0) {
    // the next claim takes what is still due
  }
}

describe('avatars in object storage', () => {
  it('keeps an uploaded avatar in the bucket and serves it through Parley at the same address, with the same caching', async () => {
    const me = await signedInUser(db);
    const uploaded = await uploadAvatar(app, me);
    const row = await rowOf(uploaded.id);
    expect(row).toMatchObject({ bytes: null, storageKey: expect.stringMatching(/^images\//) });
    const object = await s3.read(row.storageKey!);
    expect(object.length).toBe(row.size);

    const served = await app.inject({ url: uploaded.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(object)).toBe(true);
    // the headers a picture kept in its row is served with
    const before = await uploadAvatar(embedded, me);
    const fromRow = await embedded.inject({ url: before.url });
    const headers = (response: typeof served) => ({
      type: response.headers['content-type'],
      caching: response.headers['cache-control'],
      sniffing: response.headers['x-content-type-options'],
      length: response.headers['content-length'],
    });
    expect(headers(served)).toEqual({ ...headers(fromRow), length: String(row.size) });
    expect(served.headers.etag).toBe(`"${row.sha256}"`);
    const again = await app.inject({ url: uploaded.url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // a picture stored in its row before the bucket was set is still served
    expect((await app.inject({ url: before.url })).rawPayload.equals(fromRow.rawPayload)).toBe(true);
  });

  it('hands the content check the avatar from the bucket when a public agent is published', async () => {
    const me = await signedInUser(db);
    const uploaded = await uploadAvatar(app, me);
    const object = await s3.read((await rowOf(uploaded.id)).storageKey!);
    moderation.requests.length = 0;
    await createAgent(app, me, { visibility: 'public', avatarUrl: uploaded.url });
    const pictures = moderation.requests.flatMap((request) => request.body.input ?? []).filter((input) => typeof input !== 'string');
    expect(pictures).toEqual([{ type: 'image_url', image_url: { url: `data:image/webp;base64,${object.toString('base64')}` } }]);
  });

  it("deletes an account's pictures from the bucket in the next storage sweep", async () => {
    const me = await signedInUser(db);
    const first = await rowOf((await uploadAvatar(app, me)).id);
    const second = await rowOf((await uploadAvatar(app, me)).id);
    await accountRepo(db).deleteAccount(me.owner.userId!);
    expect(await s3.keys()).toEqual(expect.arrayContaining([first.storageKey, second.storageKey]));
    await sweep();
    const left = await s3.keys();
    expect(left).not.toContain(first.storageKey);
    expect(left).not.toContain(second.storageKey);
  });

  it('answers 503 while the bucket is down, stores nothing half, and serves again once it is back', async () => {
    const me = await signedInUser(db);
    const stored = await uploadAvatar(app, me);
    const served = await app.inject({ url: stored.url });
    const inBucket = async () => (await db.select({ n: count() }).from(images).where(isNotNull(images.storageKey)))[0]!.n;
    const rowsBefore = await inBucket();
    await s3.stop();
    try {
      const refused = await uploadImage(app, me, { bytes: await picture('png', 64, 64), name: 'me.png', type: 'image/png' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ code: 503, msg: 'File storage is unavailable at the moment. Please try again shortly.', data: null });
      expect(await inBucket()).toBe(rowsBefore);
      const unserved = await app.inject({ url: stored.url });
      expect(unserved.statusCode).toBe(503);
      // a browser that has the picture is told it is still good without the bucket being asked
      expect((await app.inject({ url: stored.url, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);
    } finally {
      await s3.start();
    }
    expect((await app.inject({ url: stored.url })).rawPayload.equals(served.rawPayload)).toBe(true);
  });

  it('will not start on a bucket that does not exist, saying which setting to fix', async () => {
    const misnamed = await buildTestApp({ ...s3.settings, S3_BUCKET: 'no-such-bucket' });
    await expect(misnamed.ready()).rejects.toThrow(`S3_BUCKET: there is no bucket "no-such-bucket" at ${s3.endpoint}; create it first`);
  });
});
