import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/run-admin.js';
import { loadConfig } from '../src/config.js';
import { objectDeletionRepo } from '../src/db/repos/object-deletion-repo.js';
import { storedFileRepo } from '../src/db/repos/stored-file-repo.js';
import { images, knowledgeFiles } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { signedInUser } from './fixtures/chats.js';
import { picture, uploadImage } from './fixtures/images.js';
import { listFiles, runJobs, textFile, uploadAccepted } from './fixtures/knowledge.js';
import { buildTestApp, filesInTheDatabase, testDatabase } from './helper.js';
import { startS3Server } from './s3-server.js';

const s3 = await startS3Server();
afterAll(() => s3.dispose());
/** The site before and after the switch, on one database: files into their rows, or into the bucket. */
const embedded = await buildTestApp(filesInTheDatabase);
const withBucket = await buildTestApp(s3.settings);
const db = (await testDatabase()).handle.db;
const files = storedFileRepo(db);

/** Runs `npm run admin -- storage …` as the CLI does; answers the exit code and what it printed. */
async function admin(argv: string[], settings: Record<string, string> = s3.settings) {
  const lines: string[] = [];
  const code = await runAdmin(argv, {
    db,
    config: loadConfig({ DEMO_DATA: 'off', ...settings }),
    out: (line) => lines.push(line),
    readFile: () => Promise.reject(new Error('no files')),
    writeFile: () => Promise.reject(new Error('no files')),
  });
  return { code, output: lines.join('\n') };
}

/** Files kept in each place, over both tables. */
async function placed() {
  const [pictures, knowledge] = [await files.counts('images'), await files.counts('knowledge_files')];
  return { database: pictures.database.files + knowledge.database.files, bucket: pictures.bucket.files + knowledge.bucket.files };
}

/** An avatar and a knowledge file uploaded while the site kept files in the database. */
async function uploadedBeforeTheSwitch(names: string[] = ['rules.txt']) {
  const owner = await signedInUser(db);
  const appId = (await createAgent(embedded, owner)).id;
  const avatar = (await uploadImage(embedded, owner, { bytes: await picture('png', 80, 80), name: 'a.png', type: 'image/png' })).json().data;
  const knowledge = await uploadAccepted(embedded, owner, appId, names.map((name) => textFile(name, `The ${name} say: no hedging on Fridays.`)));
  return { owner, appId, avatar: avatar as { id: string; url: string }, knowledge };
}

