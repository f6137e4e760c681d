import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminAgentPath, adminAgentsPaths, agentPaths, agentSharePaths, chatPaths } from '@parley/contracts';
import { users } from '../src/db/schema/index.js';
import { agentForm, createAgent } from './fixtures/agents.js';
import { picture, uploadImage } from './fixtures/images.js';
import { call, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { readStream } from './chat-stream-helpers.js';
import { startFakeModeration } from './fake-moderation.js';
import { buildTestApp, testDatabase } from './helper.js';
import { setBlockedKeywords } from './web-seeding.js';

const moderation = await startFakeModeration(['scam']);
afterAll(() => moderation.close());
/** A PNG with a tEXt chunk (keyword, text) put in before its image data, as image editors write them. */
function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from(`${keyword}\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const afterHeader = 8 + 25; // signature, IHDR
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

const app = await buildTestApp({
  VISITOR_TOKEN_RATE_LIMIT: '1000',
  MODERATION_BASE_URL: moderation.url,
  MODERATION_API_KEY: 'mod-key',
  MODERATION_MODEL: 'omni-moderation-latest',
});
const withImages = await buildTestApp({
  VISITOR_TOKEN_RATE_LIMIT: '1000',
  MODERATION_BASE_URL: moderation.url,
  MODERATION_CHECK_IMAGES: 'true',
});
const db = (await testDatabase()).handle.db;

async function operator(): Promise<Caller> {
  const caller = await signedInUser(db);
  await db.update(users).set({ isOperator: true }).where(eq(users.id, caller.owner.userId!));
  return caller;
}
const ops = await operator();
await setBlockedKeywords(db, ['赌博', 'Casino']);

describe('publishing to public runs the content check', () => {
  it('refuses words of the operator keyword list, naming the field and the word', async () => {
    const me = await signedInUser(db);
    const response = await call(app, me, 'POST', agentPaths.create, agentForm({
      visibility: 'public',
      name: '网上赌博助手',
      suggestedQuestions: ['Best CASINO bonus?', 'Fine question'],
    }));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(10007);
    expect(response.json().data).toEqual([
      { path: 'name', message: 'Contains a word that is not allowed in public agents: "赌博"', source: 'keywords', word: '赌博' },
      { path: 'suggestedQuestions.0', message: 'Contains a word that is not allowed in public agents: "Casino"', source: 'keywords', word: 'Casino' },
    ]);
    expect((await call(app, me, 'GET', agentPaths.mine)).json().data.list).toEqual([]);
  });

  it('matches Latin keywords as whole words only, and lets private agents through unchecked', async () => {
    const me = await signedInUser(db);
    const fine = await call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', intro: 'Casinos? No: occasional market notes' }));
    expect(fine.statusCode).toBe(200);
    const draft = await createAgent(app, me, { visibility: 'private', name: '赌博 notes' });
    const publish = await call(app, me, 'POST', agentPaths.update, { id: draft.id, ...agentForm({ name: '赌博 notes', visibility: 'public' }) });
    expect(publish.json().code).toBe(10007);
    expect((await call(app, me, 'GET', agentPaths.detail, { id: draft.id })).json().data.visibility).toBe('private');
  });

  it('asks the moderation service about every public text and refuses what it flags', async () => {
    const me = await signedInUser(db);
    moderation.requests.length = 0;
    const response = await call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', systemPrompt: 'Sell the scam coin to everyone.' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().data).toEqual([{ path: 'systemPrompt', message: 'Flagged by the content check (harassment)', source: 'moderation' }]);
    expect(moderation.requests).toEqual([
      {
        authorization: 'Bearer mod-key',
        body: {
          model: 'omni-moderation-latest',
          input: ['Leverage coach', 'Explains margin and leverage in plain words', 'Sell the scam coin to everyone.', 'Ask me about leverage.', 'What is margin?', 'How much leverage is safe?'],
        },
      },
    ]);
    const clean = await call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public' }));
    expect(clean.statusCode).toBe(200);
    expect(clean.json().data.publishedAt).not.toBeNull();
  });

  it('refuses to publish unchecked while the moderation service is down, and keeps saving private drafts', async () => {
    const me = await signedInUser(db);
    moderation.failWith(503);
    try {
      const response = await call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public' }));
      expect(response.statusCode).toBe(503);
      expect(response.json().msg).toMatch(/content check is unavailable/);
      expect((await call(app, me, 'POST', agentPaths.create, agentForm())).statusCode).toBe(200);
    } finally {
      moderation.failWith(null);
    }
  });
});

describe('the avatar in the content check', () => {
  it('leaves no text of its own in an uploaded avatar: words hidden in the file are dropped on upload, never served', async () => {
    const me = await signedInUser(db);
    const hidden = 'Casino night';
    const bytes = withPngText(await picture('png', 64, 64), 'Description', hidden);
    expect(bytes.includes(hidden)).toBe(true);
    const uploaded = await uploadImage(app, me, { bytes, name: 'casino.png', type: 'image/png' });
    const avatarUrl = uploaded.json().data.url;
    const served = await app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(hidden)).toBe(false);
    expect(served.rawPayload.includes('Casino')).toBe(false);
    // what would be published carries no such text, so the keyword check has nothing to refuse
    expect((await call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', avatarUrl }))).statusCode).toBe(200);
  });


  it('sends an uploaded avatar as an image input when image checks are on, and refuses a flagged one', async () => {
    const me = await signedInUser(db);
    const uploaded = await uploadImage(withImages, me, { bytes: await picture('png', 64, 64), name: 'a.png', type: 'image/png' });
    const avatarUrl = uploaded.json().data.url;
    moderation.requests.length = 0;
    moderation.flagImages(true);
    try {
      const refused = await call(withImages, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', avatarUrl }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().data).toEqual([
        { path: 'avatarUrl', message: 'This picture was flagged by the content check (violence)', source: 'moderation' },
      ]);
      expect(moderation.requests[1]?.body.input).toEqual([{ type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/webp;base64,/) } }]);
    } finally {
      moderation.flagImages(false);
    }
    expect((await call(withImages, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', avatarUrl }))).statusCode).toBe(200);
    // with image checks off (the default) only the texts are sent
    moderation.requests.length = 0;
    expect((await call(app, me, 'POST', agentPaths.create, agentForm({ visibility: 'public', avatarUrl }))).statusCode).toBe(200);
    expect(moderation.requests).toHaveLength(1);
  });
});

describe('an agent an operator hid', () => {
  it('is gone from discover, share links and new chats; the owner still sees it, marked', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner, { name: 'Hideable wombat', visibility: 'public' });
    const reader = await visitor(app);
    expect((await call(app, reader, 'GET', agentPaths.discover, { q: 'wombat' })).json().data.list).toHaveLength(1);
    const readersChat = await call(app, reader, 'POST', chatPaths.completions, { appId: agent.id, content: 'Before it was hidden' });
    expect(readStream(readersChat.body).done?.status).toBe('done');

    // the console's call: no one but an operator reaches it
    expect((await call(app, owner, 'POST', adminAgentPath(adminAgentsPaths.hide, agent.id), { reason: 'Mine' })).statusCode).toBe(404);
    const hidden = await call(app, ops, 'POST', adminAgentPath(adminAgentsPaths.hide, agent.id), { reason: 'Misleading claims' });
    expect(hidden.json().data).toMatchObject({ hidden: true, hiddenReason: 'Misleading claims' });

    expect((await call(app, reader, 'GET', agentPaths.discover, { q: 'wombat' })).json().data.list).toEqual([]);
    expect((await call(app, reader, 'GET', agentSharePaths.agent, { appId: agent.id })).statusCode).toBe(404);
    const asked = await call(app, reader, 'POST', chatPaths.completions, { appId: agent.id, content: 'hi' });
    expect(asked.json()).toMatchObject({ code: 10006, msg: 'An operator hid this agent, so it takes no new questions.' });
    const readerView = await call(app, reader, 'GET', chatPaths.chatInit, { appId: agent.id });
    expect(readerView.json().data.app).toMatchObject({ deleted: true, closedBecause: 'hidden', hiddenByOperator: false });
    const mine = (await call(app, owner, 'GET', agentPaths.mine)).json().data.list;
    expect(mine[0]).toMatchObject({ id: agent.id, hidden: true, hiddenReason: 'Misleading claims' });

    // its owner can still open it and chat with it, told that only they can
    const ownerView = await call(app, owner, 'GET', chatPaths.chatInit, { appId: agent.id });
    expect(ownerView.json().data.app).toMatchObject({ deleted: false, closedBecause: null, hiddenByOperator: true });
    const ownersQuestion = await call(app, owner, 'POST', chatPaths.completions, { appId: agent.id, content: 'Still working?' });
    expect(ownersQuestion.statusCode).toBe(200);
    expect(readStream(ownersQuestion.body).done?.status).toBe('done');
    const historyOf = async (caller: Caller) => (await call(app, caller, 'POST', chatPaths.getHistories, { appId: agent.id })).json().data.list;
    expect(await historyOf(owner)).toEqual([expect.objectContaining({ appId: agent.id, appDeleted: false })]);
    expect(await historyOf(reader)).toEqual([expect.objectContaining({ appId: agent.id, appDeleted: true })]);

    await call(app, ops, 'POST', adminAgentPath(adminAgentsPaths.restore, agent.id), {});
    expect((await call(app, reader, 'GET', agentPaths.discover, { q: 'wombat' })).json().data.list).toHaveLength(1);
  });
});
