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
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, vi } from 'vitest';
import {
  createAgentRequest,
  headers,
  smsLimits,
  type AgentDetail,
  type AgentInput,
  type KnowledgeFileStatus,
  type KnowledgeFileType,
  type KnowledgeProblem,
  type SitePageSlug,
  type SmsPurpose,
} from '@parley/contracts';
import type { ServiceOverrides } from '../src/composition/services.js';
import type { Database } from '../src/db/client.js';
import { accountRepo } from '../src/db/repos/account-repo.js';
import { knowledgeRepo, type KnowledgeFileRow } from '../src/db/repos/knowledge-repo.js';
import { unansweredRepo } from '../src/db/repos/unanswered-repo.js';
import { blockedKeywordsKey, siteSettingsRepo } from '../src/db/repos/site-settings-repo.js';
import { ads, apps, brokers, knowledgeFiles, smsCodes } from '../src/db/schema/index.js';
import { estimateTokens } from '../src/knowledge/chunk.js';
import { mimeOfType } from '../src/knowledge/detect-type.js';
import { isPublicAddress } from '../src/platform/address-policy.js';
import { hashPassword, verifyPassword } from '../src/services/accounts/password-hash.js';
import { startFakeSmsGateway } from './fake-sms-gateway/index.js';
import { agentForm } from './fixtures/agents.js';
import { ranking, type BrokerValues } from './fixtures/brokers.js';
import { signedInUser } from './fixtures/chats.js';
import { buildTestApp, newDeviceNumber, testDatabase, type ConfigOverrides } from './helper.js';
// the `pgliteTemplatePath` global-setup.ts provides (the web project runs that setup too)
import type {} from './global-setup.js';

// the web → server direction: what server tests check against the browser's own code
export { decryptData } from '../../web/src/lib/crypto/decrypt-data.js';

// the server → web direction: what web tests seed the server with
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

/**
 * For startServerForWeb's `services`: the links the server fetches for a user (a prompt list's
 * URL) may also lead to 127.0.0.1, where a test's stand-in for a site on the web listens. The
 * real policy refuses loopback addresses, as the server's prompt-import tests show; this is the
 * policy those tests allow their own list server with.
 */
export const fetchesReachLoopback: ServiceOverrides = {
  addressPolicy: (address) => address === '127.0.0.1' || isPublicAddress(address),
};

/** The operator's site pages of a test file (siteContent). */
export interface SiteContent {
  /** For SITE_CONTENT_DIR. */
  dir: string;
  /** The operator's page for `slug` in `locale`, served in place of the bundled one from the next request on. */
  write(slug: SitePageSlug, locale: string, markdown: string): Promise<void>;
  /**
   * Makes the page's file unreadable (a folder takes its place, the file set aside) until the
   * returned function (safe to call twice) puts it back: the server answers 500 for the page
   * meanwhile, as for a disk in trouble.
   */
  breakPage(slug: SitePageSlug, locale: string): Promise<() => Promise<void>>;
}

/**
 * A content folder of the file's own for the operator-edited site pages, empty at first (every
 * page is the bundled one) and removed after the file: start the server with its `dir` as
 * SITE_CONTENT_DIR. Called where the test file starts its server, so the folder is there first.
 */
export function siteContent(): SiteContent {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-web-content-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const fileOf = (slug: SitePageSlug, locale: string) => path.join(dir, slug, `${locale}.md`);
  return {
    dir,
    async write(slug, locale, markdown) {
      await mkdir(path.join(dir, slug), { recursive: true });
      await writeFile(fileOf(slug, locale), markdown);
    },
    async breakPage(slug, locale) {
      const file = fileOf(slug, locale);
      const aside = `${file}.set-aside-by-test`;
      await mkdir(path.join(dir, slug), { recursive: true });
      // a page never written has no file to set aside
      const hadFile = await rename(file, aside).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      await mkdir(file);
      let restored = false;
      return async () => {
        if (restored) return;
        restored = true;
        await rm(file, { recursive: true, force: true });
        if (hadFile) await rename(aside, file);
      };
    },
  };
}

/**
 * Brokers, their rankings and the promo banners belong to the site, not to a user: a test that
 * seeds them starts from none.
 */
export async function clearBrokerData(db: Database): Promise<void> {
  await db.delete(ads);
  // rankings go with their brokers
  await db.delete(brokers);
}

/**
 * An agent of `userId` made by the server's agent service from the create form (fixtures/agents.ts
 * with `overrides`), read by the contract as the create call reads it: indexed for search, and
 * checked before publishing.
 */
export function makeAgent(app: FastifyInstance, userId: string, overrides: Partial<AgentInput> = {}): Promise<AgentDetail> {
  return app.services.agents.create({ userId, visitorId: null }, createAgentRequest.parse(agentForm(overrides)));
}

/**
 * Gives an account a phone number (+86) and, when `password` is named, that password, hashed as
 * the server hashes it: the account someone has after signing up by SMS and setting a password.
 */
export async function givePhone(db: Database, userId: string, mobile: string, password?: string): Promise<void> {
  const passwordHash = password === undefined ? null : await hashPassword(password);
  await accountRepo(db).update(userId, { areaCode: '86', mobile, passwordHash });
}

/** Whether `password` is the account's password now, checked as signing in by password checks it. */
export async function passwordIs(db: Database, userId: string, password: string): Promise<boolean> {
  const passwordHash = (await accountRepo(db).findById(userId))?.passwordHash;
  return passwordHash ? verifyPassword(password, passwordHash) : false;
}

