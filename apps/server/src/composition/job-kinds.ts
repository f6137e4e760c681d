import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { appActivityRepo } from '../db/repos/app-activity-repo.js';
import { jobRepo } from '../db/repos/job-repo.js';
import { knowledgeRepo } from '../db/repos/knowledge-repo.js';
import type { ParseLimits } from '../knowledge/parse-in-worker.js';
import type { JobKind } from '../platform/job-runner.js';
import type { ObjectStorage } from '../platform/object-storage.js';
import { createKnowledgeProcessor, knowledgeProcessJob } from '../services/knowledge/knowledge-processing.js';

/** Days leaving the 30-day window lower "popular" scores even without new chats. */
const popularityRefreshMs = 60 * 60 * 1000;
const purgeEveryMs = 24 * 60 * 60 * 1000;
/** Finished jobs stay this long for anyone looking into what ran. */
const finishedJobKeepMs = 7 * 24 * 60 * 60 * 1000;
/** Knowledge jobs stay longer: the console's dashboard counts those queued and failed over 30 days. */
const knowledgeJobKeepMs = 31 * 24 * 60 * 60 * 1000;

/** The job kinds and their names. */
export const jobKindNames = {
  popularityRefresh: 'popularity.refresh',
  purgeFinishedJobs: 'jobs.purge',
  knowledgeProcess: knowledgeProcessJob,
  storageSweep: 'storage.sweep',
} as const;

/** How often objects no row names any more are deleted from the bucket (only with object storage). */
const storageSweepMs = 5 * 60 * 1000;

export interface JobKindSettings {
  log: FastifyBaseLogger;
  /** KNOWLEDGE_MAX_PDF_PAGES: a longer PDF fails processing. */
  maxPdfPages: number;
  /** KNOWLEDGE_PARSE_TIMEOUT_MS and KNOWLEDGE_PARSE_MEMORY_MB: what one file's parse may take. */
  parseLimits: ParseLimits;
  /** Embeds a knowledge file's new chunks when hybrid search is on (services.retrieval.embedChunks). */
  embedChunks?: (appId: string, chunkIds: string[]) => Promise<unknown>;
  /** Where uploaded files are kept (services.storage). */
  storage: ObjectStorage;
}

/** Every kind of background job this server runs, with what each needs. */
export function jobKinds(db: Database, settings: JobKindSettings): Record<string, JobKind> {
  const activity = appActivityRepo(db);
  const jobs = jobRepo(db);
  const knowledge = createKnowledgeProcessor({
    knowledge: knowledgeRepo(db),
    storage: settings.storage,
    log: settings.log,
    embed: settings.embedChunks,
    settings: { maxPdfPages: settings.maxPdfPages, parse: settings.parseLimits },
  });
  const storageKinds: Record<string, JobKind> =
    settings.storage.backend === 's3'
      ? {
          [jobKindNames.storageSweep]: {
            everyMs: storageSweepMs,
            run: async () => {
              const removed = await settings.storage.sweep();
              if (removed > 0) settings.log.info({ removed }, 'deleted objects no file names any more');
            },
          },
        }
      : {};
  return {
    ...storageKinds,
    [jobKindNames.popularityRefresh]: {
      everyMs: popularityRefreshMs,
      run: async () => {
        await activity.refreshAllPopularity();
      },
    },
    [jobKindNames.purgeFinishedJobs]: {
      everyMs: purgeEveryMs,
      run: async () => {
        const now = Date.now();
        await jobs.purgeFinished(new Date(now - finishedJobKeepMs), { kinds: [knowledgeProcessJob], before: new Date(now - knowledgeJobKeepMs) });
      },
    },
    [jobKindNames.knowledgeProcess]: {
      run: async (payload, context) => {
        if (typeof payload.fileId !== 'string') throw new Error('knowledge.process needs a fileId');
        await knowledge.run(payload.fileId, context);
      },
    },
  };
}
