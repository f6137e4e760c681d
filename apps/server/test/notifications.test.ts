import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminContentPaths, chatPaths, chatSharePaths, notificationPaths } from '@parley/contracts';
import { notifications, users } from '../src/db/schema/index.js';
import { post, signUp } from './account-helpers.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { agent, call, chatWithTurns, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { buildTestApp, testDatabase } from './helper.js';

const gateway = await startFakeSmsGateway();
afterAll(() => gateway.close());
const app = await buildTestApp({ SMS_SENDER: 'http', SMS_GATEWAY_URL: gateway.url, USAGE_NOTIFY_TOKENS: '50,1000000' });
const db = (await testDatabase()).handle.db;
const notify = app.services.notifications;

const list = (caller: Caller, query: Record<string, unknown> = {}) => call(app, caller, 'GET', notificationPaths.list, query);
const unread = async (caller: Caller) => (await call(app, caller, 'GET', notificationPaths.unreadCount)).json().data.count as number;

/**
 * An account with `count` messages, "Chat 0" the oldest. They are one microsecond apart, all in the
 * same millisecond: pages must neither skip nor repeat rows a JS Date could not tell apart.
 */
async function userWith(count: number) {
  const me = await signedInUser(db);
  const userId = me.owner.userId!;
  for (let i = 0; i < count; i += 1) {
    await notify.notify(userId, 'share_opened', { shareCode: `code-${i}`, title: `Chat ${i}` });
    await db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '1 hour' + ${i} * interval '1 microsecond'` })
      .where(and(eq(notifications.userId, userId), sql`${notifications.data}->>'title' = ${`Chat ${i}`}`));
  }
  return me;
}

describe('the messages page', () => {
  it('pages newest first with a cursor until nextCursor is null', async () => {
    const me = await userWith(5);
    const first = (await list(me, { limit: 2 })).json().data;
    expect(first.list.map((n: { data: { title: string } }) => n.data.title)).toEqual(['Chat 4', 'Chat 3']);
    expect(first.unread).toBe(5);
    const second = (await list(me, { limit: 2, cursor: first.nextCursor })).json().data;
    expect(second.list.map((n: { data: { title: string } }) => n.data.title)).toEqual(['Chat 2', 'Chat 1']);
    const last = (await list(me, { limit: 2, cursor: second.nextCursor })).json().data;
    expect(last.list.map((n: { data: { title: string } }) => n.data.title)).toEqual(['Chat 0']);
    expect(last.nextCursor).toBeNull();
    expect(last.list[0]).toMatchObject({ kind: 'share_opened', read: false, title: '', body: '' });
  });

  it('answers an empty page for a new account', async () => {
    const me = await signedInUser(db);
    expect((await list(me)).json().data).toEqual({ list: [], nextCursor: null, unread: 0 });
  });

  it('refuses a cursor it did not make, and a limit out of range', async () => {
    const me = await userWith(1);
    expect((await list(me, { cursor: 'bm90LWEtY3Vyc29y' })).json()).toMatchObject({ code: 400, data: [{ path: 'cursor' }] });
    expect((await list(me, { limit: 51 })).json().code).toBe(400);
  });

  it('marks one read, then all, and the unread count follows', async () => {
    const me = await userWith(3);
    expect(await unread(me)).toBe(3);
    const [newest] = (await list(me)).json().data.list;
    expect((await call(app, me, 'POST', notificationPaths.markRead, { id: newest.id })).json().data).toEqual({ count: 2 });
    expect((await list(me)).json().data.list[0].read).toBe(true);
    expect((await list(me, { unreadOnly: 'true' })).json().data.list).toHaveLength(2);
    expect((await call(app, me, 'POST', notificationPaths.markAllRead)).json().data).toEqual({ count: 0 });
    expect(await unread(me)).toBe(0);
  });

  it('never shows or marks another user’s notifications', async () => {
    const owner = await userWith(2);
    const stranger = await signedInUser(db);
    const [theirs] = (await list(owner)).json().data.list;
    expect((await list(stranger)).json().data.list).toEqual([]);
    const refused = await call(app, stranger, 'POST', notificationPaths.markRead, { id: theirs.id });
    expect(refused.statusCode).toBe(404);
    await call(app, stranger, 'POST', notificationPaths.markAllRead);
    const [row] = await db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row?.readAt).toBeNull();
    expect(await unread(owner)).toBe(2);
  });

  it('is for signed-in users only', async () => {
    const guest = await visitor(app);
    expect((await app.inject({ url: `/api/visitor${notificationPaths.list}`, headers: guest.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api${notificationPaths.unreadCount}` })).statusCode).toBe(401);
  });
});

