import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { KnowledgeEntryInput, KnownKnowledgeProblem } from '@parley/contracts';
import type { Database } from '../client.js';
import { apps, knowledgeChunks, knowledgeFiles, unansweredQuestions } from '../schema/index.js';
import { jobRepo } from './job-repo.js';
import { chunkSearchFields } from './knowledge-search-repo.js';

const { bytes: _bytes, ...fileColumns } = getTableColumns(knowledgeFiles);

export type KnowledgeFileRow = Omit<typeof knowledgeFiles.$inferSelect, 'bytes'>;
export type KnowledgeFileListRow = KnowledgeFileRow & { qaCount: number };
export type KnowledgeChunkRow = typeof knowledgeChunks.$inferSelect;
export type UnansweredRow = typeof unansweredQuestions.$inferSelect;

/** A chunk to store for a file, before its search columns are derived. */
export interface NewFileChunk {
  ordinal: number;
  kind: 'passage' | 'qa';
  question: string | null;
  content: string;
  heading: string | null;
  page: number | null;
  tokenCount: number;
}

/** A manual entry as stored: a Q&A pair keeps its question, a passage its heading (empty is none). */
function entryColumns(entry: KnowledgeEntryInput) {
  const question = entry.kind === 'qa' ? entry.question : null;
  const heading = entry.kind === 'passage' ? entry.heading || null : null;
  return {
    kind: entry.kind,
    question,
    heading,
    content: entry.content,
    ...chunkSearchFields({ title: question ?? heading, body: entry.content }),
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Bytes of the files an app holds, read through `db` or inside a transaction. */
async function storedBytesOf(db: Database | Transaction, appId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${knowledgeFiles.size}), 0)::bigint`.mapWith(Number) })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.appId, appId));
  return row?.bytes ?? 0;
}

const manualOf = (appId: string) => and(eq(knowledgeChunks.appId, appId), isNull(knowledgeChunks.fileId));
/** The chunks in use: not those of a processing run still under way. */
const live = eq(knowledgeChunks.pending, false);
const noProblem = { error: null, errorCode: null, errorParams: null };

/**
 * An agent's knowledge as its owner manages it: files (kept as bytes or objects, processed by the
 * `knowledge.process` job), their chunks, manual entries, and unanswered questions. Every call
 * names the app, so one agent's ids never reach another's rows.
 */
export function knowledgeRepo(db: Database) {
  const fileOf = (appId: string, fileId: string) => and(eq(knowledgeFiles.appId, appId), eq(knowledgeFiles.id, fileId));

  /**
   * Queues the file's processing. No dedupe key: a file is queued only when new, or when ready or
   * failed, and those states are set by the very end of a run, whose job may still be being
   * recorded as done (a dedupe key would then drop the new job and leave the file queued).
   */
  async function enqueueProcessing(tx: Database, jobKind: string, fileId: string) {
    await jobRepo(tx).enqueue({ kind: jobKind, payload: { fileId } });
  }

  return {
    /** The app's files, newest first, each with how many of its chunks in use are Q&A pairs. */
    async listFiles(appId: string): Promise<KnowledgeFileListRow[]> {
      // spelled out: drizzle leaves columns of a one-table select unqualified, which a subquery would misread
      const qaCount = sql<number>`(select count(*)::int from knowledge_chunks c where c.file_id = "knowledge_files"."id" and c.kind = 'qa' and not c.pending)`;
      return db
        .select({ ...fileColumns, qaCount })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.appId, appId))
        .orderBy(desc(knowledgeFiles.createdAt), desc(knowledgeFiles.id));
    },

    async totals(appId: string): Promise<{ files: number; bytes: number; chunks: number; entries: number }> {
      const [files] = await db
        .select({ files: count(), bytes: sql<number>`coalesce(sum(${knowledgeFiles.size}), 0)::bigint`.mapWith(Number) })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.appId, appId));
      const [chunks] = await db
        .select({
          chunks: count(),
          entries: sql<number>`count(*) filter (where ${knowledgeChunks.fileId} is null)::int`.mapWith(Number),
        })
        .from(knowledgeChunks)
        .where(and(eq(knowledgeChunks.appId, appId), live));
      return { files: files?.files ?? 0, bytes: files?.bytes ?? 0, chunks: chunks?.chunks ?? 0, entries: chunks?.entries ?? 0 };
    },

    /** Bytes of the files the app holds, for the per-agent limit. */
    storedBytes: (appId: string) => storedBytesOf(db, appId),

    /**
     * Stores a file and queues its processing, together: a file is never left without its job.
     * Null, storing nothing, when the app's files would then take more than `maxAgentBytes`: the
     * app's row is locked while its total is read, so uploads running at once cannot together
     * pass the limit.
     */
    async insertQueued(
      file: { appId: string; name: string; mime: string; size: number; sha256: string; bytes: Uint8Array | null; storageKey: string | null },
      jobKind: string,
      maxAgentBytes: number,
    ): Promise<KnowledgeFileListRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, file.appId)).for('no key update');
        if ((await storedBytesOf(tx, file.appId)) + file.size > maxAgentBytes) return null;
        const [row] = await tx
          .insert(knowledgeFiles)
          .values({ ...file, bytes: file.bytes && Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) })
          .returning(fileColumns);
        await enqueueProcessing(tx, jobKind, row!.id);
        return { ...row!, qaCount: 0 };
      });
    },

    async findFile(appId: string, fileId: string): Promise<KnowledgeFileRow | null> {
      const [row] = await db.select(fileColumns).from(knowledgeFiles).where(fileOf(appId, fileId));
      return row ?? null;
    },

    /**
     * Queues a ready or failed file again; null when it is not the app's, or is queued or being
     * processed already (then nothing changes).
     */
    async requeue(appId: string, fileId: string, jobKind: string): Promise<KnowledgeFileRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(knowledgeFiles)
          .set({ status: 'queued', progress: 0, ...noProblem })
          .where(and(fileOf(appId, fileId), inArray(knowledgeFiles.status, ['ready', 'failed'])))
          .returning(fileColumns);
        if (!row) return null;
        await enqueueProcessing(tx, jobKind, fileId);
        return row;
      });
    },

    /** Deletes a file with its chunks; answers its object's key (null when its bytes were in the row), or null when it is not the app's. */
    async deleteFile(appId: string, fileId: string): Promise<{ storageKey: string | null } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(knowledgeFiles).where(fileOf(appId, fileId)).returning({ storageKey: knowledgeFiles.storageKey });
        if (!row) return null;
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId));
        return row;
      });
    },

    /** The file with its content (bytes, or its object's key), for the processing job; null once deleted. */
    async loadForProcessing(fileId: string) {
      const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
      return row ?? null;
    },

    /**
     * Marks the file as being processed; answers the database's time, before which its chunks
     * are the old ones that `finish` replaces. Null once the file is deleted.
     */
    async startProcessing(fileId: string): Promise<string | null> {
      const [row] = await db
        .update(knowledgeFiles)
        .set({ status: 'processing', progress: 0, ...noProblem })
        .where(eq(knowledgeFiles.id, fileId))
        .returning({ since: sql<string>`now()::text` });
      return row?.since ?? null;
    },

    async setProgress(fileId: string, progress: number): Promise<void> {
      await db.update(knowledgeFiles).set({ progress }).where(eq(knowledgeFiles.id, fileId));
    },

    /** Adds a batch of a file's new chunks, pending (not searched) until `finish`; answers their ids. */
    async insertChunks(appId: string, fileId: string, chunks: NewFileChunk[]): Promise<string[]> {
      if (chunks.length === 0) return [];
      const rows = await db.insert(knowledgeChunks).values(
        chunks.map((chunk) => ({
          ...chunk,
          appId,
          fileId,
          pending: true,
          ...chunkSearchFields({ title: chunk.kind === 'qa' ? chunk.question : chunk.heading, body: chunk.content }),
        })),
      ).returning({ id: knowledgeChunks.id });
      return rows.map((row) => row.id);
    },

    /**
     * The file is ready: in one transaction the chunks in use until now (an earlier processing)
     * and any left by a run cut short (from before `since`) go, and this run's pending chunks
     * take their place. False once the file is deleted.
     */
    async finish(fileId: string, since: string, done: { chunkCount: number; pageCount: number | null }): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .delete(knowledgeChunks)
          .where(and(eq(knowledgeChunks.fileId, fileId), or(live, lt(knowledgeChunks.createdAt, sql`${since}::timestamptz`))));
        await tx.update(knowledgeChunks).set({ pending: false }).where(eq(knowledgeChunks.fileId, fileId));
        const [row] = await tx
          .update(knowledgeFiles)
          .set({ status: 'ready', progress: 100, ...noProblem, ...done, processedAt: sql`now()` })
          .where(eq(knowledgeFiles.id, fileId))
          .returning({ id: knowledgeFiles.id });
        return row !== undefined;
      });
    },

    /** The file failed: its chunks go (none is searched half-made) and the problem is kept, in English and as a code. */
    async fail(fileId: string, problem: KnownKnowledgeProblem, reason: string, pageCount: number | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId));
        await tx
          .update(knowledgeFiles)
          .set({ status: 'failed', error: reason, errorCode: problem.code, errorParams: problem.params, progress: 0, chunkCount: 0, pageCount, processedAt: sql`now()` })
          .where(eq(knowledgeFiles.id, fileId));
      });
    },

    /** A file's chunks in use, in order, after the ordinal `after`. */
    async chunksPage(appId: string, fileId: string, after: number | null, limit: number): Promise<KnowledgeChunkRow[]> {
      return db
        .select()
        .from(knowledgeChunks)
        .where(
          and(
            eq(knowledgeChunks.appId, appId),
            eq(knowledgeChunks.fileId, fileId),
            live,
            after === null ? undefined : gt(knowledgeChunks.ordinal, after),
          ),
        )
        .orderBy(asc(knowledgeChunks.ordinal), asc(knowledgeChunks.id))
        .limit(limit);
    },

    /** Manual entries, newest first, after the cursor (created_at as the database prints it, and id). */
    async entriesPage(
      appId: string,
      after: { at: string; id: string } | null,
      limit: number,
    ): Promise<(KnowledgeChunkRow & { cursorAt: string })[]> {
      return db
        .select({ ...getTableColumns(knowledgeChunks), cursorAt: sql<string>`${knowledgeChunks.createdAt}::text` })
        .from(knowledgeChunks)
        .where(
          and(
            manualOf(appId),
            after === null
              ? undefined
              : or(
                  lt(knowledgeChunks.createdAt, sql`${after.at}::timestamptz`),
                  and(eq(knowledgeChunks.createdAt, sql`${after.at}::timestamptz`), lt(knowledgeChunks.id, after.id)),
                ),
          ),
        )
        .orderBy(desc(knowledgeChunks.createdAt), desc(knowledgeChunks.id))
        .limit(limit);
    },

    async createEntry(appId: string, entry: KnowledgeEntryInput): Promise<KnowledgeChunkRow> {
      const [row] = await db.insert(knowledgeChunks).values({ appId, fileId: null, ...entryColumns(entry) }).returning();
      return row!;
    },

    /** Replaces a manual entry; null when the app has no such entry. */
    async updateEntry(appId: string, id: string, entry: KnowledgeEntryInput): Promise<KnowledgeChunkRow | null> {
      const [row] = await db
        .update(knowledgeChunks)
        .set(entryColumns(entry))
        .where(and(manualOf(appId), eq(knowledgeChunks.id, id)))
        .returning();
      return row ?? null;
    },

    async deleteEntry(appId: string, id: string): Promise<boolean> {
      const rows = await db.delete(knowledgeChunks).where(and(manualOf(appId), eq(knowledgeChunks.id, id))).returning({ id: knowledgeChunks.id });
      return rows.length > 0;
    },

    /** Open unanswered questions, most asked first (then most recently asked). */
    async unanswered(appId: string, limit: number): Promise<UnansweredRow[]> {
      return db
        .select()
        .from(unansweredQuestions)
        .where(and(eq(unansweredQuestions.appId, appId), isNull(unansweredQuestions.answeredAt)))
        .orderBy(desc(unansweredQuestions.askCount), desc(unansweredQuestions.lastAskedAt), asc(unansweredQuestions.id))
        .limit(limit);
    },

    /** Answers an open question as a new Q&A entry, in one transaction; null when it is not open in this app. */
    async answerUnanswered(appId: string, id: string, answer: string): Promise<KnowledgeChunkRow | null> {
      return db.transaction(async (tx) => {
        const [question] = await tx
          .select()
          .from(unansweredQuestions)
          .where(and(eq(unansweredQuestions.appId, appId), eq(unansweredQuestions.id, id), isNull(unansweredQuestions.answeredAt)))
          .for('update');
        if (!question) return null;
        const [chunk] = await tx
          .insert(knowledgeChunks)
          .values({ appId, fileId: null, ...entryColumns({ kind: 'qa', question: question.question, content: answer }) })
          .returning();
        await tx.update(unansweredQuestions).set({ answeredAt: sql`now()`, answerChunkId: chunk!.id }).where(eq(unansweredQuestions.id, id));
        return chunk!;
      });
    },

    /** Closes an open question without an answer (answered_at set, no answer chunk); false when it is not open. */
    async dismissUnanswered(appId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(unansweredQuestions)
        .set({ answeredAt: sql`now()` })
        .where(and(eq(unansweredQuestions.appId, appId), eq(unansweredQuestions.id, id), isNull(unansweredQuestions.answeredAt)))
        .returning({ id: unansweredQuestions.id });
      return rows.length > 0;
    },
  };
}

export type KnowledgeRepo = ReturnType<typeof knowledgeRepo>;
