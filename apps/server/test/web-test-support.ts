/**
 * The one place where test code crosses between the apps. The web's component tests start the
 * real server through it (and seed it through its services, repos and test fixtures), and the
 * server's tests reach the web's code through it (the browser's decryption of ranking data).
 * No other file, test or not, imports from the other app: eslint.boundaries.web.js and
 * eslint.boundaries.server.js refuse it, and name this file as the only exception.
 *
 * A web test file imports it through apps/web/src/test/real-server.ts, which starts one server
 * per file and points the web's HTTP client and session at it.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { headers, type SmsPurpose } from '@parley/contracts';
import type { ServiceOverrides } from '../src/composition/services.js';
import type { Database } from '../src/db/client.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { signedInUser } from './fixtures/chats.js';
import { buildTestApp, newDeviceNumber, testDatabase, type ConfigOverrides } from './helper.js';
// the `pgliteTemplatePath` global-setup.ts provides (the web project runs that setup too)
import type {} from './global-setup.js';

// the web → server direction: what server tests check against the browser's own code
export { decryptData } from '../../web/src/lib/crypto/decrypt-data.js';

// the server → web direction: what web tests seed the server with
export * from './web-seeding.js';
export { newDeviceNumber, testDatabase, type ConfigOverrides } from './helper.js';
export type { ServiceOverrides } from '../src/composition/services.js';
export { newPhone } from './account-helpers.js';
export { agent, chat, items, officialApp } from './fixtures/chats.js';
export { broker, promo, ranking, type BrokerValues } from './fixtures/brokers.js';
// the knowledge processing job's own steps, for a test to move a seeded file on (addKnowledgeFile)
export { knowledgeRepo } from '../src/db/repos/knowledge-repo.js';
// the model service, as the server's own tests play it, for answers a test spells out
export { startFakeOpenAI, type FakeOpenAI } from './fake-openai/index.js';
// what answers add to an owner's tokens and messages of the day, as the chat records them
export { usageRepo } from '../src/db/repos/usage-repo.js';

/** One request the server received, as the web sent it. */
export interface SeenRequest {
  method: string;
  /** Without the query; a visitor's calls keep their /api/visitor prefix. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined for none (GET), for multipart uploads and for refused calls. */
  body: unknown;
}

/** A signed-in account with a live user token, made through the server's repos. */
export interface TestUser {
  userId: string;
  username: string;
  token: string;
}

/** A visitor token the server issued for a device id. */
export interface TestVisitor {
  visitorId: string;
  visitorToken: string;
  deviceId: string;
}

export interface WebTestServer {
  /** http://127.0.0.1:<port>, for the web's HTTP client. */
  url: string;
  app: FastifyInstance;
  db: Database;
  /** Every request received, oldest first; the web helper empties it before each test. */
  requests: SeenRequest[];
  /** A new account, signed in (a fresh name unless given). */
  newUser(username?: string): Promise<TestUser>;
  /** A new visitor on a device (a fresh one unless given). */
  newVisitor(deviceId?: string): Promise<TestVisitor>;
  /**
   * Holds the requests to `path` (as sent, without the query: `/api/...`) until the returned
   * function (safe to call twice) lets them go: the server sees them at once but starts on them
   * only then, so a screen's waiting state (an upload's progress bar) stays in view meanwhile.
   */
  hold(path: string): () => void;
  /**
   * The code the server last texted to `phone` (+86) for `purpose`, as its SMS gateway received
   * it; waits a moment for one, since reset codes go out after the answer.
   */
  smsCode(phone: string, purpose: SmsPurpose): Promise<string>;
  /**
   * Cuts the connections of the requests to `path` (as sent, without the query) still being
   * answered, as a dropped network does: the browser's read fails mid-response, and the server
   * sees its client go. Answers how many were cut.
   */
  cut(path: string): number;
  close(): Promise<void>;
}

/**
 * The real app (buildApp on the test file's migrated database: PGlite from the dump
 * global-setup.ts made, or PostgreSQL on TEST_DATABASE_URL) listening on a free loopback port.
 * It answers with the offline responder unless `overrides` name a model service, and texts its
 * SMS codes over HTTP to the local gateway the server's own account tests use
 * (fake-sms-gateway/), where `smsCode` reads them. `services` replaces parts the server's own
 * tests replace too (fetchesReachLoopback). Closed with the database after the file
 * (helper.ts), or earlier by `close`; the gateway closes with it.
 */
