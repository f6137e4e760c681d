import { Counter, Gauge, type Registry } from 'prom-client';
import type { JobDepth } from '../db/repos/job-repo.js';
import type { JobOutcome } from './job-runner.js';

/** Job queue depth (read from the database at each scrape) and finished jobs by outcome. */
export function createJobMetrics(registry: Registry, depth: () => Promise<JobDepth[]>) {
  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Background jobs queued or running in the shared queue, by kind and status',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await depth().catch(() => [])) this.set({ kind: row.kind, status: row.status }, row.count);
    },
  });
  const finished = new Counter({
    name: 'jobs_finished_total',
    help: 'Background job attempts this instance ended, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  return { finished: (kind: string, outcome: JobOutcome) => finished.inc({ kind, outcome }) };
}
