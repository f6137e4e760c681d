import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeRepo, NewFileChunk } from '../../db/repos/knowledge-repo.js';
import { chunkSections, defaultChunkOptions, estimateTokens, type ChunkOptions } from '../../knowledge/chunk.js';
import { typeOfMime } from '../../knowledge/detect-type.js';
import type { ParsedFile } from '../../knowledge/parse.js';
import { parseInWorker, type ParseLimits } from '../../knowledge/parse-in-worker.js';
import { KnowledgeParseError } from '../../knowledge/parse-error.js';
import { problemText } from '../../knowledge/problems.js';
import type { JobContext } from '../../platform/job-runner.js';
import type { ObjectStorage } from '../../platform/object-storage.js';

/** Progress once the file is parsed (a PDF's pages count up to it); inserting the chunks fills the rest up to 99, ready is 100. */
const parsedProgress = 10;
const insertedProgress = 99;
const batchSize = 200;

/** The background job that parses, chunks and indexes one knowledge file (payload `{ fileId }`). */
export const knowledgeProcessJob = 'knowledge.process';

export interface KnowledgeProcessorDeps {
  knowledge: KnowledgeRepo;
  /** Reads the file from where it is kept (its row, or object storage). */
  storage: Pick<ObjectStorage, 'read'>;
  log: FastifyBaseLogger;
  /** Embeds new chunks when hybrid search is on (never throws; text search works without). */
  embed?: (appId: string, chunkIds: string[]) => Promise<unknown>;
  /** `parse`: what one file's parse may take (defaultParseLimits when left out). */
  settings: { maxPdfPages: number; chunk?: ChunkOptions; parse?: ParseLimits };
}

/** Q&A pairs first (in file order), then passages: what a file becomes in knowledge_chunks. */
export function chunksOf(parsed: ParsedFile, options: ChunkOptions = defaultChunkOptions): NewFileChunk[] {
  const qa = parsed.qa.map((pair) => ({
    kind: 'qa' as const,
    question: pair.question,
    content: pair.answer,
    heading: null,
    page: null,
    tokenCount: estimateTokens(pair.question + pair.answer),
  }));
  const passages = chunkSections(parsed.sections, options).map((chunk) => ({
    kind: 'passage' as const,
    question: null,
    ...chunk,
    tokenCount: estimateTokens(chunk.content),
  }));
  return [...qa, ...passages].map((chunk, ordinal) => ({ ...chunk, ordinal }));
}


/**
 * The `knowledge.process` job: read the stored file, parse it (in a worker thread of its own, with time
 * and memory limits), chunk it and index the chunks, reporting
 * progress on the file's row (the upload screen polls it). A file that cannot be indexed fails
 * alone with its problem; other errors (the database) are retried by the job runner, and the
 * file fails once the attempts are used up. A run cut short (shutdown, a crash) leaves chunks the
 * next run replaces, since `finish` keeps only the chunks made after its own start.
 */
export function createKnowledgeProcessor(deps: KnowledgeProcessorDeps) {
  const { knowledge, log } = deps;

  async function run(fileId: string, context: Pick<JobContext, 'signal' | 'progress' | 'job'>): Promise<void> {
    const file = await knowledge.loadForProcessing(fileId);
    if (!file) return;
    const since = await knowledge.startProcessing(fileId);
    if (since === null) return;
    const report = async (percent: number) => {
      await knowledge.setProgress(fileId, percent);
      await context.progress(percent);
    };
    try {
      let shown = 0;
      // unreachable storage throws like a database error: the job is tried again later
      const bytes = await deps.storage.read(file);
      const parsed = await parseInWorker(typeOfMime(file.mime), bytes, {
        maxPdfPages: deps.settings.maxPdfPages,
        limits: deps.settings.parse,
        signal: context.signal,
        // a long PDF moves the bar while its pages are read (up to just below "parsed")
        onProgress: async (fraction) => {
          const percent = Math.floor((parsedProgress - 1) * fraction);
          if (percent > shown) {
            shown = percent;
            await report(percent);
          }
        },
      });
      context.signal.throwIfAborted();
      await report(parsedProgress);
      const chunks = chunksOf(parsed, deps.settings.chunk);
      for (let start = 0; start < chunks.length; start += batchSize) {
        context.signal.throwIfAborted();
        const ids = await knowledge.insertChunks(file.appId, fileId, chunks.slice(start, start + batchSize));
        await deps.embed?.(file.appId, ids);
        const done = Math.min(chunks.length, start + batchSize);
        await report(parsedProgress + Math.floor(((insertedProgress - parsedProgress) * done) / chunks.length));
      }
      await knowledge.finish(fileId, since, { chunkCount: chunks.length, pageCount: parsed.pageCount });
    } catch (error) {
      if (error instanceof KnowledgeParseError) {
        await knowledge.fail(fileId, error.problem, error.message);
        return;
      }
      // deleted while being processed: nothing left to do
      if (!(await knowledge.loadForProcessing(fileId))) return;
      if (!context.signal.aborted && context.job.attempts >= context.job.maxAttempts) {
        log.error({ err: error, fileId }, 'knowledge file processing failed for good');
        const problem = { code: 'processingFailed', params: {} } as const;
        await knowledge.fail(fileId, problem, problemText(problem));
        return;
      }
      throw error;
    }
  }

  return { run };
}
