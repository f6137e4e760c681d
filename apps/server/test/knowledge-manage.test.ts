import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCodes, knowledgeLimits, knowledgePaths, type KnowledgeChunk, type KnowledgeSearchData } from '@parley/contracts';
import { knowledgeChunks, unansweredQuestions } from '../src/db/schema/index.js';
import { minKnowledgeScore } from '../src/services/knowledge/knowledge-settings.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { listFiles, runJobs, textFile, uploadAccepted, uploadKnowledge } from './fixtures/knowledge.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

async function ownAgent(visibility: 'private' | 'public' = 'private') {
  const owner = await signedInUser(db);
  const agent = await createAgent(app, owner, { visibility });
  return { owner, appId: agent.id };
}

async function addUnanswered(appId: string, question: string, askCount: number) {
  const [row] = await db
    .insert(unansweredQuestions)
    .values({ appId, question, questionHash: `${question}-${randomUUID()}`, askCount })
    .returning();
  return row!;
}

async function search(caller: Caller, appId: string, question: string, limit?: number) {
  const response = await call(app, caller, 'POST', knowledgePaths.search, limit ? { appId, question, limit } : { appId, question });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as KnowledgeSearchData;
}

describe('ownership', () => {
  /** Every call on the agent's knowledge, as `[name, method, path, input]`. */
  function calls(appId: string, fileId: string, entryId: string, questionId: string) {
    return [
      ['files', 'GET', knowledgePaths.files, { appId }],
      ['chunks', 'GET', knowledgePaths.chunks, { appId, fileId }],
      ['search', 'POST', knowledgePaths.search, { appId, question: 'What is margin?' }],
      ['entries', 'GET', knowledgePaths.entries, { appId }],
      ['create entry', 'POST', knowledgePaths.createEntry, { appId, entry: { kind: 'qa', question: 'Mine?', content: 'Yes' } }],
      ['update entry', 'POST', knowledgePaths.updateEntry, { appId, id: entryId, entry: { kind: 'qa', question: 'Mine?', content: 'Yes' } }],
      ['delete entry', 'POST', knowledgePaths.deleteEntry, { appId, id: entryId }],
      ['unanswered', 'GET', knowledgePaths.unanswered, { appId }],
      ['answer unanswered', 'POST', knowledgePaths.answerUnanswered, { appId, id: questionId, answer: 'Mine' }],
      ['dismiss unanswered', 'POST', knowledgePaths.dismissUnanswered, { appId, id: questionId }],
      ['reindex', 'POST', knowledgePaths.reindexFile, { appId, fileId }],
      ['delete file', 'POST', knowledgePaths.deleteFile, { appId, fileId }],
    ] as const;
  }

  it("keeps an agent's knowledge from everyone else: another account gets NOT_FOUND, a visitor is asked to log in", async () => {
    // public, so that the agent itself is visible to others: its knowledge still is not
    const { owner, appId } = await ownAgent('public');
    const [file] = await uploadAccepted(app, owner, appId, [textFile('secret.txt', 'Our margin rules are secret.')]);
    await runJobs(app);
    const entry = (await call(app, owner, 'POST', knowledgePaths.createEntry, { appId, entry: { kind: 'qa', question: 'Secret?', content: 'Yes' } })).json().data;
    const question = await addUnanswered(appId, 'Who are you?', 1);

    const stranger = await signedInUser(db);
    const guest = await visitor(app);
    const expected = {
      user: { status: 404, code: errorCodes.NOT_FOUND.code },
      visitor: { status: 403, code: errorCodes.LOGIN_REQUIRED.code },
    };
    for (const caller of [stranger, guest]) {
      for (const [name, method, path, input] of calls(appId, file!.id, entry.id, question.id)) {
        const response = await call(app, caller, method, path, input);
        expect({ status: response.statusCode, code: response.json().code }, `${caller.kind}: ${name}`).toEqual(expected[caller.kind]);
      }
      const upload = await uploadKnowledge(app, caller, appId, [textFile('mine.txt', 'planted')]);
      expect({ status: upload.statusCode, code: upload.json().code }, `${caller.kind}: upload`).toEqual(expected[caller.kind]);
    }
    // an id that never existed gets the same answer as someone else's agent
    const nothing = await call(app, stranger, 'GET', knowledgePaths.files, { appId: randomUUID() });
    expect([nothing.statusCode, nothing.json().msg]).toEqual([404, 'This agent does not exist.']);

    // nothing changed for the owner
    const listed = await listFiles(app, owner, appId);
    expect(listed.files.map((f) => [f.name, f.status])).toEqual([['secret.txt', 'ready']]);
    expect(listed.totals.entries).toBe(1);
    expect((await call(app, owner, 'GET', knowledgePaths.unanswered, { appId })).json().data.questions).toHaveLength(1);
  });

  it("does not reach one agent's files or entries through the owner's other agent", async () => {
    const { owner, appId } = await ownAgent();
    const other = (await createAgent(app, owner)).id;
    const [file] = await uploadAccepted(app, owner, appId, [textFile('a.txt', 'text')]);
    const entry = (await call(app, owner, 'POST', knowledgePaths.createEntry, { appId, entry: { kind: 'passage', content: 'p' } })).json().data;
    const chunks = await call(app, owner, 'GET', knowledgePaths.chunks, { appId: other, fileId: file!.id });
    expect([chunks.statusCode, chunks.json().msg]).toEqual([404, 'This file does not exist.']);
    const removed = await call(app, owner, 'POST', knowledgePaths.deleteEntry, { appId: other, id: entry.id });
    expect([removed.statusCode, removed.json().msg]).toEqual([404, 'This entry does not exist.']);
  });
});

