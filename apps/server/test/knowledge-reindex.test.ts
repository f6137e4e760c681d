import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knowledgePaths, type KnowledgeFile, type KnowledgeSearchData } from '@parley/contracts';
import { knowledgeRepo } from '../src/db/repos/knowledge-repo.js';
import { knowledgeFiles } from '../src/db/schema/index.js';
import { createKnowledgeProcessor } from '../src/services/knowledge/knowledge-processing.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, type Caller } from './fixtures/chats.js';
import { listFiles, runJobs, textFile, uploadAccepted } from './fixtures/knowledge.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp();
const db = (await testDatabase()).handle.db;

async function hitsOf(caller: Caller, appId: string, question: string) {
  const response = await call(app, caller, 'POST', knowledgePaths.search, { appId, question });
  expect(response.statusCode).toBe(200);
  return (response.json().data as KnowledgeSearchData).hits;
}

const question = 'When are swaps charged?';

describe('re-indexing a file', () => {
  it('keeps answering from its earlier chunks until the new ones replace them in one step', async () => {
    const owner = await signedInUser(db);
    const { id: appId } = await createAgent(app, owner);
    const [file] = await uploadAccepted(app, owner, appId, [textFile('swaps.txt', 'Swaps are charged at 22:00 server time.\n\nTriple swaps on Wednesday.')]);
    await runJobs(app);
    const before = await hitsOf(owner, appId, question);
    expect(before.map((hit) => hit.fileId)).toEqual([file!.id]);
    const oldIds = before.map((hit) => hit.chunkId);

    const queued = await call(app, owner, 'POST', knowledgePaths.reindexFile, { appId, fileId: file!.id });
    expect((queued.json().data as KnowledgeFile).status).toBe('queued');
    expect((await hitsOf(owner, appId, question)).map((hit) => hit.chunkId)).toEqual(oldIds);

    // what a chat would find at each step of the run: the old chunks, never the new ones half made nor both
    const seen: { status: string; chunkIds: string[] }[] = [];
    const processor = createKnowledgeProcessor({ knowledge: knowledgeRepo(db), storage: app.services.storage, log: app.log, settings: { maxPdfPages: 10 } });
    await processor.run(file!.id, {
      job: { attempts: 1, maxAttempts: 5 } as Parameters<typeof processor.run>[1]['job'],
      signal: new AbortController().signal,
      progress: async () => {
        const [row] = await db.select({ status: knowledgeFiles.status }).from(knowledgeFiles).where(eq(knowledgeFiles.id, file!.id));
        seen.push({ status: row!.status, chunkIds: (await hitsOf(owner, appId, question)).map((hit) => hit.chunkId) });
      },
    });
    expect(seen).toEqual([
      { status: 'processing', chunkIds: oldIds },
      // the new chunks are stored by now, still waiting
      { status: 'processing', chunkIds: oldIds },
    ]);

    const after = await hitsOf(owner, appId, question);
    expect(after).toHaveLength(1);
    expect(after[0]!.chunkId).not.toBe(oldIds[0]);
    expect(after[0]!.content).toBe(before[0]!.content);
    const listed = (await listFiles(app, owner, appId)).files.find((row) => row.id === file!.id);
    expect(listed).toMatchObject({ status: 'ready', chunkCount: 1, problem: null });
  });
});
