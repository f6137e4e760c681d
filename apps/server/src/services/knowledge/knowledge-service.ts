import {
  knowledgeLimits,
  type KnowledgeChunk,
  type KnowledgeChunksData,
  type KnowledgeEntryInput,
  type KnowledgeFile,
  type KnowledgeFilesData,
  type KnowledgeSearchData,
  type UnansweredData,
  uuidPattern,
} from '@parley/contracts';
import type { AgentRepo } from '../../db/repos/agent-repo.js';
import type { KnowledgeChunkRow, KnowledgeFileListRow, KnowledgeFileRow, KnowledgeRepo } from '../../db/repos/knowledge-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';
import { typeOfMime } from '../../knowledge/detect-type.js';
import { rejection, storedProblem } from '../../knowledge/problems.js';
import type { ObjectStorage } from '../../platform/object-storage.js';
import type { KnowledgeSearch } from './knowledge-search.js';
import { knowledgeProcessJob } from './knowledge-processing.js';
import { openKnowledgeUpload } from './knowledge-upload.js';

export interface KnowledgeServiceDeps {
  agents: Pick<AgentRepo, 'findLive'>;
  knowledge: KnowledgeRepo;
  /** Where the files' bytes go (the database, or object storage). */
  storage: Pick<ObjectStorage, 'store' | 'discard'>;
  /** Retrieval as the chat does it (text, or fused with embeddings), and embedding new entries. */
  retrieval: Pick<KnowledgeSearch, 'threshold' | 'hybridEnabled' | 'searchWithMode' | 'embedChunks'>;
  settings: {
    maxFileBytes: number;
    maxAgentBytes: number;
    maxPdfPages: number;
  };
}

const unansweredShown = 100;
const maxNameChars = 255;

/** A file past the per-upload count, turned away unread. */
export const tooManyFiles = (name: string) => rejection(name, { code: 'tooManyFiles', params: { max: knowledgeLimits.filesPerUpload } });

const agentNotFound = () => new AppError('NOT_FOUND', 'This agent does not exist.');
const fileNotFound = () => new AppError('NOT_FOUND', 'This file does not exist.');
const entryNotFound = () => new AppError('NOT_FOUND', 'This entry does not exist.');
const questionNotFound = () => new AppError('NOT_FOUND', 'This question is not in the list any more.');