describe('manual entries', () => {
  it('creates, lists newest first, updates and deletes Q&A pairs and passages', async () => {
    const { owner, appId } = await ownAgent();
    const create = async (entry: object) => {
      const response = await call(app, owner, 'POST', knowledgePaths.createEntry, { appId, entry });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as KnowledgeChunk;
    };
    const qa = await create({ kind: 'qa', question: '  What is the minimum deposit? ', content: '100 USD.' });
    expect(qa).toMatchObject({ kind: 'qa', fileId: null, question: 'What is the minimum deposit?', content: '100 USD.', heading: null, page: null });
    const passage = await create({ kind: 'passage', heading: 'Swaps', content: 'Swaps are charged nightly.' });
    const bare = await create({ kind: 'passage', content: 'No heading here.' });
    expect(bare.heading).toBeNull();

    const listed = (await call(app, owner, 'GET', knowledgePaths.entries, { appId })).json().data;
    expect(listed.chunks.map((chunk: KnowledgeChunk) => chunk.id)).toEqual([bare.id, passage.id, qa.id]);
    expect(listed.nextCursor).toBeNull();

    const updated = await call(app, owner, 'POST', knowledgePaths.updateEntry, {
      appId,
      id: passage.id,
      entry: { kind: 'qa', question: 'When are swaps charged?', content: 'At 22:00 server time.' },
    });
    expect(updated.json().data).toMatchObject({ id: passage.id, kind: 'qa', question: 'When are swaps charged?', heading: null });
    const [row] = await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.id, passage.id));
    expect(row!.searchTitle).toContain('swap');

    expect((await call(app, owner, 'POST', knowledgePaths.deleteEntry, { appId, id: qa.id })).json()).toMatchObject({ code: 0, data: null });
    const after = (await call(app, owner, 'GET', knowledgePaths.entries, { appId })).json().data;
    expect(after.chunks.map((chunk: KnowledgeChunk) => chunk.id)).toEqual([bare.id, passage.id]);
    expect((await listFiles(app, owner, appId)).totals.entries).toBe(2);
  });

  it('pages through many entries with the cursor', async () => {
    const { owner, appId } = await ownAgent();
    const total = knowledgeLimits.pageSize + 5;
    for (let index = 0; index < total; index += 1) {
      await call(app, owner, 'POST', knowledgePaths.createEntry, { appId, entry: { kind: 'passage', content: `Entry ${index}` } });
    }
    const first = (await call(app, owner, 'GET', knowledgePaths.entries, { appId })).json().data;
    expect(first.chunks).toHaveLength(knowledgeLimits.pageSize);
    const second = (await call(app, owner, 'GET', knowledgePaths.entries, { appId, cursor: first.nextCursor })).json().data;
    expect(second.nextCursor).toBeNull();
    const contents = [...first.chunks, ...second.chunks].map((chunk: KnowledgeChunk) => chunk.content);
    expect(contents).toEqual(Array.from({ length: total }, (_, index) => `Entry ${total - 1 - index}`));
  });

  it('says what is wrong with an entry', async () => {
    const { owner, appId } = await ownAgent();
    const refused = async (entry: object) => {
      const response = await call(app, owner, 'POST', knowledgePaths.createEntry, { appId, entry });
      expect(response.statusCode).toBe(400);
      return response.json().msg as string;
    };
    expect(await refused({ kind: 'qa', question: '   ', content: 'x' })).toContain('Please enter the question');
    expect(await refused({ kind: 'qa', question: 'Why?', content: '' })).toContain('Please enter the answer');
    expect(await refused({ kind: 'qa', question: 'q'.repeat(knowledgeLimits.entryQuestionMaxChars + 1), content: 'x' })).toContain(
      `The question can be at most ${knowledgeLimits.entryQuestionMaxChars} characters`,
    );
    expect(await refused({ kind: 'passage', content: ' ' })).toContain('Please enter the passage');
    expect(await refused({ kind: 'passage', heading: 'h'.repeat(knowledgeLimits.entryHeadingMaxChars + 1), content: 'x' })).toContain(
      `The heading can be at most ${knowledgeLimits.entryHeadingMaxChars} characters`,
    );
    expect(await refused({ kind: 'note', content: 'x' })).toContain('entry');
    const missing = await call(app, owner, 'POST', knowledgePaths.updateEntry, { appId, id: randomUUID(), entry: { kind: 'passage', content: 'x' } });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, 'This entry does not exist.']);

    // a file's chunk is not an entry: it changes only with its file
    const [file] = await uploadAccepted(app, owner, appId, [textFile('f.txt', 'From a file.')]);
    await runJobs(app);
    const [chunk] = await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.fileId, file!.id));
    const viaEntry = await call(app, owner, 'POST', knowledgePaths.deleteEntry, { appId, id: chunk!.id });
    expect(viaEntry.statusCode).toBe(404);
  });
});