describe('events that notify', () => {
  it('feedback on an answer of my agent, with the note; not my own feedback', async () => {
    const owner = await signedInUser(db);
    const myAgent = await agent(db, { ownerId: owner.owner.userId!, name: 'Pirate' });
    const rater = await signedInUser(db);
    const { chat, items } = await chatWithTurns(db, rater.owner, { appId: myAgent.id });
    const target = { appId: myAgent.id, chatId: chat.id, chatItemId: items[1]!.id };
    await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userBadFeedback: true, customFeedbacks: ['Wrong broker licence number'] });

    const [item] = (await list(owner)).json().data.list;
    expect(item).toMatchObject({
      kind: 'feedback',
      data: { appId: myAgent.id, appName: 'Pirate', chatItemId: items[1]!.id, rating: 'bad', note: 'Wrong broker licence number' },
    });

    // the same rating and note again are not news
    await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userBadFeedback: true, customFeedbacks: ['Wrong broker licence number'] });
    expect(await unread(owner)).toBe(1);
    await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userGoodFeedback: true });
    expect((await list(owner)).json().data.list[0]).toMatchObject({ kind: 'feedback', data: { rating: 'good', note: null } });
    await call(app, owner, 'POST', notificationPaths.markAllRead);

    const own = await chatWithTurns(db, owner.owner, { appId: myAgent.id });
    await call(app, owner, 'POST', chatPaths.updateUserFeedback, { appId: myAgent.id, chatId: own.chat.id, chatItemId: own.items[1]!.id, userGoodFeedback: true });
    expect(await unread(owner)).toBe(0);
  });

  it('one notification per rated answer, naming the exchange, brought up to date and unread again as the rating changes', async () => {
    const owner = await signedInUser(db);
    const myAgent = await agent(db, { ownerId: owner.owner.userId!, name: 'Tutor' });
    const rater = await signedInUser(db);
    const { chat, items } = await chatWithTurns(db, rater.owner, { appId: myAgent.id });
    const target = { appId: myAgent.id, chatId: chat.id, chatItemId: items[1]!.id };
    const feedbackOf = async () => (await list(owner)).json().data.list.filter((item: { kind: string }) => item.kind === 'feedback');

    // a thumbs-down, then its note: as the web sends them, two calls
    await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userBadFeedback: true });
    await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userBadFeedback: true, customFeedbacks: ['Too vague'] });
    const [first, ...more] = await feedbackOf();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ read: false, data: { rating: 'bad', note: 'Too vague', question: items[0]!.content, answer: items[1]!.content } });

    await call(app, owner, 'POST', notificationPaths.markAllRead);
    for (let i = 0; i < 6; i += 1) {
      await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userGoodFeedback: i % 2 === 0, userBadFeedback: false });
    }
    await call(app, rater, 'POST', chatPaths.updateUserFeedback, { ...target, userGoodFeedback: true });
    const [latest, ...others] = await feedbackOf();
    expect(others).toEqual([]);
    expect(latest).toMatchObject({ id: first.id, read: false, data: { rating: 'good' } });
    expect(await unread(owner)).toBe(1);
  });

  it('the first open of my share link by someone else, once', async () => {
    const owner = await signedInUser(db);
    const { chat } = await chatWithTurns(db, owner.owner, { appId: (await agent(db)).id, title: 'Broker question' });
    const { shareCode } = (await call(app, owner, 'POST', chatSharePaths.create, { chatId: chat.id })).json().data;
    await call(app, owner, 'GET', chatSharePaths.get, { shareCode });
    expect(await unread(owner)).toBe(0);
    const reader = await visitor(app);
    await call(app, reader, 'GET', chatSharePaths.get, { shareCode });
    await call(app, reader, 'GET', chatSharePaths.get, { shareCode });
    const page = (await list(owner)).json().data.list;
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ kind: 'share_opened', data: { shareCode, title: 'Broker question' } });
  });

  it('an operator announcement reaches every existing account once; accounts made later do not get old news', async () => {
    const first = await signedInUser(db);
    const second = await signedInUser(db);
    const posted = await notify.announce({ title: 'Maintenance tonight', body: 'Parley is down 02:00-02:30 UTC.' });
    const later = await signUp({ app, gateway });
    for (const caller of [first, second]) {
      expect(await unread(caller)).toBe(1);
      const page = (await list(caller)).json().data.list;
      expect(page).toEqual([
        expect.objectContaining({
          kind: 'announcement',
          title: 'Maintenance tonight',
          body: 'Parley is down 02:00-02:30 UTC.',
          data: { announcementId: posted.id },
          read: false,
        }),
      ]);
    }
    expect((await list(later.caller as Caller)).json().data.list).toEqual([]);
    await call(app, first, 'POST', notificationPaths.markAllRead);
    expect((await list(first)).json().data.list).toHaveLength(1);
    expect(await unread(first)).toBe(0);
    expect(await unread(second)).toBe(1);
  });

  it('an operator posts an announcement from the console; each reader gets it in their language when it was written in it', async () => {
    const operator = await signedInUser(db);
    await db.update(users).set({ isOperator: true }).where(eq(users.id, operator.owner.userId!));
    const reader = await signedInUser(db);
    const posted = await call(app, operator, 'POST', adminContentPaths.postAnnouncement, {
      title: 'New brokers listed',
      body: 'Forty brokers were added this week.',
      translations: {
        'zh-CN': { title: '新增经纪商', body: '本周新增了四十家经纪商。' },
        'es-ES': { title: 'Nuevos brókers', body: 'Esta semana se añadieron cuarenta brókers.' },
      },
    });
    expect(posted.json()).toMatchObject({ code: 0, data: { id: expect.any(String) } });
    const textIn = async (locale?: string) => {
      const [item] = (await list(reader, locale ? { locale } : {})).json().data.list;
      return { title: item.title, body: item.body };
    };
    expect(await textIn('zh-CN')).toEqual({ title: '新增经纪商', body: '本周新增了四十家经纪商。' });
    expect(await textIn('es-ES')).toEqual({ title: 'Nuevos brókers', body: 'Esta semana se añadieron cuarenta brókers.' });
    // a language the operator did not write in, or none asked for: the main text
    expect(await textIn('ko-KR')).toEqual({ title: 'New brokers listed', body: 'Forty brokers were added this week.' });
    expect(await textIn()).toEqual({ title: 'New brokers listed', body: 'Forty brokers were added this week.' });
    // still one message, whatever the language it was read in
    expect(await unread(reader)).toBe(1);
    expect((await list(reader, { locale: 'xx-YY' })).json()).toMatchObject({ code: 400, data: [{ path: 'locale' }] });
  });

  it('only operators post announcements (anyone else finds no such call), and an empty or unknown-language one is refused', async () => {
    const someone = await signedInUser(db);
    const refused = await call(app, someone, 'POST', adminContentPaths.postAnnouncement, { title: 'Free money', body: 'Click here.' });
    expect(refused.statusCode).toBe(404);
    expect(await unread(someone)).toBe(0);

    const operator = await signedInUser(db);
    await db.update(users).set({ isOperator: true }).where(eq(users.id, operator.owner.userId!));
    const empty = await call(app, operator, 'POST', adminContentPaths.postAnnouncement, { title: '  ', body: 'Body' });
    expect(empty.json()).toMatchObject({ code: 400, data: [{ path: 'title', message: 'Write a title' }] });
    const unknown = await call(app, operator, 'POST', adminContentPaths.postAnnouncement, { title: 'T', body: 'B', translations: { 'xx-YY': { title: 'T', body: 'B' } } });
    expect(unknown.json()).toMatchObject({ code: 400 });
  });

  it('monthly usage crossing a threshold, once per threshold', async () => {
    const me = await signUp({ app, gateway });
    const caller = me.caller as Caller;
    await post(app, '/api/core/chat/completions', { content: 'Tell me about forex regulation in detail' }, { headers: caller.headers });
    const usage = (await list(caller)).json().data.list.filter((n: { kind: string }) => n.kind === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0].data).toMatchObject({ threshold: 50, month: new Date().toISOString().slice(0, 7) });
    expect(usage[0].data.tokens).toBeGreaterThanOrEqual(50);
    await post(app, '/api/core/chat/completions', { content: 'And again please' }, { headers: caller.headers });
    expect((await list(caller)).json().data.list.filter((n: { kind: string }) => n.kind === 'usage')).toHaveLength(1);
  });

  it('an agent published or hidden, with the reason (called by the agents service)', async () => {
    const owner = await signedInUser(db);
    const userId = owner.owner.userId!;
    await notify.appPublished({ ownerUserId: userId, appId: 'a1', appName: 'Pirate' });
    await notify.appHidden({ ownerUserId: userId, appId: 'a1', appName: 'Pirate', reason: 'Advertises an unlicensed broker' });
    const page = (await list(owner)).json().data.list;
    expect(page.map((n: { kind: string; data: object }) => [n.kind, n.data])).toEqual([
      ['app_hidden', { appId: 'a1', appName: 'Pirate', reason: 'Advertises an unlicensed broker' }],
      ['app_published', { appId: 'a1', appName: 'Pirate' }],
    ]);
  });
});
