import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCodes, knowledgeLimits, knowledgePaths, type KnowledgeChunk, type KnowledgeFile } from '@parley/contracts';
import { chunkSearchFields } from '../src/db/repos/knowledge-search-repo.js';
import { jobs, knowledgeChunks, knowledgeFiles } from '../src/db/schema/index.js';
import { jobKindNames } from '../src/composition/job-kinds.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, type Caller } from './fixtures/chats.js';
import {
  corruptPdf,
  docxWithHeadings,
  passwordPdf,
  pdfWithoutText,
  pdfWithPages,
  pngBytes,
} from './fixtures/knowledge-files.js';
import { knowledgeMultipart, listFiles, runJobs, textFile, uploadAccepted, uploadKnowledge } from './fixtures/knowledge.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp();
/** The same database with small limits, to reach them with small files. */
const small = await buildTestApp({ KNOWLEDGE_MAX_FILE_BYTES: '4096', KNOWLEDGE_MAX_AGENT_BYTES: '10000', KNOWLEDGE_MAX_PDF_PAGES: '2' });
/** Files up to 8000 bytes, 10000 in all: two files of 6000 each fit alone but not together. */
const pair = await buildTestApp({ KNOWLEDGE_MAX_FILE_BYTES: '8000', KNOWLEDGE_MAX_AGENT_BYTES: '10000' });
const db = (await testDatabase()).handle.db;

async function ownAgent(caller?: Caller) {
  const owner = caller ?? (await signedInUser(db));
  const agent = await createAgent(app, owner);
  return { owner, appId: agent.id };
}

async function chunksOf(caller: Caller, appId: string, fileId: string, cursor?: string) {
  const response = await call(app, caller, 'GET', knowledgePaths.chunks, cursor ? { appId, fileId, cursor } : { appId, fileId });
  expect(response.statusCode).toBe(200);
  return response.json().data as { chunks: KnowledgeChunk[]; nextCursor: string | null };
}

const byName = (files: KnowledgeFile[]) => Object.fromEntries(files.map((file) => [file.name, file]));

const csvQa = '问题,答案\n什么是保证金？,保证金是开仓时冻结的资金，用来担保持仓。\n点差怎么算？,点差是买价与卖价之差。\n';