describe('unanswered questions', () => {
  it('lists the open ones most asked first, answers one as a Q&A entry in one step, and dismisses another', async () => {
    const { owner, appId } = await ownAgent();
    const rare = await addUnanswered(appId, 'Do you offer copy trading?', 1);
    const common = await addUnanswered(appId, '你们支持哪些出金方式？', 7);
    const middle = await addUnanswered(appId, 'Is there a demo account?', 3);

    const listed = (await call(app, owner, 'GET', knowledgePaths.unanswered, { appId })).json().data.questions;
    expect(listed.map((q: { question: string; askCount: number }) => [q.question, q.askCount])).toEqual([
      ['你们支持哪些出金方式？', 7],
      ['Is there a demo account?', 3],
      ['Do you offer copy trading?', 1],
    ]);

    const answered = await call(app, owner, 'POST', knowledgePaths.answerUnanswered, { appId, id: common.id, answer: '支持银行卡、电汇和USDT出金。' });
    expect(answered.statusCode).toBe(200);
    const entry = answered.json().data as KnowledgeChunk;
    expect(entry).toMatchObject({ kind: 'qa', fileId: null, question: '你们支持哪些出金方式？', content: '支持银行卡、电汇和USDT出金。' });
    const [row] = await db.select().from(unansweredQuestions).where(eq(unansweredQuestions.id, common.id));
    expect(row).toMatchObject({ answerChunkId: entry.id, answeredAt: expect.any(Date) });
    // the answer is an entry the chat now finds
    const hits = (await search(owner, appId, '出金方式有哪些')).hits;
    expect(hits[0]).toMatchObject({ chunkId: entry.id, fileName: 'FAQ', kind: 'qa', question: '你们支持哪些出金方式？', used: true });

    const dismissed = await call(app, owner, 'POST', knowledgePaths.dismissUnanswered, { appId, id: rare.id });
    expect(dismissed.json()).toMatchObject({ code: 0, data: null });
    const left = (await call(app, owner, 'GET', knowledgePaths.unanswered, { appId })).json().data.questions;
    expect(left.map((q: { id: string }) => q.id)).toEqual([middle.id]);

    const twice = await call(app, owner, 'POST', knowledgePaths.answerUnanswered, { appId, id: common.id, answer: 'Again' });
    expect([twice.statusCode, twice.json().msg]).toEqual([404, 'This question is not in the list any more.']);
    const empty = await call(app, owner, 'POST', knowledgePaths.answerUnanswered, { appId, id: middle.id, answer: '  ' });
    expect([empty.statusCode, empty.json().msg]).toEqual([400, 'answer: Please enter the answer']);
  });
});

