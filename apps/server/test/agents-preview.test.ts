import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { agentPaths } from '@parley/contracts';
import { apps, chats, knowledgeChunks, usageLedger } from '../src/db/schema/index.js';
import { chunkSearchFields } from '../src/db/repos/knowledge-search-repo.js';
import { agentForm, createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor } from './fixtures/chats.js';
import { readStream } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ apiKey: 'test-key', models: ['fake-model', 'other-model'] });
afterAll(() => fake.close());
const app = await buildTestApp({
  LLM_BASE_URL: fake.url,
  LLM_API_KEY: 'test-key',
  LLM_MODELS: 'fake-model,other-model',
  VISITOR_TOKEN_RATE_LIMIT: '1000',
  AGENT_PREVIEW_RATE_LIMIT: '6',
});
const db = (await testDatabase()).handle.db;

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'echo', format: 'transcript' });
});

describe('POST /core/app/preview', () => {
  it('streams an answer as the unsaved draft would give it, with its prompt, model and sampling, saving nothing', async () => {
    const me = await signedInUser(db);
    const [appsBefore, chatsBefore] = [await db.$count(apps), await db.$count(chats)];
    const response = await call(app, me, 'POST', agentPaths.preview, {
      draft: agentForm({ systemPrompt: 'You are Captain Pip, a pirate tutor.', model: 'other-model', temperature: 0.3, top_p: 0.7 }),
      turns: [
        { role: 'user', content: 'Ahoy?' },
        { role: 'assistant', content: 'Ahoy, matey!' },
      ],
      content: 'What is a pip?',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const stream = readStream(response.body);
    expect(stream.names[0]).toBe('start');
    expect(stream.start).toMatchObject({ chatId: '', model: 'other-model' });
    expect(stream.names.at(-1)).toBe('done');
    expect(stream.done?.status).toBe('done');
    expect(stream.text).toContain('You are Captain Pip, a pirate tutor.');
    expect(stream.text).toContain('Ahoy, matey!');
    expect(stream.text).toContain('What is a pip?');

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ model: 'other-model', temperature: 0.3, top_p: 0.7 });
    expect([await db.$count(apps), await db.$count(chats)]).toEqual([appsBefore, chatsBefore]);
    expect(await db.$count(usageLedger)).toBeGreaterThan(0);
  });

  it("uses the knowledge of the caller's own agent when editing one, and refuses someone else's", async () => {
    const me = await signedInUser(db);
    const agent = await createAgent(app, me);
    await db.insert(knowledgeChunks).values({
      appId: agent.id,
      content: 'Margin calls happen below 50% margin level.',
      ...chunkSearchFields({ title: 'Margin call level', body: 'Margin calls happen below 50% margin level.' }),
    });
    const response = await call(app, me, 'POST', agentPaths.preview, { draft: agentForm(), appId: agent.id, content: 'margin call level' });
    const stream = readStream(response.body);
    expect(stream.citations.map((citation) => citation.excerpt)).toEqual(['Margin calls happen below 50% margin level.']);
    expect(stream.text).toContain('Margin calls happen below 50% margin level.');

    const stranger = await signedInUser(db);
    const refused = await call(app, stranger, 'POST', agentPaths.preview, { draft: agentForm(), appId: agent.id, content: 'margin' });
    expect(refused.statusCode).toBe(404);
  });

  it('reports a failing model service in the stream, like a chat answer', async () => {
    const me = await signedInUser(db);
    fake.setScenario({ kind: 'httpError', status: 500 });
    const stream = readStream((await call(app, me, 'POST', agentPaths.preview, { draft: agentForm(), content: 'Hi' })).body);
    expect(stream.names.at(-1)).toBe('error');
    expect(stream.error).toMatchObject({ answerId: null, kind: 'overloaded', status: 500 });
  });

  it('validates the draft by field, asks visitors to log in, and limits how often one can preview', async () => {
    const me = await signedInUser(db);
    const bad = await call(app, me, 'POST', agentPaths.preview, { draft: { ...agentForm(), temperature: 9 }, content: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual([
      { path: 'draft.temperature', message: 'temperature must be between 0 and 2' },
      { path: 'content', message: 'Please type a question' },
    ]);

    const guest = await visitor(app);
    expect((await call(app, guest, 'POST', agentPaths.preview, { draft: agentForm(), content: 'Hi' })).json().code).toBe(10009);

    const limited = await signedInUser(db);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await call(app, limited, 'POST', agentPaths.preview, { draft: agentForm(), content: `Hi ${i}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /core/app/preview with an early draft', () => {
  it('answers before the draft has a name, description or prompt, with the default instructions', async () => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', agentPaths.preview, { draft: { name: '', intro: '', systemPrompt: '' }, content: 'Hello?' });
    expect(response.statusCode).toBe(200);
    const stream = readStream(response.body);
    expect(stream.done?.status).toBe('done');
    expect(stream.text).toContain('Respond using markdown.');
  });
});