function toFile(row: KnowledgeFileRow & { qaCount?: number }): KnowledgeFile {
  return {
    id: row.id,
    name: row.name,
    type: typeOfMime(row.mime),
    size: row.size,
    status: row.status,
    error: row.status === 'failed' ? row.error : null,
    problem: row.status === 'failed' ? storedProblem(row.errorCode, row.errorParams) : null,
    progress: row.progress,
    chunkCount: row.chunkCount,
    qaCount: row.qaCount ?? 0,
    pageCount: row.pageCount,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

function toChunk(row: KnowledgeChunkRow): KnowledgeChunk {
  return {
    id: row.id,
    fileId: row.fileId,
    kind: row.kind,
    question: row.question,
    content: row.content,
    heading: row.heading,
    page: row.page,
    ordinal: row.ordinal,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The name as the list shows it: no folders (some browsers send them), bounded, never empty. */
export function cleanFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const base = Array.from(last)
    .filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f')
    .join('')
    .trim();
  return (base || 'untitled').slice(0, maxNameChars);
}

const badCursor = () => new AppError('VALIDATION', 'cursor: not a cursor this list gave', [{ path: 'cursor', message: 'not a cursor this list gave' }]);

/**
 * An agent's knowledge as its owner manages it (contracts knowledge.ts). Only the agent's owner
 * gets anywhere: another account gets NOT_FOUND, whether the agent exists or not, and a visitor
 * is asked to log in (only accounts own agents).
 */
export function createKnowledgeService(deps: KnowledgeServiceDeps) {
  const { knowledge, retrieval, settings } = deps;

  /** A written entry is searchable by its words at once, and by meaning once embedded (when hybrid search is on). */
  async function embedded(appId: string, chunk: KnowledgeChunkRow): Promise<KnowledgeChunkRow> {
    await retrieval.embedChunks(appId, [chunk.id]);
    return chunk;
  }

  async function ownAgent(owner: Owner, appId: string): Promise<string> {
    if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
    const found = await deps.agents.findLive(appId);
    if (!found || found.row.ownerId !== owner.userId) throw agentNotFound();
    return appId;
  }

  return {
    /**
     * Opens an upload to the caller's agent: each file given to `add` is checked (empty, per-file
     * limit, the agent's total, type by content) and stored and queued, or turned away alone.
     */
    async openUpload(owner: Owner, appId: string) {
      await ownAgent(owner, appId);
      return openKnowledgeUpload(deps, appId, toFile);
    },

    async files(owner: Owner, appId: string): Promise<KnowledgeFilesData> {
      await ownAgent(owner, appId);
      const [rows, totals] = await Promise.all([knowledge.listFiles(appId), knowledge.totals(appId)]);
      return {
        files: rows.map((row: KnowledgeFileListRow) => toFile(row)),
        totals,
        limits: {
          maxFileBytes: settings.maxFileBytes,
          maxAgentBytes: settings.maxAgentBytes,
          maxPdfPages: settings.maxPdfPages,
          filesPerUpload: knowledgeLimits.filesPerUpload,
        },
        hybrid: await retrieval.hybridEnabled(),
      };
    },

    async deleteFile(owner: Owner, appId: string, fileId: string): Promise<void> {
      await ownAgent(owner, appId);
      const deleted = await knowledge.deleteFile(appId, fileId);
      if (!deleted) throw fileNotFound();
      // the object goes at once; should that fail, the storage sweep deletes it (the row's trigger listed it)
      if (deleted.storageKey) await deps.storage.discard([deleted.storageKey]);
    },

    /** Processes a ready or failed file again; one queued or being processed is refused with CONFLICT. */
    async reindexFile(owner: Owner, appId: string, fileId: string): Promise<KnowledgeFile> {
      await ownAgent(owner, appId);
      const row = await knowledge.requeue(appId, fileId, knowledgeProcessJob);
      if (row) return toFile(row);
      if (!(await knowledge.findFile(appId, fileId))) throw fileNotFound();
      throw new AppError('CONFLICT', 'This file is already being processed; wait until it is ready or has failed.');
    },

    async chunks(owner: Owner, appId: string, fileId: string, cursor: string | undefined): Promise<KnowledgeChunksData> {
      await ownAgent(owner, appId);
      if (!(await knowledge.findFile(appId, fileId))) throw fileNotFound();
      if (cursor !== undefined && !/^\d{1,9}$/.test(cursor)) throw badCursor();
      const pageSize = knowledgeLimits.pageSize;
      const rows = await knowledge.chunksPage(appId, fileId, cursor === undefined ? null : Number(cursor), pageSize + 1);
      const page = rows.slice(0, pageSize);
      return { chunks: page.map(toChunk), nextCursor: rows.length > pageSize ? String(page.at(-1)!.ordinal) : null };
    },

    async entries(owner: Owner, appId: string, cursor: string | undefined): Promise<KnowledgeChunksData> {
      await ownAgent(owner, appId);
      let after: { at: string; id: string } | null = null;
      if (cursor !== undefined) {
        const match = new RegExp(`^(.{10,40})\\|(${uuidPattern})$`).exec(cursor);
        if (!match || Number.isNaN(Date.parse(match[1]!))) throw badCursor();
        after = { at: match[1]!, id: match[2]! };
      }
      const pageSize = knowledgeLimits.pageSize;
      const rows = await knowledge.entriesPage(appId, after, pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return { chunks: page.map(toChunk), nextCursor: rows.length > pageSize && last ? `${last.cursorAt}|${last.id}` : null };
    },

    async createEntry(owner: Owner, appId: string, entry: KnowledgeEntryInput): Promise<KnowledgeChunk> {
      await ownAgent(owner, appId);
      return toChunk(await embedded(appId, await knowledge.createEntry(appId, entry)));
    },

    async updateEntry(owner: Owner, appId: string, id: string, entry: KnowledgeEntryInput): Promise<KnowledgeChunk> {
      await ownAgent(owner, appId);
      const row = await knowledge.updateEntry(appId, id, entry);
      if (!row) throw entryNotFound();
      return toChunk(await embedded(appId, row));
    },

    async deleteEntry(owner: Owner, appId: string, id: string): Promise<void> {
      await ownAgent(owner, appId);
      if (!(await knowledge.deleteEntry(appId, id))) throw entryNotFound();
    },

    /** What the chat would retrieve for the question, each hit marked used when it reaches the chat's threshold. */
    async search(owner: Owner, appId: string, question: string, limit: number): Promise<KnowledgeSearchData> {
      await ownAgent(owner, appId);
      const started = performance.now();
      const { hits: passages, mode } = await retrieval.searchWithMode(appId, question, limit);
      const tookMs = Math.round((performance.now() - started) * 10) / 10;
      return {
        hits: passages.map((passage) => ({
          chunkId: passage.chunkId,
          fileId: passage.fileId,
          fileName: passage.fileName,
          kind: passage.kind,
          question: passage.question,
          // the search repo names a Q&A pair by its question; here the question has its own field
          heading: passage.kind === 'qa' ? null : passage.heading,
          page: passage.page,
          content: passage.content,
          score: passage.score,
          used: passage.score >= retrieval.threshold,
        })),
        mode,
        threshold: retrieval.threshold,
        tookMs,
      };
    },

    async unanswered(owner: Owner, appId: string): Promise<UnansweredData> {
      await ownAgent(owner, appId);
      const rows = await knowledge.unanswered(appId, unansweredShown);
      return {
        questions: rows.map((row) => ({
          id: row.id,
          question: row.question,
          askCount: row.askCount,
          askedAt: row.askedAt.toISOString(),
          lastAskedAt: row.lastAskedAt.toISOString(),
        })),
      };
    },

    /** Answers an open question as a new Q&A entry (returned) and takes it off the list, in one step. */
    async answerUnanswered(owner: Owner, appId: string, id: string, answer: string): Promise<KnowledgeChunk> {
      await ownAgent(owner, appId);
      const chunk = await knowledge.answerUnanswered(appId, id, answer);
      if (!chunk) throw questionNotFound();
      return toChunk(await embedded(appId, chunk));
    },

    async dismissUnanswered(owner: Owner, appId: string, id: string): Promise<void> {
      await ownAgent(owner, appId);
      if (!(await knowledge.dismissUnanswered(appId, id))) throw questionNotFound();
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
