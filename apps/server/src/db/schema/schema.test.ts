import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './index.js';

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
interface Target {
  db: Db;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

async function openPglite(): Promise<Target> {
  const client = await PGlite.create({ extensions: { vector, pg_trgm } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db, close: () => client.close() };
}

/** A fresh database next to TEST_DATABASE_URL's, dropped afterwards. */
async function openPostgres(adminUrl: string): Promise<Target> {
  const name = `parley_schema_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePostgres({ client: pool, schema });
  await migratePostgres(db, { migrationsFolder });
  return {
    db,
    close: async () => {
      await pool.end();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What the knowledge pipeline stores in search_text: words split by Intl.Segmenter, lower case. */
function segment(text: string): string {
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  return Array.from(segmenter.segment(text))
    .filter((part) => part.isWordLike)
    .map((part) => part.segment.toLowerCase())
    .join(' ');
}

/** The innermost error of a failed statement (drizzle wraps the driver's). */
function dbError(error: unknown): { code?: string; constraint?: string } {
  const cause = (error as { cause?: unknown }).cause;
  return (cause ?? error) as { code?: string; constraint?: string };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return dbError(error);
  }
  throw new Error('expected the statement to fail');
}

function schemaSuite(name: string, open: () => Promise<Target>, expectEmbeddings: boolean | 'detect') {
  describe(name, () => {
    let target: Target;
    let db: Db;
    beforeAll(async () => {
      target = await open();
      db = target.db;
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    async function seed() {
      const [user] = await db
        .insert(schema.users)
        .values({ username: `u${randomBytes(4).toString('hex')}` })
        .returning();
      const [visitor] = await db
        .insert(schema.visitors)
        .values({ deviceNumber: randomBytes(12).toString('hex') })
        .returning();
      const [app] = await db
        .insert(schema.apps)
        .values({ ownerId: user!.id, name: '外汇助手 Forex helper', suggestedQuestions: ['什么是点差？'] })
        .returning();
      return { user: user!, visitor: visitor!, app: app! };
    }

    it('applies every migration, extensions first', async () => {
      const extensions = await rows<{ extname: string }>(db, sql`select extname from pg_extension`);
      expect(extensions.map((e) => e.extname)).toContain('pg_trgm');
      const tables = await rows<{ table_name: string }>(
        db,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = tables.map((t) => t.table_name);
      for (const table of ['apps', 'chats', 'chat_items', 'knowledge_chunks', 'usage_ledger', 'jobs']) {
        expect(names).toContain(table);
      }
      const hasVector = extensions.some((e) => e.extname === 'vector');
      if (expectEmbeddings !== 'detect') expect(hasVector).toBe(expectEmbeddings);
      expect(names.includes('knowledge_embeddings')).toBe(hasVector);
    });

    it('stores a chat with its items in order and applies the defaults', async () => {
      const { user, app } = await seed();
      expect(app).toMatchObject({ temperature: null, topP: null, visibility: 'private', rating: -1 });
      const [chat] = await db.insert(schema.chats).values({ appId: app.id, userId: user.id, title: '点差' }).returning();
      await db.insert(schema.chatItems).values([
        { chatId: chat!.id, role: 'user', content: '什么是点差？' },
        { chatId: chat!.id, role: 'assistant', content: '点差是买卖价之差。', status: 'streaming' },
      ]);
      const items = await db
        .select()
        .from(schema.chatItems)
        .where(eq(schema.chatItems.chatId, chat!.id))
        .orderBy(asc(schema.chatItems.seq));
      expect(items.map((i) => i.role)).toEqual(['user', 'assistant']);
      expect(items[1]).toMatchObject({ status: 'streaming', citations: [], userGoodFeedback: false });
      expect(items[1]!.seq).toBeGreaterThan(items[0]!.seq);
    });

    it('rejects a chat owned by both a user and a visitor, or by no one', async () => {
      const { user, visitor, app } = await seed();
      const both = await rejection(
        db.insert(schema.chats).values({ appId: app.id, userId: user.id, visitorId: visitor.id }),
      );
      expect(both).toMatchObject({ code: '23514', constraint: 'chats_owner_check' });
      const none = await rejection(db.insert(schema.chats).values({ appId: app.id }));
      expect(none).toMatchObject({ code: '23514', constraint: 'chats_owner_check' });
    });

    it('keeps an agent others chatted with: hard delete is refused, soft delete is the way', async () => {
      const { visitor, app } = await seed();
      await db.insert(schema.chats).values({ appId: app.id, visitorId: visitor.id });
      const refused = await rejection(db.delete(schema.apps).where(eq(schema.apps.id, app.id)));
      expect(refused.code).toBe('23503');
    });

    it('keeps a file either in its row or in object storage, never both nor neither, its size the bytes it holds', async () => {
      const { app } = await seed();
      const file = { appId: app.id, name: 'a.txt', mime: 'text/plain', size: 2, sha256: 'x' };
      const both = await rejection(db.insert(schema.knowledgeFiles).values({ ...file, bytes: Buffer.from('hi'), storageKey: `knowledge/${randomBytes(8).toString('hex')}` }));
      expect(both).toMatchObject({ code: '23514', constraint: 'knowledge_files_content_check' });
      const neither = await rejection(db.insert(schema.knowledgeFiles).values(file));
      expect(neither).toMatchObject({ code: '23514', constraint: 'knowledge_files_content_check' });
      const wrongSize = await rejection(db.insert(schema.images).values({ purpose: 'app_avatar', mime: 'image/webp', width: 1, height: 1, size: 3, sha256: 'x', bytes: Buffer.from('hi') }));
      expect(wrongSize).toMatchObject({ code: '23514', constraint: 'images_size_check' });
      // in the bucket the row's size is the object's, unchecked here
      await db.insert(schema.images).values({ purpose: 'app_avatar', mime: 'image/webp', width: 1, height: 1, size: 3000, sha256: 'x', storageKey: `images/${randomBytes(8).toString('hex')}` });
    });

    it("lists an object for deletion when its row is deleted, even by a cascade, or moved back into the database; a row taking a key takes it off the list", async () => {
      const { app } = await seed();
      const [user] = await db.insert(schema.users).values({ username: `u${randomBytes(4).toString('hex')}` }).returning();
      const key = (folder: string) => `${folder}/${randomBytes(8).toString('hex')}`;
      const [avatar, knowledge, moved] = [key('images'), key('knowledge'), key('knowledge')];
      await db.insert(schema.objectDeletions).values({ key: avatar, dueAt: new Date(Date.now() + 86_400_000) });
      await db.insert(schema.images).values({ ownerId: user!.id, purpose: 'user_avatar', mime: 'image/webp', width: 1, height: 1, size: 1, sha256: 'x', storageKey: avatar });
      const file = { appId: app.id, name: 'a.txt', mime: 'text/plain', size: 2, sha256: 'x' };
      await db.insert(schema.knowledgeFiles).values([{ ...file, storageKey: knowledge }, { ...file, storageKey: moved }]);
      const listed = async () =>
        (await db.select({ key: schema.objectDeletions.key }).from(schema.objectDeletions)).map((row) => row.key).filter((listedKey) => [avatar, knowledge, moved].includes(listedKey));
      expect(await listed()).toEqual([]);

      await db.update(schema.knowledgeFiles).set({ storageKey: null, bytes: Buffer.from('hi') }).where(eq(schema.knowledgeFiles.storageKey, moved));
      expect(await listed()).toEqual([moved]);
      await db.delete(schema.users).where(eq(schema.users.id, user!.id));
      await db.delete(schema.apps).where(eq(schema.apps.id, app.id));
      expect((await listed()).sort()).toEqual([avatar, knowledge, moved].sort());
      const [due] = await rows<{ due: boolean }>(db, sql`select bool_and(due_at <= now()) as due from object_deletions where key in (${avatar}, ${knowledge})`);
      expect(due!.due).toBe(true);
    });

    it('fills the search vector and finds a chunk by Chinese and by English words', async () => {
      const { app } = await seed();
      const heading = '如何查询外汇牌照';
      const content = '在监管机构官网输入牌照号码即可查询。Check the licence number on the regulator website.';
      const [chunk] = await db
        .insert(schema.knowledgeChunks)
        .values({ appId: app.id, heading, content, searchTitle: segment(heading), searchText: segment(content) })
        .returning();
      expect(chunk!.searchVector).toContain("'牌照':");
      const search = (words: string) =>
        db
          .select({ id: schema.knowledgeChunks.id })
          .from(schema.knowledgeChunks)
          .where(
            sql`${schema.knowledgeChunks.appId} = ${app.id} and ${schema.knowledgeChunks.searchVector} @@ plainto_tsquery('simple', ${segment(words)})`,
          );
      expect(await search('外汇牌照')).toEqual([{ id: chunk!.id }]);
      expect(await search('regulator licence')).toEqual([{ id: chunk!.id }]);
      expect(await search('杠杆')).toEqual([]);
    });

    it('adds usage up per owner, day and model for visitors as well as users', async () => {
      const { visitor } = await seed();
      const add = (promptTokens: number) =>
        db
          .insert(schema.usageLedger)
          .values({ visitorId: visitor.id, day: '2026-01-02', model: 'offline', promptTokens, messages: 1 })
          .onConflictDoUpdate({
            target: [schema.usageLedger.userId, schema.usageLedger.visitorId, schema.usageLedger.day, schema.usageLedger.model],
            set: {
              promptTokens: sql`${schema.usageLedger.promptTokens} + excluded.prompt_tokens`,
              messages: sql`${schema.usageLedger.messages} + excluded.messages`,
            },
          });
      await add(10);
      await add(5);
      const ledger = await db.select().from(schema.usageLedger).where(eq(schema.usageLedger.visitorId, visitor.id));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ promptTokens: 15, messages: 2 });
    });

    it('stores embeddings next to chunks when pgvector is there', async () => {
      const [present] = await rows<{ ok: boolean }>(db, sql`select to_regclass('knowledge_embeddings') is not null as ok`);
      if (!present!.ok) return;
      const { app } = await seed();
      const [chunk] = await db
        .insert(schema.knowledgeChunks)
        .values({ appId: app.id, content: 'spread', searchText: 'spread' })
        .returning();
      await db.execute(
        sql`insert into knowledge_embeddings (chunk_id, app_id, model, embedding) values (${chunk!.id}, ${app.id}, 'test', '[1,0,0]')`,
      );
      const [nearest] = await rows<{ chunk_id: string }>(
        db,
        sql`select chunk_id from knowledge_embeddings where app_id = ${app.id} order by embedding <=> '[0.9,0.1,0]' limit 1`,
      );
      expect(nearest!.chunk_id).toBe(chunk!.id);
      await db.delete(schema.knowledgeChunks).where(eq(schema.knowledgeChunks.id, chunk!.id));
      const left = await rows(db, sql`select 1 from knowledge_embeddings where chunk_id = ${chunk!.id}`);
      expect(left).toHaveLength(0);
    });
  });
}

schemaSuite('schema on PGlite', openPglite, true);

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('PostgreSQL', () => {
  schemaSuite('schema on PostgreSQL', () => openPostgres(postgresUrl!), 'detect');
});
