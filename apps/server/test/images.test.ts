import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { agentPaths, imageLimits } from '@parley/contracts';
import { createAgent } from './fixtures/agents.js';
import { signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { picture, uploadImage, type UploadFile } from './fixtures/images.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

const upload = (caller: Caller, file: UploadFile | null, purpose?: string) => uploadImage(app, caller, file, purpose);

describe('POST /images/upload', () => {
  it('takes a PNG and a JPEG, stores each as a square avatar and serves it publicly with caching', async () => {
    const me = await signedInUser(db);
    for (const [format, width, height] of [['png', 640, 480], ['jpeg', 300, 900]] as const) {
      const response = await upload(me, { bytes: await picture(format, width, height), name: `me.${format}`, type: `image/${format}` });
      expect(response.statusCode).toBe(200);
      const uploaded = response.json().data;
      expect(uploaded).toEqual({ id: expect.any(String), url: `/files/images/${uploaded.id}`, width: 256, height: 256 });

      const served = await app.inject({ url: uploaded.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

      const again = await app.inject({ url: uploaded.url, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('goes by the content, not the label: a PNG called .jpg is taken, text called .png is refused', async () => {
    const me = await signedInUser(db);
    const mislabelled = await upload(me, { bytes: await picture('png', 64, 64), name: 'photo.jpg', type: 'image/jpeg' });
    expect(mislabelled.statusCode).toBe(200);

    const text = await upload(me, { bytes: Buffer.from('<script>alert(1)</script>'), name: 'avatar.png', type: 'image/png' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 415, msg: 'This file is not a picture. Use a PNG, JPEG, WebP or GIF image.' });

    const broken = await upload(me, { bytes: (await picture('png', 64, 64)).subarray(0, 40), name: 'cut.png', type: 'image/png' });
    expect(broken.statusCode).toBe(415);
  });

  it('refuses a file over the size limit', async () => {
    const me = await signedInUser(db);
    const big = Buffer.alloc(imageLimits.maxUploadBytes + 1024, 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const response = await upload(me, { bytes: big, name: 'huge.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, msg: 'A picture can be at most 5 MB.' });
  });

  it('says what is missing, and asks visitors to log in', async () => {
    const me = await signedInUser(db);
    const empty = await upload(me, null);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual([{ path: 'file', message: 'choose a picture to upload' }]);
    const badPurpose = await upload(me, { bytes: await picture('png', 8, 8), name: 'a.png', type: 'image/png' }, 'banner');
    expect(badPurpose.json().data).toEqual([{ path: 'purpose', message: 'must be app_avatar or user_avatar' }]);

    const guest = await visitor(app);
    const refused = await upload(guest, { bytes: await picture('png', 8, 8), name: 'a.png', type: 'image/png' });
    expect(refused.json().code).toBe(10009);
  });

  it('lets an uploaded picture be an agent avatar', async () => {
    const me = await signedInUser(db);
    const uploaded = (await upload(me, { bytes: await picture('jpeg', 100, 100), name: 'a.jpg', type: 'image/jpeg' })).json().data;
    const agent = await createAgent(app, me, { avatarUrl: uploaded.url });
    expect(agent.avatarUrl).toBe(uploaded.url);
  });
});

describe('GET /files/avatars/:key.svg', () => {
  it('serves every built-in avatar the avatars call lists, and 404 for others', async () => {
    const me = await signedInUser(db);
    const list = (await app.inject({ url: `/api${agentPaths.avatars}`, headers: me.headers })).json().data.list;
    for (const { url } of list) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('svg');
    }
    expect((await app.inject({ url: '/files/avatars/nope.svg' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/files/images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});