describe('upload and processing of every format', () => {
  it('queues PDF, DOCX, TXT, MD, CSV and HTML files, then indexes each with its pages, headings or Q&A pairs', async () => {
    const { owner, appId } = await ownAgent();
    const uploaded = await uploadAccepted(app, owner, appId, [
      { name: 'rules.pdf', bytes: await pdfWithPages([['Margin call rules', 'Equity below half closes positions.'], ['Leverage', 'Retail leverage is capped at 30 to 1.']]) },
      { name: 'funding.docx', bytes: await docxWithHeadings([{ heading: 'Deposits', paragraphs: ['Deposit by bank card.'] }, { heading: 'Withdrawals', paragraphs: ['Withdrawals take one working day.'] }]) },
      textFile('notes.txt', 'Swaps are charged at 22:00 server time.\n\nTriple swaps on Wednesday.'),
      textFile('guide.md', '# Accounts\n\nStandard and ECN accounts.\n\n## ECN\n\nRaw spreads with commission.'),
      textFile('常见问题.csv', csvQa),
      textFile('page.html', '<html><head><title>Hours</title></head><body><nav>Menu</nav><main><h1>Trading hours</h1><p>Forex trades 24 hours a day, five days a week.</p></main></body></html>'),
    ]);
    expect(uploaded.map((file) => [file.name, file.type, file.status, file.progress])).toEqual([
      ['rules.pdf', 'pdf', 'queued', 0],
      ['funding.docx', 'docx', 'queued', 0],
      ['notes.txt', 'txt', 'queued', 0],
      ['guide.md', 'md', 'queued', 0],
      ['常见问题.csv', 'csv', 'queued', 0],
      ['page.html', 'html', 'queued', 0],
    ]);
    // the work is in the database's job queue, so any instance (or this one after a restart) does it
    const queued = await db.select().from(jobs).where(and(eq(jobs.kind, jobKindNames.knowledgeProcess), eq(jobs.status, 'queued')));
    expect(queued.map((job) => job.payload.fileId)).toEqual(expect.arrayContaining(uploaded.map((file) => file.id)));

    await runJobs(app);
    const listed = await listFiles(app, owner, appId);
    const files = byName(listed.files);
    for (const file of listed.files) {
      expect(file, file.name).toMatchObject({ status: 'ready', progress: 100, error: null, processedAt: expect.any(String) });
      expect(file.chunkCount).toBeGreaterThan(0);
    }
    expect(files['rules.pdf']).toMatchObject({ pageCount: 2, qaCount: 0 });
    expect(files['常见问题.csv']).toMatchObject({ chunkCount: 2, qaCount: 2, pageCount: null });
    expect(listed.totals).toEqual({
      files: 6,
      bytes: uploaded.reduce((sum, file) => sum + file.size, 0),
      chunks: listed.files.reduce((sum, file) => sum + file.chunkCount, 0),
      entries: 0,
    });
    expect(listed.limits).toEqual({
      maxFileBytes: knowledgeLimits.maxFileBytes,
      maxAgentBytes: knowledgeLimits.maxAgentBytes,
      maxPdfPages: knowledgeLimits.maxPdfPages,
      filesPerUpload: knowledgeLimits.filesPerUpload,
    });
    expect(listed.hybrid).toBe(false);

    const pdf = (await chunksOf(owner, appId, files['rules.pdf']!.id)).chunks;
    expect(pdf.map((chunk) => chunk.page)).toEqual([1, 2]);
    expect(pdf[1]!.content).toContain('Retail leverage is capped at 30 to 1.');
    const docx = (await chunksOf(owner, appId, files['funding.docx']!.id)).chunks;
    expect(docx.map((chunk) => [chunk.heading, chunk.content])).toEqual([
      ['Deposits', 'Deposit by bank card.'],
      ['Withdrawals', 'Withdrawals take one working day.'],
    ]);
    const md = (await chunksOf(owner, appId, files['guide.md']!.id)).chunks;
    expect(md.map((chunk) => chunk.heading)).toEqual(['Accounts', 'ECN']);
    const html = (await chunksOf(owner, appId, files['page.html']!.id)).chunks;
    expect(html).toMatchObject([{ heading: 'Trading hours', content: 'Forex trades 24 hours a day, five days a week.' }]);
    const csv = (await chunksOf(owner, appId, files['常见问题.csv']!.id)).chunks;
    expect(csv.map((chunk) => [chunk.kind, chunk.question, chunk.content])).toEqual([
      ['qa', '什么是保证金？', '保证金是开仓时冻结的资金，用来担保持仓。'],
      ['qa', '点差怎么算？', '点差是买价与卖价之差。'],
    ]);
    // every writer fills the search columns the same way
    const [row] = await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.id, csv[0]!.id));
    expect([row!.searchTitle, row!.searchText]).toEqual(Object.values(chunkSearchFields({ title: '什么是保证金？', body: '保证金是开仓时冻结的资金，用来担保持仓。' })));
  });

  it('turns away an empty, mislabelled or unaccepted file alone, and stores the others', async () => {
    const { owner, appId } = await ownAgent();
    const response = await uploadKnowledge(app, owner, appId, [
      textFile('good.txt', 'A fine paragraph.'),
      { name: 'empty.txt', bytes: Buffer.alloc(0) },
      { name: 'scan.pdf', bytes: pngBytes(), type: 'application/pdf' },
      { name: 'setup.exe', bytes: Buffer.from('MZ......') },
    ]);
    expect(response.statusCode).toBe(200);
    const { files, rejected } = response.json().data;
    expect(files.map((file: KnowledgeFile) => file.name)).toEqual(['good.txt']);
    expect(rejected).toEqual([
      { name: 'empty.txt', reason: 'This file is empty.', problem: { code: 'fileEmpty', params: {} } },
      {
        name: 'scan.pdf',
        reason: 'This file is named as a PDF, but it is a PNG picture.',
        problem: { code: 'typeMismatch', params: { claimed: 'pdf', actual: 'png' } },
      },
      {
        name: 'setup.exe',
        reason: 'This type of file is not accepted. Upload PDF, DOCX, TXT, MD, CSV or HTML files.',
        problem: { code: 'typeNotAccepted', params: { accepted: ['pdf', 'docx', 'txt', 'md', 'csv', 'html'] } },
      },
    ]);
    expect((await listFiles(app, owner, appId)).files).toHaveLength(1);
  });

  it('fails a corrupt, encrypted, textless or too long PDF with its reason, while the file beside it gets ready', async () => {
    const owner = await signedInUser(db);
    const { id: appId } = await createAgent(small, owner);
    const uploaded = await uploadAccepted(small, owner, appId, [
      { name: 'broken.pdf', bytes: corruptPdf() },
      { name: 'locked.pdf', bytes: passwordPdf() },
      { name: 'scanned.pdf', bytes: await pdfWithoutText(1) },
      { name: 'long.pdf', bytes: await pdfWithPages([['One'], ['Two'], ['Three']]) },
      textFile('fine.txt', 'Still indexed.'),
    ]);
    expect(uploaded).toHaveLength(5);
    await runJobs(small);
    const files = byName((await listFiles(small, owner, appId)).files);
    expect(files['broken.pdf']).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('This PDF is damaged'),
      problem: { code: 'pdfDamaged', params: {} },
      chunkCount: 0,
    });
    expect(files['locked.pdf']).toMatchObject({ status: 'failed', error: expect.stringContaining('protected by a password'), problem: { code: 'pdfPassword', params: {} } });
    expect(files['scanned.pdf']).toMatchObject({ status: 'failed', error: expect.stringContaining('No text was found in this PDF'), problem: { code: 'pdfNoText', params: {} } });
    expect(files['long.pdf']).toMatchObject({
      status: 'failed',
      error: 'This PDF has 3 pages; at most 2 pages are accepted. Split it into smaller files.',
      problem: { code: 'pdfTooManyPages', params: { pages: 3, maxPages: 2 } },
    });
    expect(files['fine.txt']).toMatchObject({ status: 'ready', chunkCount: 1, error: null, problem: null });
    // a failed file's job is done, not retried
    const failedJobs = await db.select().from(jobs).where(and(eq(jobs.kind, jobKindNames.knowledgeProcess), eq(jobs.status, 'queued'), sql`payload->>'fileId' = ${files['broken.pdf']!.id}`));
    expect(failedJobs).toEqual([]);
  });
});