describe('npm run admin -- storage', () => {
  it('says where files are kept, and will not move any without a bucket', async () => {
    await uploadedBeforeTheSwitch();
    const status = await admin(['storage', 'status'], {});
    expect(status.output.split('\n')[0]).toBe('New uploads go to the database.');
    expect(status.output).toMatch(/^knowledge_files: \d+ in the database \(.* KB\), 0 in the bucket \(0.0 KB\)$/m);
    const refused = await admin(['storage', 'move-to-s3'], {});
    expect(refused).toEqual({ code: 1, output: expect.stringMatching(/^error: Object storage is not set up: set S3_BUCKET/) });
  });

  it('moves every file to the bucket and back, each checked, while the site serves and indexes them from wherever they are', async () => {
    const { owner, appId, avatar, knowledge } = await uploadedBeforeTheSwitch();
    const picture = (await embedded.inject({ url: avatar.url })).rawPayload;

    const there = await admin(['storage', 'move-to-s3']);
    expect(there.code).toBe(0);
    expect(there.output).toMatch(new RegExp(`^Moved \\d+ files? from the database to ${s3.bucket}\\.$`));
    expect(await placed()).toMatchObject({ database: 0 });
    const [row] = await db.select().from(images).where(eq(images.id, avatar.id));
    expect(row).toMatchObject({ bytes: null, storageKey: expect.stringMatching(/^images\//) });
    expect((await s3.read(row!.storageKey!)).equals(picture)).toBe(true);
    expect((await withBucket.inject({ url: avatar.url })).rawPayload.equals(picture)).toBe(true);
    await runJobs(withBucket);
    expect((await listFiles(withBucket, owner, appId)).files).toMatchObject([{ id: knowledge[0]!.id, status: 'ready' }]);

    const back = await admin(['storage', 'move-to-db']);
    expect(back.code).toBe(0);
    expect(await placed()).toMatchObject({ bucket: 0 });
    expect(await s3.keys()).toEqual([]);
    expect(await objectDeletionRepo(db).counts()).toEqual({ waiting: 0, due: 0 });
    expect((await embedded.inject({ url: avatar.url })).rawPayload.equals(picture)).toBe(true);
  });

  it('goes on where it stopped: after --limit, after the bucket went down mid-run, moving each file once', async () => {
    await admin(['storage', 'move-to-db']);
    await uploadedBeforeTheSwitch(['a.txt', 'b.txt', 'c.txt']);
    const total = (await placed()).database;

    expect((await admin(['storage', 'move-to-s3', '--limit', '1'])).output).toBe(`Moved 1 file from the database to ${s3.bucket}.`);
    expect(await placed()).toEqual({ database: total - 1, bucket: 1 });

    await s3.stop();
    let down;
    try {
      down = await admin(['storage', 'move-to-s3']);
    } finally {
      await s3.start();
    }
    expect(down.code).toBe(1);
    expect(down.output).toMatch(/^error: object storage: writing (images|knowledge)\/.* failed/);
    expect(down.output).toMatch(/0 files moved from the database to .* before it stopped; run the command again to go on\.$/);
    expect(await placed()).toEqual({ database: total - 1, bucket: 1 });

    expect((await admin(['storage', 'move-to-s3'])).output).toBe(`Moved ${total - 1} files from the database to ${s3.bucket}.`);
    expect((await admin(['storage', 'move-to-s3'])).output).toBe(`Moved 0 files from the database to ${s3.bucket}.`);
    expect(await placed()).toEqual({ database: 0, bucket: total });
    expect((await s3.keys()).length).toBe(total);
  });

  it('refuses a file whose bytes do not match the SHA-256 recorded at upload, either way, and leaves it where it is', async () => {
    await admin(['storage', 'move-to-db']);
    const { knowledge } = await uploadedBeforeTheSwitch(['damaged.txt', 'sound.txt']);
    const [damaged, sound] = knowledge.map((file) => file.id) as [string, string];
    const [original] = await db.select({ sha256: knowledgeFiles.sha256 }).from(knowledgeFiles).where(eq(knowledgeFiles.id, damaged));
    await db.update(knowledgeFiles).set({ sha256: '0'.repeat(64) }).where(eq(knowledgeFiles.id, damaged));

    const there = await admin(['storage', 'move-to-s3']);
    expect(there.code).toBe(1);
    expect(there.output).toContain(`refused knowledge_files ${damaged}: its bytes in the database do not match the size and SHA-256 recorded at upload; left in the database`);
    expect(there.output).toMatch(/error: 1 file not moved \(above\): it stays where it was\.$/);
    expect(await files.load('knowledge_files', damaged)).toMatchObject({ bytes: expect.any(Uint8Array), storageKey: null });
    expect(await files.load('knowledge_files', sound)).toMatchObject({ bytes: null, storageKey: expect.any(String) });

    // the other way: the object in the bucket was changed behind Parley's back
    await db.update(knowledgeFiles).set({ sha256: original!.sha256 }).where(eq(knowledgeFiles.id, damaged));
    expect((await admin(['storage', 'move-to-s3'])).code).toBe(0);
    const key = (await files.load('knowledge_files', damaged))!.storageKey!;
    await s3.write(key, Buffer.from('not what was uploaded'));
    const back = await admin(['storage', 'move-to-db']);
    expect(back.code).toBe(1);
    expect(back.output).toContain(`refused knowledge_files ${damaged}: its object ${key} does not match the size and SHA-256 recorded at upload; left in the bucket`);
    expect(await files.load('knowledge_files', damaged)).toMatchObject({ bytes: null, storageKey: key });
    expect(await s3.keys()).toEqual([key]);
    expect(await placed()).toMatchObject({ bucket: 1 });
  });
});
