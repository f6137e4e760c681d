import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatPaths, widgetLimits, widgetPaths } from '@parley/contracts';
import { apps, chats } from '../src/db/schema/index.js';
import { createAgent } from './fixtures/agents.js';
import { call, signedInUser, visitor, type Caller } from './fixtures/chats.js';
import { readStream } from './chat-stream-helpers.js';
import { buildTestApp, testDatabase } from './helper.js';

const app = await buildTestApp({ VISITOR_TOKEN_RATE_LIMIT: '1000', OFFLINE_STREAM_DELAY_MS: '0' });
const db = (await testDatabase()).handle.db;

const shop = 'https://shop.example.com';
const localTry = 'http://localhost:5173';

async function agentWithWidget(visibility: 'private' | 'unlisted' | 'public', origins = [shop]) {
  const owner = await signedInUser(db);
  const agent = await createAgent(app, owner, { visibility, name: `Widget ${visibility}` });
  if (origins.length > 0) {
    const saved = await call(app, owner, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins });
    expect(saved.statusCode).toBe(200);
  }
  return { owner, agent };
}

function config(appId: string, origin?: string) {
  return app.inject({ url: widgetPaths.config, query: { appId }, headers: origin ? { origin } : {} });
}

function ask(caller: Caller, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `${caller.prefix}${chatPaths.completions}`, headers: caller.headers, payload: body });
}

describe("an agent's allowed websites", () => {
  it('are read and replaced by its owner, in canonical form', async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner);
    const empty = await call(app, owner, 'GET', widgetPaths.settings, { appId: agent.id });
    expect(empty.json().data).toEqual({ appId: agent.id, origins: [], visibility: 'private' });

    const saved = await call(app, owner, 'POST', widgetPaths.saveOrigins, {
      appId: agent.id,
      origins: [' HTTPS://Shop.Example.com/ ', 'https://example.org:443', localTry, 'http://127.0.0.1:8080', 'https://example.net:8443'],
    });
    expect(saved.statusCode).toBe(200);
    const origins = [shop, 'https://example.org', localTry, 'http://127.0.0.1:8080', 'https://example.net:8443'];
    expect(saved.json().data.origins).toEqual(origins);
    expect((await call(app, owner, 'GET', widgetPaths.settings, { appId: agent.id })).json().data.origins).toEqual(origins);

    // an empty list turns the widget off
    const cleared = await call(app, owner, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: [] });
    expect(cleared.json().data.origins).toEqual([]);
  });

  it("are nobody else's: another user and an unknown agent get not found, a visitor is asked to log in", async () => {
    const { agent } = await agentWithWidget('public');
    const stranger = await signedInUser(db);
    for (const response of [
      await call(app, stranger, 'GET', widgetPaths.settings, { appId: agent.id }),
      await call(app, stranger, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: ['https://evil.example'] }),
      await call(app, stranger, 'GET', widgetPaths.settings, { appId: crypto.randomUUID() }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10001);
    }
    const guest = await visitor(app);
    const asked = await call(app, guest, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: [] });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe(10009);
    expect((await config(agent.id)).json().data.origins).toEqual([shop]);
  });

  it.each([
    ['https://shop.example.com/store', 'without a path'],
    ['https://shop.example.com?ref=1', 'without a path, query'],
    ['http://shop.example.com', 'Use https://'],
    ['https://*.example.com', 'Wildcards'],
    ['ftp://example.com', 'Only https://'],
    ['shop.example.com', 'not a website address'],
    ['https://10.0.0.999', 'not a website address'],
    ['https://user:pw@example.com', 'user name and password'],
  ])('refuse %s, saying what to change', async (origin, says) => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner);
    const response = await call(app, owner, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: [shop, origin] });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
    expect(response.json().msg).toContain(says);
    expect((await call(app, owner, 'GET', widgetPaths.settings, { appId: agent.id })).json().data.origins).toEqual([]);
  });

  it(`refuse more than ${widgetLimits.originsMax} websites, and keep one written twice once`, async () => {
    const owner = await signedInUser(db);
    const agent = await createAgent(app, owner);
    const many = Array.from({ length: widgetLimits.originsMax + 1 }, (_, index) => `https://site${index}.example.com`);
    const tooMany = await call(app, owner, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain(`At most ${widgetLimits.originsMax} websites`);
    const twice = await call(app, owner, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: [shop, 'https://SHOP.example.com/'] });
    expect(twice.json().data.origins).toEqual([shop]);
  });
});