/**
 * The phone (+86) has been sent its hourly allowance of login codes (smsLimits.perPhonePerHour)
 * from another network, the last a few minutes ago: the server refuses its next code as
 * RATE_LIMITED, and the test's own network keeps its allowance.
 */
export async function spendHourlyCodes(db: Database, phone: string): Promise<void> {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const sent = Array.from({ length: smsLimits.perPhonePerHour }, (_, index) => ({
    areaCode: '86',
    phone,
    purpose: 'login' as const,
    codeHash: '0'.repeat(64),
    ip: '10.0.0.1',
    createdAt: minutesAgo(5 + index),
    expiresAt: minutesAgo(index),
  }));
  await db.insert(smsCodes).values(sent);
}

/** The words operators keep out of public agents (a site setting); [] lifts the list. */
export async function setBlockedKeywords(db: Database, keywords: string[]): Promise<void> {
  await siteSettingsRepo(db).set(blockedKeywordsKey, keywords);
}

/** Discover lists every public agent of the site: a test that looks at it retires the agents before it (as deleted). */
export async function retireAllAgents(db: Database): Promise<void> {
  await db.update(apps).set({ deletedAt: new Date() }).where(eq(apps.isOfficial, false));
}

/** Brokers placed 1, 2, 3 ... in a category's ranking snapshot of `asOf`, inserted at once. */
export async function rankedBrokers(db: Database, category: 0 | 1 | 3 | 4, asOf: string, values: BrokerValues[]) {
  const rows = await db.insert(brokers).values(values).returning();
  await ranking(db, category, asOf, rows);
  return rows;
}

/**
 * Makes the server's queries on `table` fail, as a database in trouble does, until the returned
 * function (safe to call twice) puts it back; it is renamed away meanwhile. The real server then
 * answers 500, for the screens that must cope with that.
 */
export async function breakTable(db: Database, table: string): Promise<() => Promise<void>> {
  const hidden = `${table}_hidden_by_test`;
  await db.execute(sql.raw(`alter table "${table}" rename to "${hidden}"`));
  let restored = false;
  return async () => {
    if (restored) return;
    restored = true;
    await db.execute(sql.raw(`alter table "${hidden}" rename to "${table}"`));
  };
}

/** A knowledge file as addKnowledgeFile stores it: queued at 0% unless said. */
export interface KnowledgeFileSeed {
  /** Its type is the extension's (pdf, docx, txt, md, csv, html), txt for any other. */
  name: string;
  status?: KnowledgeFileStatus;
  /** 100 for a ready file unless said, else 0. */
  progress?: number;
  /** Why it failed, in English. */
  error?: string;
  /** The same as a code with its figures: any code, as a newer server sharing the database may have stored one. */
  problem?: KnowledgeProblem;
}

/**
 * A file of the agent's knowledge, stored as an upload stores it (its name's text as the bytes)
 * but with no processing job: it stays as seeded until the test moves it on through
 * knowledgeRepo (startProcessing, setProgress, finish, fail), as the job would.
 */
export async function addKnowledgeFile(db: Database, appId: string, seed: KnowledgeFileSeed): Promise<KnowledgeFileRow> {
  const bytes = Buffer.from(seed.name);
  const status = seed.status ?? 'queued';
  const extension = seed.name.split('.').pop() as KnowledgeFileType;
  const [row] = await db
    .insert(knowledgeFiles)
    .values({
      appId,
      name: seed.name,
      mime: mimeOfType[extension] ?? mimeOfType.txt,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      status,
      progress: seed.progress ?? (status === 'ready' ? 100 : 0),
      error: seed.error ?? null,
      errorCode: seed.problem?.code ?? null,
      errorParams: seed.problem?.params ?? null,
      processedAt: status === 'ready' || status === 'failed' ? new Date() : null,
    })
    .returning();
  const { bytes: _bytes, ...file } = row!;
  return file;
}

/** A passage of a file, as the processing job cuts it from a section. */
export interface PassageSeed {
  content: string;
  heading?: string;
  page?: number;
}

/**
 * A ready file of the agent holding `passages` in order, indexed through the processing job's
 * own steps: a file from addKnowledgeFile, its processing started, its chunks inserted and put
 * in use by finish. The text search finds them at once.
 */
export async function addIndexedKnowledgeFile(db: Database, appId: string, name: string, passages: PassageSeed[]): Promise<KnowledgeFileRow> {
  const repo = knowledgeRepo(db);
  const file = await addKnowledgeFile(db, appId, { name });
  const since = await repo.startProcessing(file.id);
  if (since === null) throw new Error(`${name} went before it was indexed`);
  await repo.insertChunks(
    appId,
    file.id,
    passages.map((passage, ordinal) => ({
      ordinal,
      kind: 'passage',
      question: null,
      content: passage.content,
      heading: passage.heading ?? null,
      page: passage.page ?? null,
      tokenCount: estimateTokens(passage.content),
    })),
  );
  const pages = passages.flatMap((passage) => (passage.page === undefined ? [] : [passage.page]));
  await repo.finish(file.id, since, { chunkCount: passages.length, pageCount: pages.length > 0 ? Math.max(...pages) : null });
  return (await repo.findFile(appId, file.id))!;
}

/** The agent found no source for `question`, asked `times` times: recorded as the chat records it. */
export async function recordUnanswered(db: Database, appId: string, question: string, times = 1): Promise<void> {
  for (let asked = 0; asked < times; asked++) await unansweredRepo(db).record(appId, question);
}