describe('retrieval test', () => {
  it('finds the right passage for an English and a Chinese question, with scores against the chat threshold', async () => {
    const { owner, appId } = await ownAgent();
    await uploadAccepted(app, owner, appId, [
      textFile(
        'guide.md',
        '# Margin call\n\nA margin call happens when your equity falls below the required margin level.\n\n# Swaps\n\nSwaps are overnight interest charged at 22:00 server time.',
      ),
      textFile('指南.md', '# 保证金\n\n保证金是开仓时冻结的资金，用于担保您的持仓。\n\n# 出金\n\n出金申请一般在一个工作日内处理完毕。'),
    ]);
    await runJobs(app);

    const english = await search(owner, appId, 'When does a margin call happen?');
    expect(english).toMatchObject({ mode: 'text', threshold: minKnowledgeScore, tookMs: expect.any(Number) });
    expect(english.hits[0]).toMatchObject({ fileName: 'guide.md', heading: 'Margin call', kind: 'passage', question: null, used: true });
    expect(english.hits[0]!.content).toContain('equity falls below the required margin level');
    expect(english.hits[0]!.score).toBeGreaterThanOrEqual(minKnowledgeScore);

    const chinese = await search(owner, appId, '出金要多久处理？');
    expect(chinese.hits[0]).toMatchObject({ fileName: '指南.md', heading: '出金', used: true });
    expect(chinese.hits[0]!.content).toContain('一个工作日内');

    for (const hit of [...english.hits, ...chinese.hits]) expect(hit.used).toBe(hit.score >= minKnowledgeScore);
    expect((await search(owner, appId, 'Margin swaps', 1)).hits).toHaveLength(1);

    const unrelated = await search(owner, appId, 'Best pizza in Naples');
    expect(unrelated.hits.filter((hit) => hit.used)).toEqual([]);
  });

  it("leaves out a new file's chunks until it is ready, keeps a re-indexed file's until replaced, and validates the question", async () => {
    const { owner, appId } = await ownAgent();
    const [file] = await uploadAccepted(app, owner, appId, [textFile('spreads.txt', 'Spreads widen around news releases.')]);
    expect((await search(owner, appId, 'spreads news')).hits).toEqual([]);
    await runJobs(app);
    const [ready] = (await search(owner, appId, 'spreads news')).hits;
    expect(ready).toBeDefined();
    await call(app, owner, 'POST', knowledgePaths.reindexFile, { appId, fileId: file!.id });
    // knowledge-reindex.test.ts follows the run step by step
    expect((await search(owner, appId, 'spreads news')).hits.map((hit) => hit.chunkId)).toEqual([ready!.chunkId]);
    await runJobs(app);
    const after = (await search(owner, appId, 'spreads news')).hits;
    expect(after).toHaveLength(1);
    expect(after[0]!.chunkId).not.toBe(ready!.chunkId);

    const blank = await call(app, owner, 'POST', knowledgePaths.search, { appId, question: ' ' });
    expect([blank.statusCode, blank.json().msg]).toEqual([400, 'question: Please enter a question']);
    const tooMany = await call(app, owner, 'POST', knowledgePaths.search, { appId, question: 'x', limit: knowledgeLimits.searchLimitMax + 1 });
    expect(tooMany.statusCode).toBe(400);
  });
});
