import { describe, expect, it } from 'vitest';
import { chunkSearchFields, knowledgeSearchRepo } from '../src/db/repos/knowledge-search-repo.js';
import { knowledgeChunks, knowledgeFiles, type KnowledgeFileStatus } from '../src/db/schema/index.js';
import { createAgent, post, readStream, userCaller, visitorCaller } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0' });
const db = (await testDatabase()).handle.db;
const search = knowledgeSearchRepo(db).search;
const owner = await userCaller();

async function fileOf(appId: string, name: string, status: KnowledgeFileStatus = 'ready') {
  const bytes = new TextEncoder().encode(name);
  const [file] = await db
    .insert(knowledgeFiles)
    .values({ appId, name, mime: 'application/pdf', size: bytes.length, sha256: name, bytes, status })
    .returning();
  return file?.id as string;
}

/** `pending`: written by a processing run that has not finished (searched only once it has). */
async function passage(appId: string, fileId: string | null, heading: string | null, content: string, page: number | null = null, pending = false) {
  const [row] = await db
    .insert(knowledgeChunks)
    .values({ appId, fileId, kind: 'passage', heading, content, page, pending, ...chunkSearchFields({ title: heading, body: content }) })
    .returning();
  return row?.id as string;
}

async function qa(appId: string, question: string, answer: string) {
  const [row] = await db
    .insert(knowledgeChunks)
    .values({ appId, kind: 'qa', question, content: answer, ...chunkSearchFields({ title: question, body: answer }) })
    .returning();
  return row?.id as string;
}

const agent = await createAgent(owner.owner.userId as string, { name: 'Trading tutor', knowledgeMode: 'open' });
const guide = await fileOf(agent.id, 'trading-guide.pdf');
const leverageId = await passage(agent.id, guide, 'Leverage', 'Leverage multiplies both gains and losses. Brokers cap retail leverage.', 12);
const spreadId = await passage(agent.id, guide, 'Costs', `Spreads and commissions are the costs of trading. ${'Detail. '.repeat(40)}`, 3);
const chineseId = await passage(agent.id, guide, '监管', '投资者应到监管机构官网查询经纪商的牌照信息。', 7);
const qaId = await qa(agent.id, 'Do you offer a demo account?', 'Yes: practise with virtual money first.');
await passage(agent.id, await fileOf(agent.id, 'draft.pdf', 'processing'), 'Leverage draft', 'Leverage draft text that is not ready.', null, true);
const otherAgent = await createAgent(owner.owner.userId as string, { name: 'Other' });
await passage(otherAgent.id, null, 'Leverage', 'Leverage in another app.');

describe('knowledge search', () => {
  it("finds an app's passages by the question's words, with their source, page and a short excerpt", async () => {
    const found = await search(agent.id, 'How does leverage work?');
    expect(found.map((item) => item.chunkId)).toEqual([leverageId]);
    expect(found[0]).toEqual({
      chunkId: leverageId,
      fileId: guide,
      fileName: 'trading-guide.pdf',
      heading: 'Leverage',
      page: 12,
      excerpt: 'Leverage multiplies both gains and losses. Brokers cap retail leverage.',
      score: 0.5,
      kind: 'passage',
      question: null,
      content: 'Leverage multiplies both gains and losses. Brokers cap retail leverage.',
      titleScore: 0.5,
    });
  });

  it('leaves out passages of files still being processed and of other apps', async () => {
    const found = await search(agent.id, 'leverage draft');
    expect(found.map((item) => item.chunkId)).toEqual([leverageId]);
    expect(found[0]?.score).toBe(0.5);
  });

  it('scores by the share of the question’s words a passage holds, best first', async () => {
    const found = await search(agent.id, 'spread commission leverage');
    expect(found.map((item) => [item.chunkId, item.score])).toEqual([
      [spreadId, 0.667],
      [leverageId, 0.333],
    ]);
    expect(found[0]?.excerpt.length).toBeLessThanOrEqual(161);
    expect(found[0]?.excerpt.endsWith('…')).toBe(true);
  });

  it('matches Chinese questions even when they split words differently from the text', async () => {
    const found = await search(agent.id, '怎么查牌照');
    expect(found.map((item) => [item.chunkId, item.score])).toEqual([[chineseId, 1]]);
  });

  it('returns Q&A entries with their question as the heading and FAQ as the source', async () => {
    const [found] = await search(agent.id, 'demo accounts');
    expect(found).toMatchObject({ chunkId: qaId, kind: 'qa', fileId: null, fileName: 'FAQ', heading: 'Do you offer a demo account?' });
    expect(found?.question).toBe('Do you offer a demo account?');
  });

  it('finds nothing for questions of only common words, or none the app knows', async () => {
    expect(await search(agent.id, 'What is this?')).toEqual([]);
    expect(await search(agent.id, 'quantum chromodynamics')).toEqual([]);
  });

  it('finds the passages holding most of the question\'s words, in small and in large knowledge bases', async () => {
    for (const [name, partial] of [
      ['Small base', 20],
      ['Large base', 250],
    ] as const) {
      const base = await createAgent(owner.owner.userId as string, { name });
      const rows = (content: string, count: number) =>
        Array.from({ length: count }, (_, index) => ({
          appId: base.id,
          kind: 'passage' as const,
          ordinal: index,
          content,
          ...chunkSearchFields({ title: null, body: content }),
        }));
      await db.insert(knowledgeChunks).values(rows('Margin is the deposit a position needs.', partial));
      await db.insert(knowledgeChunks).values(rows('A margin call comes when equity falls below the stop-out level.', 8));

      const found = await search(base.id, 'margin call level');

      expect(found).toHaveLength(4);
      expect(found.map((hit) => hit.score)).toEqual([1, 1, 1, 1]);
    }
  });

  it('limits the result to the best four', async () => {
    for (let index = 0; index < 6; index++) await passage(otherAgent.id, null, `Swap ${index}`, 'Swap fees are charged overnight.');
    expect(await search(otherAgent.id, 'swap fees')).toHaveLength(4);
  });
});

describe("answering from an agent's knowledge offline", () => {
  it('quotes the matching passage with its file, page and heading, and cites it', async () => {
    const stream = readStream(
      (await post(app, await visitorCaller(app), '/core/chat/completions', { appId: agent.id, content: 'Explain leverage risk' })).body,
    );
    expect(stream.citations).toEqual([expect.objectContaining({ chunkId: leverageId, fileName: 'trading-guide.pdf', page: 12 })]);
    expect(stream.text).toContain('> Leverage multiplies both gains and losses.');
    expect(stream.text).toContain('— Source: trading-guide.pdf, p. 12 · Leverage');
  });

  it('answers with a Q&A entry when the question matches it', async () => {
    const stream = readStream(
      (await post(app, await visitorCaller(app), '/core/chat/completions', { appId: agent.id, content: 'Do you offer demo accounts?' })).body,
    );
    expect(stream.text).toBe('Yes: practise with virtual money first.');
  });
});
