import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatPaths, notificationPaths } from '@parley/contracts';
import { conversationShares, usageLedger, visitors } from '../src/db/schema/index.js';
import { usageRepo } from '../src/db/repos/usage-repo.js';
import { newPhone, post, requestCode } from './account-helpers.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { agent, call, chatWithTurns, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const gateway = await startFakeSmsGateway();
afterAll(() => gateway.close());
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url, VISITOR_TOKEN_RATE_LIMIT: '1000' });
const kit = { app, gateway };
const db = (await testDatabase()).handle.db;

/** Signs in as the client does while holding a visitor token: under /api/visitor, with its headers. */
async function signInAs(guest: Caller, phone = newPhone()) {
  const smsCode = await requestCode(kit, phone, 'login', { prefix: '/api/visitor', headers: guest.headers });
  const response = await post(app, '/api/visitor/login/sms', { mobile: phone, smsCode }, { headers: guest.headers });
  const data = response.json().data;
  const user: Caller = { kind: 'user', prefix: '/api', headers: { authorization: `Bearer ${data.token}` }, owner: { userId: data.user.id, visitorId: null } };
  return { data, user, phone };
}

async function visitorWithActivity() {
  const guest = await visitor(app);
  const pirate = await agent(db);
  const { chat, items } = await chatWithTurns(db, guest.owner, { appId: pirate.id, title: 'Visitor chat' });
  await call(app, guest, 'POST', chatPaths.updateUserFeedback, {
    appId: pirate.id,
    chatId: chat.id,
    chatItemId: items[1]?.id,
    userGoodFeedback: true,
    customFeedbacks: ['Helpful'],
  });
  const share = await call(app, guest, 'POST', '/core/chat/share/create', { chatId: chat.id });
  await usageRepo(db).record(guest.owner, { model: 'offline', promptTokens: 10, completionTokens: 20, messages: 2 });
  return { guest, pirate, chat, shareCode: share.json().data.shareCode as string };
}

const historyOf = async (caller: Caller, appId: string) =>
  (await call(app, caller, 'POST', chatPaths.getHistories, { appId, pageNum: 1 })).json().data.list as { chatId: string }[];

describe('a visitor who signs in', () => {
  it('keeps their chats, feedback, shares and usage in the new account', async () => {
    const { guest, pirate, chat, shareCode } = await visitorWithActivity();
    const { data, user } = await signInAs(guest);
    expect(data).toMatchObject({ created: true, mergedVisitor: true });

    expect((await historyOf(user, pirate.id)).map((entry) => entry.chatId)).toEqual([chat.id]);
    const opened = await call(app, user, 'GET', chatPaths.chatInit, { appId: pirate.id, chatId: chat.id });
    expect(opened.json().data.items[1]).toMatchObject({ userGoodFeedback: true, customFeedbacks: ['Helpful'] });
    const shares = await call(app, user, 'GET', '/core/chat/share/list');
    expect(shares.json().data.list.map((s: { shareCode: string }) => s.shareCode)).toEqual([shareCode]);
    expect(await usageRepo(db).messagesToday(user.owner)).toBe(2);
    expect(await db.select().from(usageLedger).where(eq(usageLedger.visitorId, guest.owner.visitorId!))).toEqual([]);

    // the visitor token now owns nothing
    expect(await historyOf(guest, pirate.id)).toEqual([]);
    const [row] = await db.select().from(visitors).where(eq(visitors.id, guest.owner.visitorId!));
    expect(row?.mergedIntoUserId).toBe(user.owner.userId);
  });

  it('moves only their own data: another visitor’s chats stay where they are', async () => {
    const mine = await visitorWithActivity();
    const theirs = await visitorWithActivity();
    const { user } = await signInAs(mine.guest);
    expect((await historyOf(user, theirs.pirate.id))).toEqual([]);
    expect((await historyOf(theirs.guest, theirs.pirate.id)).map((entry) => entry.chatId)).toEqual([theirs.chat.id]);
    const [share] = await db.select().from(conversationShares).where(eq(conversationShares.shareCode, theirs.shareCode));
    expect(share).toMatchObject({ visitorId: theirs.guest.owner.visitorId, userId: null });
  });

  it('moves things once: signing in again with the same visitor token moves nothing more', async () => {
    const { guest, pirate } = await visitorWithActivity();
    const first = await signInAs(guest);
    const phone = newPhone();
    const second = await signInAs(guest, phone);
    expect(second.data.mergedVisitor).toBe(false);
    expect(await historyOf(second.user, pirate.id)).toEqual([]);
    expect(await historyOf(first.user, pirate.id)).toHaveLength(1);
  });

  it('moves nothing for a visitor token that is not valid or not bound to the device', async () => {
    const { guest, pirate } = await visitorWithActivity();
    const forged = { ...guest, headers: { ...guest.headers, 'x-parley-visitor-token': 'A'.repeat(43) } };
    const wrongDevice = { ...guest, headers: { ...guest.headers, 'x-parley-device': '1'.repeat(24) } };
    for (const caller of [forged, wrongDevice]) {
      const { data, user } = await signInAs(caller);
      expect(data.mergedVisitor).toBe(false);
      expect(await historyOf(user, pirate.id)).toEqual([]);
    }
    expect(await historyOf(guest, pirate.id)).toHaveLength(1);
  });

  it('who had used most of the visitor quota today gets a message that the account has no daily cap', async () => {
    const { guest } = await visitorWithActivity();
    await usageRepo(db).record(guest.owner, { model: 'offline', promptTokens: 0, completionTokens: 0, messages: 40 });
    const { user } = await signInAs(guest);
    const page = (await call(app, user, 'GET', notificationPaths.list)).json().data.list;
    expect(page).toEqual([expect.objectContaining({ kind: 'quota', data: { used: 42, limit: 50, percent: 84 } })]);

    const light = await visitorWithActivity();
    const signedIn = await signInAs(light.guest);
    expect((await call(app, signedIn.user, 'GET', notificationPaths.list)).json().data.list).toEqual([]);
  });
});