describe('limits', () => {
  it('turns away a file over the per-file limit alone, however big it is', async () => {
    const owner = await signedInUser(db);
    const { id: appId } = await createAgent(small, owner);
    const response = await uploadKnowledge(small, owner, appId, [
      textFile('big.txt', 'x'.repeat(50_000)),
      textFile('small.txt', 'fits'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.rejected).toEqual([
      { name: 'big.txt', reason: 'This file is larger than 4 KB, the most one file may be.', problem: { code: 'fileTooLarge', params: { maxBytes: 4096 } } },
    ]);
    expect(response.json().data.files.map((file: KnowledgeFile) => file.name)).toEqual(['small.txt']);
  });

  it('takes a file far over the JSON body limit: the upload has its own limit, the per-file one', async () => {
    const { owner, appId } = await ownAgent();
    const bodyLimit = app.config.BODY_LIMIT_BYTES;
    const big = textFile('big.md', `# Big\n\n${'Plenty of words here. '.repeat(Math.ceil((bodyLimit * 2) / 22))}`);
    expect(big.bytes.byteLength).toBeGreaterThan(bodyLimit * 2);
    const [file] = await uploadAccepted(app, owner, appId, [big]);
    expect(file).toMatchObject({ name: 'big.md', size: big.bytes.byteLength, status: 'queued' });
    // not processed here (the next runs would spend their time on it)
    await call(app, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: file!.id });
  });

  it("keeps the agent's total under its limit, across uploads, until files are deleted", async () => {
    const owner = await signedInUser(db);
    const { id: appId } = await createAgent(small, owner);
    const block = (name: string) => textFile(name, 'y'.repeat(4000));
    const first = await uploadKnowledge(small, owner, appId, [block('a.txt'), block('b.txt'), block('c.txt')]);
    expect(first.json().data.files).toHaveLength(2);
    expect(first.json().data.rejected).toEqual([
      {
        name: 'c.txt',
        reason: "This agent's files would then take more than 10 KB, the most one agent may hold. Delete files it no longer needs first.",
        problem: { code: 'agentTotalExceeded', params: { maxBytes: 10000 } },
      },
    ]);
    const again = await uploadKnowledge(small, owner, appId, [block('d.txt')]);
    expect(again.json().data.rejected).toHaveLength(1);

    const deleted = await call(small, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: first.json().data.files[0].id });
    expect(deleted.statusCode).toBe(200);
    const after = await uploadKnowledge(small, owner, appId, [block('d.txt')]);
    expect(after.json().data.files).toHaveLength(1);
  });

  it("holds the agent's total when two uploads run at once: one is taken, the other turned away", async () => {
    const owner = await signedInUser(db);
    const { id: appId } = await createAgent(pair, owner);
    const [first, second] = await Promise.all([
      uploadKnowledge(pair, owner, appId, [textFile('left.txt', 'l'.repeat(6000))]),
      uploadKnowledge(pair, owner, appId, [textFile('right.txt', 'r'.repeat(6000))]),
    ]);
    const outcomes = [first!.json().data, second!.json().data];
    expect(outcomes.map((data) => data.files.length).sort()).toEqual([0, 1]);
    const refused = outcomes.find((data) => data.files.length === 0)!;
    expect(refused.rejected).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^(left|right)\.txt$/), problem: { code: 'agentTotalExceeded', params: { maxBytes: 10000 } } }),
    ]);
    const listed = await listFiles(pair, owner, appId);
    expect([listed.files.length, listed.totals.bytes]).toEqual([1, 6000]);
  });

  it(`takes at most ${knowledgeLimits.filesPerUpload} files at once and turns away the rest by name`, async () => {
    const { owner, appId } = await ownAgent();
    const many = Array.from({ length: knowledgeLimits.filesPerUpload + 2 }, (_, index) => textFile(`f${index}.txt`, `file ${index}`));
    const response = await uploadKnowledge(app, owner, appId, many);
    expect(response.json().data.files).toHaveLength(knowledgeLimits.filesPerUpload);
    expect(response.json().data.rejected.map((file: { name: string }) => file.name)).toEqual([`f${knowledgeLimits.filesPerUpload}.txt`, `f${knowledgeLimits.filesPerUpload + 1}.txt`]);
    expect(response.json().data.rejected[0].problem).toEqual({ code: 'tooManyFiles', params: { max: knowledgeLimits.filesPerUpload } });
  });

  it('says what is wrong with a malformed upload', async () => {
    const { owner, appId } = await ownAgent();
    const noFiles = await uploadKnowledge(app, owner, appId, []);
    expect([noFiles.statusCode, noFiles.json().msg]).toEqual([400, 'file: choose at least one file to upload']);

    // the appId must come before the files, so each file can be checked as it arrives
    const { payload, contentType } = knowledgeMultipart({}, [textFile('a.txt', 'x')]);
    const late = await app.inject({ method: 'POST', url: `/api${knowledgePaths.upload}`, headers: { ...owner.headers, 'content-type': contentType }, payload });
    expect([late.statusCode, late.json().msg]).toEqual([400, 'appId: send a valid agent id before the files']);

    const json = await call(app, owner, 'POST', knowledgePaths.upload, { appId });
    expect([json.statusCode, json.json().code]).toEqual([415, errorCodes.UNSUPPORTED_MEDIA_TYPE.code]);
  });
});