describe("the widget's config", () => {
  it('answers a listed website with CORS, and Parley itself without', async () => {
    const { agent } = await agentWithWidget('unlisted', [shop, localTry]);
    const listed = await config(agent.id, localTry);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(localTry);
    expect(listed.headers.vary).toContain('Origin');
    expect(listed.json().data).toMatchObject({ app: { id: agent.id, name: 'Widget unlisted', openingMessage: 'Ask me about leverage.' }, origins: [shop, localTry] });
    expect(listed.body).not.toContain('patient forex tutor');

    const own = await config(agent.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses another website without CORS, and an agent with no widget', async () => {
    const { agent } = await agentWithWidget('public');
    const refused = await config(agent.id, 'http://localhost:9999');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(10012);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const { agent: without } = await agentWithWidget('public', []);
    expect((await config(without.id, shop)).statusCode).toBe(404);
    await db.update(apps).set({ hiddenAt: new Date(), hiddenReason: 'test' }).where(eq(apps.id, agent.id));
    expect((await config(agent.id, shop)).statusCode).toBe(404);
  });
});

describe('the panel page', () => {
  it("may be framed by the agent's websites only", async () => {
    const { agent } = await agentWithWidget('private', [shop, localTry]);
    const page = await app.inject({ url: `/widget/${agent.id}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${shop} ${localTry}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('may be framed nowhere when the agent has no widget, is unknown or the id is not one', async () => {
    const { agent } = await agentWithWidget('public', []);
    for (const id of [agent.id, crypto.randomUUID(), 'not-an-id']) {
      const page = await app.inject({ url: `/widget/${id}`, headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
    // every other page keeps refusing frames
    const home = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('chats through the widget', () => {
  it('reach a private agent while it has a website, and are marked as widget chats', async () => {
    const { agent, owner } = await agentWithWidget('private');
    const guest = await visitor(app);
    expect((await ask(guest, { appId: agent.id, content: 'Hello?' })).statusCode).toBe(404);

    const answered = await ask(guest, { appId: agent.id, content: 'Hello?', channel: 'widget' });
    expect(answered.statusCode).toBe(200);
    const { start, done } = readStream(answered.body);
    expect(done).toBeDefined();
    const [row] = await db.select().from(chats).where(eq(chats.id, start!.chatId));
    expect(row).toMatchObject({ channel: 'widget', appId: agent.id, visitorId: guest.owner.visitorId });

    // the chat keeps its channel; once the owner lists no website it takes no more questions
    expect((await ask(guest, { chatId: start!.chatId, content: 'And then?' })).statusCode).toBe(200);
    await call(app, owner, 'POST', widgetPaths.saveOrigins, { appId: agent.id, origins: [] });
    const closed = await ask(guest, { chatId: start!.chatId, content: 'Still there?' });
    expect(closed.statusCode).toBe(410);
    expect(closed.json().code).toBe(10006);
  });

  it('are refused for an agent with no widget, and other channels are stored as asked', async () => {
    const { agent } = await agentWithWidget('public', []);
    const guest = await visitor(app);
    const refused = await ask(guest, { appId: agent.id, content: 'Hi', channel: 'widget' });
    expect(refused.statusCode).toBe(410);

    const shared = readStream((await ask(guest, { appId: agent.id, content: 'Hi', channel: 'share' })).body);
    const [row] = await db.select().from(chats).where(eq(chats.id, shared.start!.chatId));
    expect(row?.channel).toBe('share');
    expect((await ask(guest, { appId: agent.id, content: 'Hi', channel: 'api' })).statusCode).toBe(400);
  });
});
