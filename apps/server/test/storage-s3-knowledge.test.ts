import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { agentPaths, knowledgePaths, type KnowledgeFile } from '@parley/contracts';
import { jobKindNames } from '../src/composition/job-kinds.js';
import { jobs, knowledgeChunks, knowledgeFiles } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser } from './fixtures/chats.js';
import { pngBytes } from './fixtures/knowledge-files.js';
import { listFiles, runJobs, textFile, uploadAccepted, uploadKnowledge } from './fixtures/knowledge.js';
import { buildTestApp, filesInTheDatabase, testDatabase } from './helper.js';
import { startS3Server } from './s3-server.js';

const s3 = await startS3Server();
afterAll(() => s3.dispose());
const app = await buildTestApp({ ...s3.settings, KNOWLEDGE_MAX_FILE_BYTES: String(8 * 1024 * 1024) });
/** The same database and bucket with a small per-file limit. */
const small = await buildTestApp({ ...s3.settings, KNOWLEDGE_MAX_FILE_BYTES: '4096' });
/** The same database with no bucket set: files go into their rows, as before object storage. */
const embedded = await buildTestApp(filesInTheDatabase);
const db = (await testDatabase()).handle.db;

async function ownAgent() {
  const owner = await signedInUser(db);
  return { owner, appId: (await createAgent(app, owner)).id };
}

const rowOf = async (id: string) => (await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id)))[0]!;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const chunkCount = async (fileId: string) => (await db.select({ id: knowledgeChunks.id }).from(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId))).length;

/** The storage sweep, run now as the job runner runs it every few minutes (with whatever else is due). */
async function sweep() {
  await app.jobs.enqueue(jobKindNames.storageSweep);
  await runJobs(app);
}

/** About 6 MB of paragraphs: more than one part of a multipart upload. */
const handbook = Array.from({ length: 60_000 }, (_, index) => `Paragraph ${index}: the margin call comes when equity falls below the maintenance level.`).join('\n\n');

describe('knowledge files in object storage', () => {
  it('streams uploaded files into the bucket, keeps only their key in the row, and indexes them from there', async () => {
    const { owner, appId } = await ownAgent();
    const files = [textFile('notes.txt', 'A spread is the difference between the bid and the ask.'), textFile('handbook.md', handbook)];
    const accepted = await uploadAccepted(app, owner, appId, files);
    for (const [index, file] of accepted.entries()) {
      const row = await rowOf(file.id);
      const bytes = Buffer.from(files[index]!.bytes);
      expect(row).toMatchObject({ bytes: null, storageKey: expect.stringMatching(/^knowledge\//), size: bytes.length, sha256: sha256(bytes) });
      expect((await s3.read(row.storageKey!)).equals(bytes)).toBe(true);
    }
    // thousands of chunks take a while to index; the small file shows the same path
    await call(app, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: accepted[1]!.id });
    await runJobs(app);
    expect((await listFiles(app, owner, appId)).files).toMatchObject([{ name: 'notes.txt', status: 'ready', chunkCount: 1 }]);
    expect(await chunkCount(accepted[0]!.id)).toBe(1);
  });

  it('indexes a file stored in its row before the bucket was set, where it is', async () => {
    const { owner, appId } = await ownAgent();
    const [file] = await uploadAccepted(embedded, owner, appId, [textFile('old.txt', 'Leverage multiplies both gains and losses.')]);
    expect(await rowOf(file!.id)).toMatchObject({ storageKey: null, bytes: expect.any(Uint8Array) });
    await runJobs(app);
    expect((await listFiles(app, owner, appId)).files[0]).toMatchObject({ status: 'ready', chunkCount: 1 });
  });

  it('turns away a mislabelled, empty, too large or not-quite-text file and leaves nothing in the bucket', async () => {
    const { owner, appId } = await ownAgent();
    const before = await s3.keys();
    const textThenBinary = Buffer.concat([Buffer.from('words '.repeat(20_000)), Buffer.from([0, 1, 2, 3])]);
    const response = await uploadKnowledge(app, owner, appId, [
      { name: 'report.pdf', bytes: pngBytes() },
      textFile('empty.txt', ''),
      { name: 'binary.txt', bytes: textThenBinary },
    ]);
    expect(response.json().data.rejected.map((file: { name: string; problem: { code: string } }) => [file.name, file.problem.code])).toEqual([
      ['report.pdf', 'typeMismatch'],
      ['empty.txt', 'fileEmpty'],
      ['binary.txt', 'typeMismatch'],
    ]);
    const tooLarge = await uploadKnowledge(small, owner, appId, [textFile('long.txt', 'x'.repeat(10_000))]);
    expect(tooLarge.json().data.rejected[0].problem.code).toBe('fileTooLarge');
    expect(await s3.keys()).toEqual(before);
  });

  it("deletes a file's object with the file, and an agent's objects in the next storage sweep after the agent goes", async () => {
    const { owner, appId } = await ownAgent();
    const [first, second] = await uploadAccepted(app, owner, appId, [textFile('a.txt', 'First file.'), textFile('b.txt', 'Second file.')]);
    const [firstKey, secondKey] = [(await rowOf(first!.id)).storageKey!, (await rowOf(second!.id)).storageKey!];

    expect((await call(app, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: first!.id })).statusCode).toBe(200);
    expect(await s3.keys()).not.toContain(firstKey);

    const third = (await uploadAccepted(app, owner, appId, [textFile('c.txt', 'Third file.')]))[0]!;
    const thirdKey = (await rowOf(third.id)).storageKey!;
    expect((await call(app, owner, 'POST', agentPaths.delete, { id: appId })).statusCode).toBe(200);
    expect(await s3.keys()).toEqual(expect.arrayContaining([secondKey, thirdKey]));
    await sweep();
    const left = await s3.keys();
    expect(left).not.toContain(secondKey);
    expect(left).not.toContain(thirdKey);
  });

  it('loses nothing while the bucket is down: uploads answer 503, processing waits, deletions wait for the sweep', async () => {
    const { owner, appId } = await ownAgent();
    const [queued] = await uploadAccepted(app, owner, appId, [textFile('queued.txt', 'Stored before the outage, indexed after it.')]);
    const [doomed] = await uploadAccepted(app, owner, appId, [textFile('doomed.txt', 'Deleted during the outage.')]);
    const doomedKey = (await rowOf(doomed!.id)).storageKey!;
    await s3.stop();
    try {
      const refused = await uploadKnowledge(app, owner, appId, [textFile('during.txt', 'Sent during the outage.')]);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().msg).toBe('File storage is unavailable at the moment. Please try again shortly.');
      expect((await listFiles(app, owner, appId)).files.map((file: KnowledgeFile) => file.name).sort()).toEqual(['doomed.txt', 'queued.txt']);

      expect((await call(app, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: doomed!.id })).statusCode).toBe(200);
      await runJobs(app);
      const [job] = await db.select().from(jobs).where(sql`${jobs.payload}->>'fileId' = ${queued!.id}`);
      expect(job).toMatchObject({ status: 'queued', error: expect.stringMatching(/object storage: reading knowledge\/.* failed/) });
      expect((await rowOf(queued!.id)).status).not.toBe('failed');
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toContain(doomedKey);
    await sweep();
    expect(await s3.keys()).not.toContain(doomedKey);
    // the retry, once it is due
    await db.update(jobs).set({ runAt: new Date() }).where(sql`${jobs.payload}->>'fileId' = ${queued!.id}`);
    await runJobs(app);
    expect(await rowOf(queued!.id)).toMatchObject({ status: 'ready', chunkCount: 1 });
  });
});