describe('processing', () => {
  it('reports progress on the file: processing while chunks are stored in batches, then ready at 100', async () => {
    const { createKnowledgeProcessor } = await import('../src/services/knowledge/knowledge-processing.js');
    const { knowledgeRepo } = await import('../src/db/repos/knowledge-repo.js');
    const { owner, appId } = await ownAgent();
    const paragraphs = Array.from({ length: 450 }, (_, index) => `Paragraph number ${index} about spreads.`).join('\n\n');
    const [file] = await uploadAccepted(app, owner, appId, [textFile('long.txt', paragraphs)]);
    const seen: [string, number][] = [];
    const processor = createKnowledgeProcessor({
      knowledge: knowledgeRepo(db),
      storage: app.services.storage,
      log: app.log,
      settings: { maxPdfPages: 10, chunk: { budget: 40, overlap: 0 } },
    });
    const job = { attempts: 1, maxAttempts: 5 } as Parameters<typeof processor.run>[1]['job'];
    await processor.run(file!.id, {
      job,
      signal: new AbortController().signal,
      // what the upload screen would read from `files` at each report
      progress: async () => {
        const [row] = await db.select({ status: knowledgeFiles.status, progress: knowledgeFiles.progress }).from(knowledgeFiles).where(eq(knowledgeFiles.id, file!.id));
        seen.push([row!.status, row!.progress]);
      },
    });
    expect(seen).toEqual([
      ['processing', 10],
      // 450 chunks in batches of 200: 10 + 89 × 200/450, 10 + 89 × 400/450, then all
      ['processing', 49],
      ['processing', 89],
      ['processing', 99],
    ]);
    const after = byName((await listFiles(app, owner, appId)).files)['long.txt'];
    expect(after).toMatchObject({ status: 'ready', progress: 100, chunkCount: 450 });
  });

  it("moves the bar while a PDF's pages are read", async () => {
    const { createKnowledgeProcessor } = await import('../src/services/knowledge/knowledge-processing.js');
    const { knowledgeRepo } = await import('../src/db/repos/knowledge-repo.js');
    const { owner, appId } = await ownAgent();
    const pages = Array.from({ length: 9 }, (_, index) => [`Page ${index + 1} of the handbook.`]);
    const [file] = await uploadAccepted(app, owner, appId, [{ name: 'handbook.pdf', bytes: await pdfWithPages(pages) }]);
    const seen: number[] = [];
    const processor = createKnowledgeProcessor({ knowledge: knowledgeRepo(db), storage: app.services.storage, log: app.log, settings: { maxPdfPages: 10 } });
    await processor.run(file!.id, {
      job: { attempts: 1, maxAttempts: 5 } as Parameters<typeof processor.run>[1]['job'],
      signal: new AbortController().signal,
      progress: async (percent) => {
        seen.push(percent);
      },
    });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99]);
    expect(byName((await listFiles(app, owner, appId)).files)['handbook.pdf']).toMatchObject({ status: 'ready', progress: 100, pageCount: 9, chunkCount: 9 });
  });

  it('is taken up again after the instance processing it died, and replaces what that run left half done', async () => {
    const { owner, appId } = await ownAgent();
    const [file] = await uploadAccepted(app, owner, appId, [textFile('a.txt', 'Only paragraph.')]);
    // a worker claimed the job and died mid-way: its lease ran out long ago, it left one chunk
    await db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-host:1', lockedAt: sql`now() - interval '1 hour'`, attempts: 1 })
      .where(sql`payload->>'fileId' = ${file!.id}`);
    await db.update(knowledgeFiles).set({ status: 'processing', progress: 40 }).where(eq(knowledgeFiles.id, file!.id));
    await db.insert(knowledgeChunks).values({ appId, fileId: file!.id, content: 'half-done leftover', createdAt: sql`now() - interval '1 hour'` });

    await runJobs(app);
    const { chunks } = await chunksOf(owner, appId, file!.id);
    expect(chunks.map((chunk) => chunk.content)).toEqual(['Only paragraph.']);
    expect(byName((await listFiles(app, owner, appId)).files)['a.txt']).toMatchObject({ status: 'ready', progress: 100, chunkCount: 1 });
  });
});

