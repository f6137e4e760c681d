import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chatArchivePaths, chatPaths, type ChatInitData, type HomeInitData } from '@parley/contracts';
import { chats } from '../src/db/schema/index.js';
import { createAgent, post, readStream, savedChats, userCaller, visitorCaller, type Caller } from './chat-stream-helpers.js';
import { startFakeOpenAI } from './fake-openai/index.js';
import { buildTestApp, testDatabase } from './helper.js';

const fake = await startFakeOpenAI({ models: ['model-a', 'model-b'] });
afterAll(() => fake.close());
const app = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'model-a,model-b' });
const db = (await testDatabase()).handle.db;

beforeEach(() => {
  fake.reset();
  fake.setScenario({ kind: 'ok', text: 'Answered.' });
});

/** The model the model service was last asked for. */
const modelAsked = () => fake.requests.at(-1)?.body.model;

async function ask(caller: Caller, payload: object, on = app) {
  return post(on, caller, chatPaths.completions, payload);
}

async function chatInit(caller: Caller, query: { appId?: string; chatId?: string }, on = app): Promise<ChatInitData> {
  const response = await on.inject({ url: `${caller.prefix}${chatPaths.chatInit}`, query, headers: caller.headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Asks in a new chat (with the official assistant unless `appId`); the stream and the chat's id. */
async function newChat(caller: Caller, payload: object) {
  const stream = readStream((await ask(caller, payload)).body);
  expect(stream.done?.status).toBe('done');
  return { stream, chatId: stream.start!.chatId };
}

describe('picking the model of a chat', () => {
  it('offers every configured model for the official assistant, the first answering when none is picked', async () => {
    const visitor = await visitorCaller(app);
    const home = await app.inject({ url: `${visitor.prefix}${chatPaths.homeInit}`, headers: visitor.headers });
    expect((home.json().data as HomeInitData).modelChoice).toEqual({ models: ['model-a', 'model-b'], defaultModel: 'model-a' });

    const { chatId } = await newChat(visitor, { content: 'Hi' });
    expect(modelAsked()).toBe('model-a');
    const opened = await chatInit(visitor, { chatId, appId: home.json().data.app.id });
    expect(opened.chat?.model).toBeNull();
  });

  it('answers a visitor’s new chat with the model picked, saves it, and keeps using it', async () => {
    const visitor = await visitorCaller(app);
    const { stream, chatId } = await newChat(visitor, { content: 'What is a pip?', model: 'model-b' });
    expect(modelAsked()).toBe('model-b');
    expect(stream.start?.model).toBe('model-b');

    expect((await chatInit(visitor, { chatId })).chat?.model).toBe('model-b');
    await ask(visitor, { chatId, content: 'And a lot?' });
    expect(modelAsked()).toBe('model-b');
    const opened = await chatInit(visitor, { chatId });
    expect(opened.items.filter((item) => item.role === 'assistant').map((item) => item.model)).toEqual(['model-b', 'model-b']);
  });

  it('switches mid-chat: the next answer comes from the new model, the chat saves it, earlier answers keep theirs', async () => {
    const user = await userCaller();
    const { chatId } = await newChat(user, { content: 'First', model: 'model-b' });
    const second = readStream((await ask(user, { chatId, content: 'Second', model: 'model-a' })).body);
    expect(second.done?.status).toBe('done');
    expect(modelAsked()).toBe('model-a');

    const opened = await chatInit(user, { chatId });
    expect(opened.chat?.model).toBe('model-a');
    expect(opened.items.filter((item) => item.role === 'assistant').map((item) => item.model)).toEqual(['model-b', 'model-a']);
  });

  it('answers again with the chat’s model, or with the one the regenerate request picks (then saved)', async () => {
    const user = await userCaller();
    const { chatId } = await newChat(user, { content: 'Once', model: 'model-b' });
    readStream((await post(app, user, chatPaths.regenerate, { chatId })).body);
    expect(modelAsked()).toBe('model-b');

    const again = readStream((await post(app, user, chatPaths.regenerate, { chatId, model: 'model-a' })).body);
    expect(again.done?.status).toBe('done');
    expect(modelAsked()).toBe('model-a');
    expect((await chatInit(user, { chatId })).chat?.model).toBe('model-a');
  });

  it('forgets the pick when asked with model null, and answers with the default', async () => {
    const visitor = await visitorCaller(app);
    const { chatId } = await newChat(visitor, { content: 'One', model: 'model-b' });
    await ask(visitor, { chatId, content: 'Two', model: null });
    expect(modelAsked()).toBe('model-a');
    expect((await chatInit(visitor, { chatId })).chat?.model).toBeNull();
  });

  it('falls back to the default when the saved pick is no longer offered', async () => {
    const visitor = await visitorCaller(app);
    const { chatId } = await newChat(visitor, { content: 'One', model: 'model-b' });
    await db.update(chats).set({ model: 'retired-model' }).where(eq(chats.id, chatId));
    await ask(visitor, { chatId, content: 'Two' });
    expect(modelAsked()).toBe('model-a');
  });

  it('refuses a model that is not offered with a 400 naming the choices, before anything is saved or asked', async () => {
    const visitor = await visitorCaller(app);
    const response = await ask(visitor, { content: 'Hi', model: 'gpt-9' });
    expect(response.statusCode).toBe(400);
    const message = 'The model "gpt-9" is not offered here; choose one of: model-a, model-b.';
    expect(response.json()).toMatchObject({ code: 400, msg: message, data: [{ path: 'model', message }] });
    expect((await savedChats(visitor.owner)).chats).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('what an agent allows', () => {
  it('fixes the model of an agent that names its own: nothing to pick, and another model is refused', async () => {
    const user = await userCaller();
    const agent = await createAgent(user.owner.userId!, { model: 'model-b' });
    expect((await chatInit(user, { appId: agent.id })).modelChoice).toEqual({ models: [], defaultModel: 'model-b' });

    const refused = await ask(user, { appId: agent.id, content: 'Hi', model: 'model-a' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('This agent always answers with model-b; its model cannot be changed.');

    await newChat(user, { appId: agent.id, content: 'Hi', model: 'model-b' });
    expect(modelAsked()).toBe('model-b');
  });

  it('lets the user pick any offered model for an agent that names none', async () => {
    const user = await userCaller();
    const agent = await createAgent(user.owner.userId!, { model: null });
    expect((await chatInit(user, { appId: agent.id })).modelChoice).toEqual({ models: ['model-a', 'model-b'], defaultModel: 'model-a' });
    const { chatId } = await newChat(user, { appId: agent.id, content: 'Hi', model: 'model-b' });
    expect(modelAsked()).toBe('model-b');
    expect((await chatInit(user, { appId: agent.id, chatId })).chat?.model).toBe('model-b');
  });
});

describe('with a single model', () => {
  it('offers nothing to pick, takes that model, and refuses another', async () => {
    const single = await buildTestApp({ LLM_BASE_URL: fake.url, LLM_MODELS: 'model-a' });
    const visitor = await visitorCaller(single);
    expect((await chatInit(visitor, {}, single)).modelChoice).toEqual({ models: [], defaultModel: 'model-a' });
    expect((await ask(visitor, { content: 'Hi', model: 'model-a' }, single)).statusCode).toBe(200);
    const refused = await ask(visitor, { content: 'Hi', model: 'model-b' }, single);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('No model can be chosen here; this chat answers with model-a.');
  });
});

describe('the chat history file', () => {
  it('carries the model picked for a chat out and back in', async () => {
    const visitor = await visitorCaller(app);
    await newChat(visitor, { content: 'Keep my model', model: 'model-b' });
    const exported = await app.inject({ url: `${visitor.prefix}${chatArchivePaths.export}`, headers: visitor.headers });
    const file = exported.json().data;
    expect(file.chats[0].model).toBe('model-b');

    const other = await visitorCaller(app);
    const imported = await post(app, other, chatArchivePaths.import, file);
    expect(imported.statusCode).toBe(200);
    expect((await savedChats(other.owner)).chats.map((chat) => chat.model)).toEqual(['model-b']);
  });
});
