/**
 * How web component tests bring the real server into the state they need: seeding through its
 * repos and fixtures, breaking a table, a site's pages, loopback fetches. Web tests reach these
 * through web-test-support.ts (the one module that crosses between the apps), which re-exports
 * them.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import {
  createAgentRequest,
  smsLimits,
  type AgentDetail,
  type AgentInput,
  type KnowledgeFileStatus,
  type KnowledgeFileType,
  type KnowledgeProblem,
  type SitePageSlug,
} from '@parley/contracts';
import type { ServiceOverrides } from '../src/composition/services.js';
import type { Database } from '../src/db/client.js';
import { accountRepo } from '../src/db/repos/account-repo.js';
import { knowledgeRepo, type KnowledgeFileRow } from '../src/db/repos/knowledge-repo.js';
import { unansweredRepo } from '../src/db/repos/unanswered-repo.js';
import { blockedKeywordsKey, siteSettingsRepo } from '../src/db/repos/site-settings-repo.js';
import { ads, apps, brokers, knowledgeFiles, smsCodes, users } from '../src/db/schema/index.js';
import { estimateTokens } from '../src/knowledge/chunk.js';
import { mimeOfType } from '../src/knowledge/detect-type.js';
import { isPublicAddress } from '../src/platform/address-policy.js';
import { hashPassword, verifyPassword } from '../src/services/accounts/password-hash.js';
import { agentForm } from './fixtures/agents.js';
import { ranking, type BrokerValues } from './fixtures/brokers.js';

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

/** Makes an account an operator, as `npm run admin -- operator grant` does. */
export async function makeOperator(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ isOperator: true }).where(eq(users.id, userId));
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
  for (let asked = 0; asked < times; asked++) await unansweredRepo(db).record(appId, question, null);
}