describe('delete, re-index and reading chunks', () => {
  it('deletes a file with all its chunks', async () => {
    const { owner, appId } = await ownAgent();
    const [file] = await uploadAccepted(app, owner, appId, [textFile('gone.txt', 'Paragraph one.\n\nParagraph two.')]);
    await runJobs(app);
    const response = await call(app, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: file!.id });
    expect(response.json()).toMatchObject({ code: 0, data: null });
    const [left] = await db.select({ n: count() }).from(knowledgeChunks).where(eq(knowledgeChunks.fileId, file!.id));
    expect(left!.n).toBe(0);
    expect((await listFiles(app, owner, appId)).files).toEqual([]);
    const again = await call(app, owner, 'POST', knowledgePaths.deleteFile, { appId, fileId: file!.id });
    expect([again.statusCode, again.json().msg]).toEqual([404, 'This file does not exist.']);
  });

  it('re-indexes a file: new chunks replace the old ones; a file already queued is refused', async () => {
    const { owner, appId } = await ownAgent();
    const [file] = await uploadAccepted(app, owner, appId, [textFile('re.txt', 'First.\n\nSecond.')]);
    const early = await call(app, owner, 'POST', knowledgePaths.reindexFile, { appId, fileId: file!.id });
    expect([early.statusCode, early.json().msg]).toEqual([409, 'This file is already being processed; wait until it is ready or has failed.']);
    await runJobs(app);
    const before = (await chunksOf(owner, appId, file!.id)).chunks;

    const response = await call(app, owner, 'POST', knowledgePaths.reindexFile, { appId, fileId: file!.id });
    expect(response.json().data).toMatchObject({ id: file!.id, status: 'queued', progress: 0 });
    await runJobs(app);
    const after = (await chunksOf(owner, appId, file!.id)).chunks;
    expect(after.map((chunk) => chunk.content)).toEqual(before.map((chunk) => chunk.content));
    expect(after.some((chunk) => before.some((old) => old.id === chunk.id))).toBe(false);
    expect(byName((await listFiles(app, owner, appId)).files)['re.txt']).toMatchObject({ status: 'ready', chunkCount: before.length });
  });

  it('re-indexes a file whose last run is still being recorded as done', async () => {
    const { owner, appId } = await ownAgent();
    const [file] = await uploadAccepted(app, owner, appId, [textFile('quick.txt', 'Quick one.')]);
    await runJobs(app);
    // the file is ready, but its job row has not been marked done yet (the runner records it last)
    await db.update(jobs).set({ status: 'running', lockedBy: 'this-host:1', lockedAt: sql`now()` }).where(sql`payload->>'fileId' = ${file!.id}`);
    const response = await call(app, owner, 'POST', knowledgePaths.reindexFile, { appId, fileId: file!.id });
    expect(response.json().data).toMatchObject({ status: 'queued' });
    await runJobs(app);
    expect(byName((await listFiles(app, owner, appId)).files)['quick.txt']).toMatchObject({ status: 'ready', chunkCount: 1 });
  });

  it("pages through a file's chunks in order", async () => {
    const { owner, appId } = await ownAgent();
    const csv = `question,answer\n${Array.from({ length: 120 }, (_, index) => `Q${index}?,A${index}`).join('\n')}\n`;
    const [file] = await uploadAccepted(app, owner, appId, [textFile('many.csv', csv)]);
    await runJobs(app);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await chunksOf(owner, appId, file!.id, cursor);
      expect(page.chunks.length).toBeLessThanOrEqual(knowledgeLimits.pageSize);
      seen.push(...page.chunks.map((chunk) => chunk.question!));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => `Q${index}?`));
    const bad = await call(app, owner, 'GET', knowledgePaths.chunks, { appId, fileId: file!.id, cursor: 'abc' });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, 'cursor: not a cursor this list gave']);
  });
});
