import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { knowledgeChunks, knowledgeFiles } from '../schema/index.js';
import { estimateTokens } from '../../llm/token-estimate.js';
import { chunkSearchFields } from './knowledge-search-repo.js';

/** The operator's FAQ is kept as one knowledge file of the official assistant, apart from the seeded FAQ. */
export const operatorFaqFileName = 'operator-faq';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqRow extends FaqEntry {
  id: string;
}

function chunkColumns(entry: FaqEntry) {
  return {
    kind: 'qa' as const,
    question: entry.question,
    content: entry.answer,
    tokenCount: estimateTokens(entry.answer),
    ...chunkSearchFields({ title: entry.question, body: entry.answer }),
  };
}

/** The file's bytes as the entries now read, so the file stays what its chunks were made from. */
function fileColumns(entries: FaqEntry[], mime: 'application/json' | 'text/csv', bytes: Buffer) {
  return {
    mime,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
    status: 'ready' as const,
    progress: 100,
    chunkCount: entries.length,
    processedAt: new Date(),
  };
}

/**
 * The official assistant's operator FAQ (`appId` is the assistant's): the admin CLI replaces it
 * from a file, the console edits it an entry at a time. Pass a transaction's database so the
 * change lands with its audit record.
 */
export function officialFaqRepo(db: Database, appId: string) {
  const ofFile = and(eq(knowledgeFiles.appId, appId), eq(knowledgeFiles.name, operatorFaqFileName));

  async function fileId(): Promise<string | null> {
    const [file] = await db.select({ id: knowledgeFiles.id }).from(knowledgeFiles).where(ofFile).limit(1);
    return file?.id ?? null;
  }

  async function list(): Promise<FaqRow[]> {
    return db
      .select({ id: knowledgeChunks.id, question: sql<string>`coalesce(${knowledgeChunks.question}, '')`, answer: knowledgeChunks.content })
      .from(knowledgeChunks)
      .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
      .where(ofFile)
      .orderBy(asc(knowledgeChunks.ordinal), asc(knowledgeChunks.id));
  }

  /** Writes the file again from the entries as they now are (JSON), creating it for the first entry. */
  async function rewriteFile(): Promise<string> {
    const entries = await list();
    const bytes = Buffer.from(JSON.stringify(entries.map(({ question, answer }) => ({ question, answer })), null, 2), 'utf8');
    const columns = fileColumns(entries, 'application/json', bytes);
    const existing = await fileId();
    if (existing) {
      await db.update(knowledgeFiles).set(columns).where(eq(knowledgeFiles.id, existing));
      return existing;
    }
    const [created] = await db.insert(knowledgeFiles).values({ appId, name: operatorFaqFileName, ...columns }).returning({ id: knowledgeFiles.id });
    if (!created) throw new Error('FAQ file insert returned no row');
    return created.id;
  }

  return {
    list,

    /** Entries of the seeded FAQ (chunks of no file), which only a release changes. */
    async builtInCount(): Promise<number> {
      return db.$count(knowledgeChunks, and(eq(knowledgeChunks.appId, appId), isNull(knowledgeChunks.fileId), eq(knowledgeChunks.kind, 'qa')));
    },

    async find(id: string): Promise<FaqRow | null> {
      return (await list()).find((row) => row.id === id) ?? null;
    },

    /** Adds an entry after the others. */
    async add(entry: FaqEntry): Promise<FaqRow> {
      const file = (await fileId()) ?? (await rewriteFile());
      const [next] = await db
        .select({ ordinal: sql<number>`coalesce(max(${knowledgeChunks.ordinal}) + 1, 0)::int` })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.fileId, file));
      const [row] = await db
        .insert(knowledgeChunks)
        .values({ appId, fileId: file, ordinal: next?.ordinal ?? 0, ...chunkColumns(entry) })
        .returning({ id: knowledgeChunks.id });
      if (!row) throw new Error('FAQ entry insert returned no row');
      await rewriteFile();
      return { id: row.id, ...entry };
    },

    /** Null when the FAQ has no such entry. */
    async update(id: string, entry: FaqEntry): Promise<FaqRow | null> {
      const file = await fileId();
      if (!file) return null;
      const [row] = await db
        .update(knowledgeChunks)
        .set(chunkColumns(entry))
        .where(and(eq(knowledgeChunks.id, id), eq(knowledgeChunks.fileId, file)))
        .returning({ id: knowledgeChunks.id });
      if (!row) return null;
      await rewriteFile();
      return { id: row.id, ...entry };
    },

    async remove(id: string): Promise<boolean> {
      const file = await fileId();
      if (!file) return false;
      const rows = await db
        .delete(knowledgeChunks)
        .where(and(eq(knowledgeChunks.id, id), eq(knowledgeChunks.fileId, file)))
        .returning({ id: knowledgeChunks.id });
      if (rows.length > 0) await rewriteFile();
      return rows.length > 0;
    },

    /** Replaces the whole FAQ with `entries`, keeping `original` (the imported file's text) as the file. */
    async replace(entries: FaqEntry[], original: { text: string; mime: 'application/json' | 'text/csv' }): Promise<void> {
      await db.delete(knowledgeFiles).where(ofFile);
      const bytes = Buffer.from(original.text, 'utf8');
      const [stored] = await db
        .insert(knowledgeFiles)
        .values({ appId, name: operatorFaqFileName, ...fileColumns(entries, original.mime, bytes) })
        .returning({ id: knowledgeFiles.id });
      if (!stored) throw new Error('FAQ file insert returned no row');
      if (entries.length > 0) {
        await db.insert(knowledgeChunks).values(entries.map((entry, ordinal) => ({ appId, fileId: stored.id, ordinal, ...chunkColumns(entry) })));
      }
    },
  };
}

export type OfficialFaqRepo = ReturnType<typeof officialFaqRepo>;