export async function startServerForWeb(overrides: ConfigOverrides = {}, services: ServiceOverrides = {}): Promise<WebTestServer> {
  const sms = await startFakeSmsGateway();
  let app: FastifyInstance;
  try {
    app = await outsideTheBrowser(() =>
      buildTestApp({ OFFLINE_STREAM_DELAY_MS: '0', SMS_SENDER: 'http', SMS_GATEWAY_URL: sms.url, ...overrides }, services),
    );
  } catch (error) {
    await sms.close();
    throw error;
  }
  app.addHook('onClose', () => sms.close());
  const db = (await testDatabase()).handle.db;
  const requests: SeenRequest[] = [];
  const byRaw = new WeakMap<IncomingMessage, SeenRequest>();
  // the requests whose response has not ended yet, for `cut`
  const answering = new Set<{ path: string; raw: IncomingMessage }>();

  // Recorded as Node hands the request over, before any hook can refuse it; fastify's own
  // listener reads the body, and preValidation adds it once parsed.
  app.server.prependListener('request', (raw: IncomingMessage, response: ServerResponse) => {
    const url = new URL(raw.url ?? '/', 'http://127.0.0.1');
    const seen: SeenRequest = { method: raw.method ?? '', path: url.pathname, query: url.searchParams, headers: raw.headers, body: undefined };
    requests.push(seen);
    byRaw.set(raw, seen);
    const open = { path: url.pathname, raw };
    answering.add(open);
    response.once('close', () => answering.delete(open));
  });
  app.addHook('preValidation', async (request) => {
    const seen = byRaw.get(request.raw);
    if (seen) seen.body = request.body;
  });

  // the requests a test holds (`hold`), by path: each waits in its first hook until let go
  const held = new Map<string, Promise<void>>();
  const releases = new Set<() => void>();
  app.addHook('onRequest', async (request) => {
    await held.get(request.url.split('?')[0]!);
  });
  const hold = (path: string) => {
    let resolve = () => {};
    const holding = new Promise<void>((done) => (resolve = done));
    held.set(path, holding);
    const release = () => {
      if (held.get(path) === holding) held.delete(path);
      releases.delete(release);
      resolve();
    };
    releases.add(release);
    return release;
  };
  // a request still held when the server closes is let go, not left waiting
  app.addHook('preClose', async () => {
    for (const release of [...releases]) release();
  });

  // Node does not count a connection the client opened and never sent on as idle, and its close
  // would wait for the headers timeout (a minute) on such a one; running answers have been ended
  // by the hooks before this one, and a test's server has nothing else to finish.
  app.addHook('preClose', async () => app.server.closeAllConnections());

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    requests,
    async newUser(username = `user_${newDeviceNumber().slice(0, 12)}`) {
      const caller = await signedInUser(db, username);
      const token = caller.headers[headers.authorization]!.replace(/^Bearer /, '');
      return { userId: caller.owner.userId!, username, token };
    },
    async newVisitor(deviceId = newDeviceNumber()) {
      const { visitorToken } = await app.services.visitors.issueToken(deviceId);
      const identity = await app.services.identity.authenticateVisitor(visitorToken, deviceId);
      return { visitorId: identity.visitorId, visitorToken, deviceId };
    },
    hold,
    smsCode: (phone, purpose) =>
      vi.waitFor(
        () => {
          const message = sms.messages.findLast((sent) => sent.phone === phone && sent.purpose === purpose);
          if (!message) throw new Error(`the server texted no ${purpose} code to ${phone}`);
          return message.code;
        },
        { timeout: 5000, interval: 20 },
      ),
    cut(path) {
      const cutting = [...answering].filter((open) => open.path === path);
      for (const { raw } of cutting) raw.socket.destroy();
      return cutting.length;
    },
    close: () => app.close(),
  };
}

/**
 * The OpenAI SDK will not start where it sees a browser (window, document and navigator), and
 * jsdom is one to it; the server builds its model clients once, as it starts, so jsdom's
 * navigator is out of sight for that long. The server itself runs in Node all along.
 */
async function outsideTheBrowser<T>(start: () => Promise<T>): Promise<T> {
  const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  if (navigator?.configurable) Reflect.deleteProperty(globalThis, 'navigator');
  try {
    return await start();
  } finally {
    if (navigator?.configurable) Object.defineProperty(globalThis, 'navigator', navigator);
  }
}
