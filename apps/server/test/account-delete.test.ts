import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatPaths } from '@parley/contracts';
import {
  apps,
  appShares,
  authTokens,
  chats,
  conversationShares,
  images,
  knowledgeChunks,
  knowledgeFiles,
  notifications,
  prompts,
  usageLedger,
  users,
  userSettings,
} from '../src/db/schema/index.js';
import { usageRepo } from '../src/db/repos/usage-repo.js';
import { allowResend, anotherSession, authHeaders, post, requestCode, signUp } from './account-helpers.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { agent, call, chatWithTurns, signedInUser, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const gateway = await startFakeSmsGateway();
afterAll(() => gateway.close());
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url });
const kit = { app, gateway };
const db = (await testDatabase()).handle.db;

const deleteAccount = (token: string, body: object) => post(app, '/api/user/delete', body, { headers: authHeaders(token) });

/** An account that owns one of everything, and a stranger who chats with its agent. */
async function busyAccount() {
  const account = await signUp(kit);
  const me: Caller = { kind: 'user', prefix: '/api', headers: authHeaders(account.token), owner: { userId: account.userId, visitorId: null } };
  const userId = account.userId;
  const myAgent = await agent(db, { ownerId: userId, name: 'My agent', systemPrompt: 'secret persona' });
  const [file] = await db
    .insert(knowledgeFiles)
    .values({ appId: myAgent.id, name: 'notes.txt', mime: 'text/plain', size: 5, sha256: 'x', bytes: Buffer.from('notes') })
    .returning();
  await db.insert(knowledgeChunks).values({ appId: myAgent.id, fileId: file!.id, content: 'private knowledge' });
  await db.insert(appShares).values({ appId: myAgent.id, shareNum: `n${userId.slice(0, 8)}` });

  const otherAgent = await agent(db, { ownerId: (await signedInUser(db)).owner.userId! });
  const mine = await chatWithTurns(db, me.owner, { appId: otherAgent.id });
  await call(app, me, 'POST', chatPaths.updateUserFeedback, { appId: otherAgent.id, chatId: mine.chat.id, chatItemId: mine.items[1]?.id, userGoodFeedback: true });
  await call(app, me, 'POST', '/core/chat/share/create', { chatId: mine.chat.id });
  await db.insert(notifications).values({ userId, kind: 'usage', title: '', data: {} });
  await db.insert(prompts).values({ userId, title: 'Mine', content: 'My prompt' });
  await db.insert(userSettings).values({ userId, settings: { theme: 'dark' } });
  await db.insert(images).values({ ownerId: userId, purpose: 'user_avatar', mime: 'image/png', width: 1, height: 1, size: 1, sha256: 'x', bytes: Buffer.from('x') });
  await usageRepo(db).record(me.owner, { model: 'offline', promptTokens: 1, completionTokens: 1, messages: 1 });

  const stranger = await signedInUser(db);
  const theirs = await chatWithTurns(db, stranger.owner, { appId: myAgent.id });
  return { ...account, me, myAgent, otherAgent, stranger, theirs };
}

async function deletionCode(account: { phone: string; token: string }) {
  return requestCode(kit, account.phone, 'delete_account', { headers: authHeaders(account.token) });
}

describe('deleting an account', () => {
  it('needs the username typed out exactly and a delete code, and changes nothing otherwise', async () => {
    const account = await signUp(kit);
    const smsCode = await deletionCode(account);
    const mistyped = await deleteAccount(account.token, { smsCode, confirmText: account.data.user.username.toUpperCase() });
    expect(mistyped.json()).toMatchObject({ code: 400, data: [{ path: 'confirmText' }] });
    const wrongCode = smsCode === '000000' ? '111111' : '000000';
    expect((await deleteAccount(account.token, { smsCode: wrongCode, confirmText: account.data.user.username })).json().code).toBe(10101);
    await allowResend(account.phone);
    const loginCode = await requestCode(kit, account.phone, 'login');
    // a code for another purpose is just a wrong code here
    const otherPurpose = await deleteAccount(account.token, { smsCode: loginCode, confirmText: account.data.user.username });
    if (loginCode !== smsCode) expect(otherPurpose.json()).toMatchObject({ code: 10101, data: { attemptsLeft: 3 } });
    expect((await app.inject({ url: '/api/user/profile', headers: authHeaders(account.token) })).json().code).toBe(0);
  });

  it('removes everything the account owns in one go and ends every session', async () => {
    const account = await busyAccount();
    const otherDevice = await anotherSession(kit, account.phone);
    const goodBefore = (await db.select().from(apps).where(eq(apps.id, account.otherAgent.id)))[0]!.goodCount;
    expect(goodBefore).toBe(1);

    const smsCode = await deletionCode(account);
    const response = await deleteAccount(account.token, { smsCode, confirmText: account.data.user.username });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: null });

    const userId = account.userId;
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    for (const [table, rows] of Object.entries({
      authTokens: await db.select().from(authTokens).where(eq(authTokens.userId, userId)),
      chats: await db.select().from(chats).where(eq(chats.userId, userId)),
      conversationShares: await db.select().from(conversationShares).where(eq(conversationShares.userId, userId)),
      notifications: await db.select().from(notifications).where(eq(notifications.userId, userId)),
      prompts: await db.select().from(prompts).where(eq(prompts.userId, userId)),
      userSettings: await db.select().from(userSettings).where(eq(userSettings.userId, userId)),
      images: await db.select().from(images).where(eq(images.ownerId, userId)),
      usage: await db.select().from(usageLedger).where(eq(usageLedger.userId, userId)),
      apps: await db.select().from(apps).where(eq(apps.ownerId, userId)),
      knowledgeFiles: await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.appId, account.myAgent.id)),
      knowledgeChunks: await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.appId, account.myAgent.id)),
      appShares: await db.select().from(appShares).where(eq(appShares.appId, account.myAgent.id)),
    })) {
      expect({ table, rows }).toEqual({ table, rows: [] });
    }

    // the agent stays as an ownerless, deleted shell so the stranger's chat with it still reads
    const [shell] = await db.select().from(apps).where(eq(apps.id, account.myAgent.id));
    expect(shell).toMatchObject({ ownerId: null, systemPrompt: '', visibility: 'private' });
    expect(shell?.deletedAt).toBeInstanceOf(Date);
    const theirChat = await call(app, account.stranger, 'GET', chatPaths.chatInit, { appId: account.myAgent.id, chatId: account.theirs.chat.id });
    expect(theirChat.json()).toMatchObject({ code: 0, data: { app: { deleted: true } } });
    // the thumbs the account gave leave the other agent's counts
    expect((await db.select().from(apps).where(eq(apps.id, account.otherAgent.id)))[0]!.goodCount).toBe(0);

    for (const token of [account.token, otherDevice]) {
      expect((await app.inject({ url: '/api/identity', headers: authHeaders(token) })).json().code).toBe(60000);
    }
  });

  it('frees the phone: signing in with it later makes a new, empty account', async () => {
    const account = await busyAccount();
    await deleteAccount(account.token, { smsCode: await deletionCode(account), confirmText: account.data.user.username });
    await allowResend(account.phone);
    const again = await signUp(kit, { phone: account.phone });
    expect(again.data.created).toBe(true);
    expect(again.userId).not.toBe(account.userId);
    const owned = await db.select({ n: sql<number>`count(*)::int` }).from(chats).where(eq(chats.userId, again.userId));
    expect(owned[0]?.n).toBe(0);
  });
});
