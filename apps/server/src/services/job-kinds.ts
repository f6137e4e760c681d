import type { Database } from '../db/client.js';
import { appActivityRepo } from '../db/repos/app-activity-repo.js';
import { jobRepo } from '../db/repos/job-repo.js';
import type { JobKind } from './job-runner.js';

/** Days leaving the 30-day window lower "popular" scores even without new chats. */
const popularityRefreshMs = 60 * 60 * 1000;
const purgeEveryMs = 24 * 60 * 60 * 1000;
/** Finished jobs stay this long for anyone looking into what ran. */
const finishedJobKeepMs = 7 * 24 * 60 * 60 * 1000;

/** The job kinds and their names; knowledge processing adds its own here. */
export const jobKindNames = {
  popularityRefresh: 'popularity.refresh',
  purgeFinishedJobs: 'jobs.purge',
} as const;

/** Every kind of background job this server runs, with what each needs. */
export function jobKinds(db: Database): Record<string, JobKind> {
  const activity = appActivityRepo(db);
  const jobs = jobRepo(db);
  return {
    [jobKindNames.popularityRefresh]: {
      everyMs: popularityRefreshMs,
      run: async () => {
        await activity.refreshAllPopularity();
      },
    },
    [jobKindNames.purgeFinishedJobs]: {
      everyMs: purgeEveryMs,
      run: async () => {
        await jobs.purgeFinished(new Date(Date.now() - finishedJobKeepMs));
      },
    },
  };
}
