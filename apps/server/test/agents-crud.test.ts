import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentPaths, chatPaths } from '@parley/contracts';
import { appShares, knowledgeChunks, knowledgeFiles } from '../src/db/schema/index.js';
import { agentForm, createAgent } from './fixtures/agents.js';
import { call, chatWithTurns, signedInUser, visitor } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000' });
const db = (await testDatabase()).handle.db;

const fieldErrors = (body: string) => (JSON.parse(body) as { data: { path: string; message: string }[] }).data;

describe('POST /core/app/create', () => {
  it('saves the form with the defaults and answers the full configuration', async () => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', agentPaths.create, {
      name: '  外汇助手 ',
      intro: 'Forex questions',
      systemPrompt: 'You answer forex questions.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      name: '外汇助手',
      intro: 'Forex questions',
      avatarUrl: null,
      category: 'general',
      systemPrompt: 'You answer forex questions.',
      model: null,
      temperature: null,
      top_p: null,
      openingMessage: '',
      suggestedQuestions: [],
      visibility: 'private',
      knowledgeMode: 'open',
      hidden: false,
      hiddenReason: null,
      reviewRequestedAt: null,
      shareNum: null,
      figures: { conversations: 0, users: 0, good: 0, bad: 0, likeRatio: null },
      publishedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('names each bad field with a message the form can show under it', async () => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', agentPaths.create, {
      ...agentForm(),
      name: '   ',
      intro: 'x'.repeat(201),
      systemPrompt: '',
      temperature: 2.5,
      top_p: -0.1,
      category: 'weather',
      visibility: 'everyone',
      knowledgeMode: 'sometimes',
      suggestedQuestions: ['one', 'two', 'three', 'four', 'five'],
      avatarUrl: 'https://evil.example/a.png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    const byPath = Object.fromEntries(fieldErrors(response.body).map((problem) => [problem.path, problem.message]));
    expect(byPath).toEqual({
      name: 'Please enter name',
      intro: 'Description can be at most 200 characters',
      systemPrompt: 'Please enter role prompt',
      temperature: 'temperature must be between 0 and 2',
      top_p: 'top_p must be between 0 and 1',
      category: 'Choose one of the categories',
      visibility: 'Choose private, unlisted or public',
      knowledgeMode: 'Choose open or strict',
      suggestedQuestions: 'At most 4 suggested questions',
      avatarUrl: 'Upload a picture or choose one of the built-in avatars',
    });
  });

  it('refuses a model that is not offered and an avatar that does not exist, by field', async () => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', agentPaths.create, {
      ...agentForm(),
      model: 'gpt-imaginary',
      avatarUrl: '/files/images/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response.body)).toEqual([
      { path: 'model', message: 'Choose one of the offered models' },
      { path: 'avatarUrl', message: 'This picture does not exist; upload it again or choose another' },
    ]);
  });

  it('accepts a built-in avatar and refuses an empty suggested question by its index', async () => {
    const me = await signedInUser(db);
    const avatars = (await call(app, me, 'GET', agentPaths.avatars)).json().data.list;
    expect(avatars.length).toBeGreaterThanOrEqual(8);
    const saved = await createAgent(app, me, { avatarUrl: avatars[0].url });
    expect(saved.avatarUrl).toMatch(/^\/files\/avatars\/[a-z-]+\.svg$/);

    const refused = await call(app, me, 'POST', agentPaths.create, agentForm({ suggestedQuestions: ['fine', '  '] }));
    expect(fieldErrors(refused.body)).toEqual([{ path: 'suggestedQuestions.1', message: 'Please enter suggested question' }]);
  });

  it('asks a visitor to log in instead of creating anything', async () => {
    const guest = await visitor(app);
    const response = await call(app, guest, 'POST', agentPaths.create, agentForm());
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(10009);
  });
});

