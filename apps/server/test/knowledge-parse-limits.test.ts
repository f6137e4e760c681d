import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAgent } from './fixtures/agents.js';
import { signedInUser } from './fixtures/chats.js';
import { docxBomb } from './fixtures/docx-bomb.js';
import { docxWithHeadings, pdfWithPages } from './fixtures/knowledge-files.js';
import { pdfBomb } from './fixtures/pdf-bomb.js';
import { listFiles, runJobs, textFile, uploadAccepted, type KnowledgeUpload } from './fixtures/knowledge.js';
import { buildTestApp, testDatabase } from './helper.js';

const mib = 1024 * 1024;
const db = (await testDatabase()).handle.db;
const page = (paragraphs: number) => textFile('page.html', `<html><body>${'<p>A spread is the difference between bid and ask.</p>'.repeat(paragraphs)}</body></html>`);

/** Uploads the files to a new agent as its owner, runs the jobs, and answers the files as the upload screen lists them, by name. */
async function processed(app: FastifyInstance, files: KnowledgeUpload[]) {
  const owner = await signedInUser(db);
  const { id: appId } = await createAgent(app, owner);
  await uploadAccepted(app, owner, appId, files);
  await runJobs(app);
  return Object.fromEntries((await listFiles(app, owner, appId)).files.map((file) => [file.name, file]));
}

describe('reading a hostile or oversized knowledge file', () => {
  it('fails a DOCX that unpacks to 1 GiB with the cap it passed, while the file beside it gets ready', async () => {
    const app = await buildTestApp();
    const files = await processed(app, [
      { name: 'bomb.docx', bytes: docxBomb({ inflatedBytes: 1024 * mib, declaredSize: 4096 }) },
      { name: 'funding.docx', bytes: await docxWithHeadings([{ heading: 'Deposits', paragraphs: ['Deposit by bank card.'] }]) },
    ]);
    expect(files['bomb.docx']).toMatchObject({
      status: 'failed',
      problem: { code: 'docxUnpacksTooLarge', params: { maxBytes: 64 * mib } },
      error: 'This Word document unpacks to more than 64 MB, the most accepted for a file of its size. Split it into smaller documents and upload those.',
      chunkCount: 0,
    });
    expect(files['funding.docx']).toMatchObject({ status: 'ready', problem: null, chunkCount: 1 });
  });

  it('fails a PDF whose page content inflates to 2 GiB with the cap it passed, while the PDF beside it gets ready', async () => {
    const app = await buildTestApp();
    const files = await processed(app, [
      { name: 'bomb.pdf', bytes: pdfBomb({ inflatedBytes: 2048 * mib }) },
      { name: 'leverage.pdf', bytes: await pdfWithPages([['Leverage', 'Retail leverage is capped at 30:1.']]) },
    ]);
    expect(files['bomb.pdf']).toMatchObject({
      status: 'failed',
      problem: { code: 'pdfUnpacksTooLarge', params: { maxBytes: 128 * mib } },
      error: "This PDF's compressed contents unpack to more than 128 MB, the most accepted for a file of its size. Split it into smaller files and upload those.",
      chunkCount: 0,
    });
    expect(files['leverage.pdf']).toMatchObject({ status: 'ready', problem: null, chunkCount: 1, pageCount: 1 });
  });

  it('fails a file whose reading takes longer than KNOWLEDGE_PARSE_TIMEOUT_MS', async () => {
    const app = await buildTestApp({ KNOWLEDGE_PARSE_TIMEOUT_MS: '100' });
    const files = await processed(app, [page(50_000)]);
    expect(files['page.html']).toMatchObject({
      status: 'failed',
      problem: { code: 'parseTimedOut', params: { seconds: 0.1 } },
      error: 'Reading this file took longer than 0.1 seconds, the most one file may take. Split it into smaller files and upload those.',
    });
  });

  it('fails a file whose reading needs more memory than KNOWLEDGE_PARSE_MEMORY_MB, and the server goes on with the next', async () => {
    const app = await buildTestApp({ KNOWLEDGE_PARSE_MEMORY_MB: '64' });
    const files = await processed(app, [page(100_000), textFile('notes.txt', 'Swaps are charged at 22:00 server time.')]);
    expect(files['page.html']).toMatchObject({
      status: 'failed',
      problem: { code: 'parseOutOfMemory', params: { maxBytes: 64 * mib } },
      error: 'Reading this file needed more than 64 MB of memory, the most one file may use. Split it into smaller files and upload those.',
    });
    expect(files['notes.txt']).toMatchObject({ status: 'ready', chunkCount: 1 });
  });
});