describe('POST /core/app/update, GET /core/app/detail and GET /core/app/mine', () => {
  it('lets the creator edit the whole form and lists it first in my agents', async () => {
    const me = await signedInUser(db);
    const older = await createAgent(app, me, { name: 'Older' });
    const created = await createAgent(app, me, { name: 'Draft' });
    const edited = await call(app, me, 'POST', agentPaths.update, {
      id: older.id,
      ...agentForm({ name: 'Renamed', temperature: 0.2, top_p: 0.5, visibility: 'unlisted', suggestedQuestions: ['Only one'], knowledgeMode: 'strict' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: older.id, name: 'Renamed', temperature: 0.2, top_p: 0.5, visibility: 'unlisted', suggestedQuestions: ['Only one'], knowledgeMode: 'strict' });

    const detail = await call(app, me, 'GET', agentPaths.detail, { id: older.id });
    expect(detail.json().data).toMatchObject({ name: 'Renamed', systemPrompt: 'You are a patient forex tutor.', knowledgeMode: 'strict' });
    // a form that does not send the choice keeps it
    const resaved = await call(app, me, 'POST', agentPaths.update, { id: older.id, ...agentForm({ name: 'Renamed again' }) });
    expect(resaved.json().data).toMatchObject({ name: 'Renamed again', knowledgeMode: 'strict' });
    const mine = (await call(app, me, 'GET', agentPaths.mine)).json().data.list;
    expect(mine.map((agent: { id: string }) => agent.id)).toEqual([older.id, created.id]);
  });
  // who may open, change and delete whose agent: agents-ownership.test.ts
});

describe('POST /core/app/delete', () => {
  it("removes the agent's knowledge and share number; chats others had stay readable, marked deleted", async () => {
    const owner = await signedInUser(db);
    const reader = await signedInUser(db);
    const agent = await createAgent(app, owner, { visibility: 'public' });
    await call(app, owner, 'GET', '/chat/get/shareNum', { id: agent.id });
    const [file] = await db
      .insert(knowledgeFiles)
      .values({ appId: agent.id, name: 'rules.txt', mime: 'text/plain', size: 5, sha256: 'x', bytes: new Uint8Array(5) })
      .returning();
    await db.insert(knowledgeChunks).values({ appId: agent.id, fileId: file!.id, content: 'Leverage rules' });
    const { chat } = await chatWithTurns(db, reader.owner, { appId: agent.id, title: 'Leverage' }, 2);

    const deleted = await call(app, owner, 'POST', agentPaths.delete, { id: agent.id });
    expect(deleted.statusCode).toBe(200);

    expect(await db.$count(knowledgeFiles, eq(knowledgeFiles.appId, agent.id))).toBe(0);
    expect(await db.$count(knowledgeChunks, eq(knowledgeChunks.appId, agent.id))).toBe(0);
    expect(await db.$count(appShares, eq(appShares.appId, agent.id))).toBe(0);
    expect((await call(app, owner, 'GET', agentPaths.mine)).json().data.list).toEqual([]);
    expect((await call(app, owner, 'GET', agentPaths.detail, { id: agent.id })).statusCode).toBe(404);
    expect((await call(app, owner, 'POST', agentPaths.delete, { id: agent.id })).statusCode).toBe(404);

    const opened = await call(app, reader, 'GET', chatPaths.chatInit, { appId: agent.id, chatId: chat.id });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.app).toMatchObject({ id: agent.id, name: 'Leverage coach', deleted: true, closedBecause: 'deleted' });
    expect(opened.json().data.items).toHaveLength(4);
    const history = (await call(app, reader, 'POST', chatPaths.getHistories, {})).json().data.list;
    expect(history).toEqual([expect.objectContaining({ chatId: chat.id, appDeleted: true })]);

    const asked = await call(app, reader, 'POST', chatPaths.completions, { chatId: chat.id, content: 'Still there?' });
    expect(asked.statusCode).toBe(410);
    expect(asked.json().code).toBe(10006);
  });
});

describe('opening an agent to chat', () => {
  it('shows the chat header (name, avatar, creator, description); a private agent is not found for anyone else', async () => {
    const owner = await signedInUser(db, `creator-${Date.now()}`);
    const listed = await createAgent(app, owner, { visibility: 'unlisted', avatarUrl: '/files/avatars/bot.svg' });
    const secret = await createAgent(app, owner, { visibility: 'private' });
    const guest = await visitor(app);

    const header = (await call(app, guest, 'GET', chatPaths.chatInit, { appId: listed.id })).json().data.app;
    expect(header).toMatchObject({
      id: listed.id,
      name: 'Leverage coach',
      avatarUrl: '/files/avatars/bot.svg',
      intro: 'Explains margin and leverage in plain words',
      creatorName: expect.stringMatching(/^creator-/),
      openingMessage: 'Ask me about leverage.',
      suggestedQuestions: ['What is margin?', 'How much leverage is safe?'],
      deleted: false,
    });
    for (const other of [guest, await signedInUser(db)]) {
      expect((await call(app, other, 'GET', chatPaths.chatInit, { appId: secret.id })).statusCode).toBe(404);
      const asked = await call(app, other, 'POST', chatPaths.completions, { appId: secret.id, content: 'hi' });
      expect(asked.statusCode).toBe(404);
    }
    expect((await call(app, owner, 'GET', chatPaths.chatInit, { appId: secret.id })).statusCode).toBe(200);
  });
});
