import { z } from 'zod';

export const healthData = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readinessData = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  /** true once the instance got SIGTERM: it finishes what it holds and takes nothing new. */
  shuttingDown: z.boolean().optional(),
});
export type ReadinessData = z.infer<typeof readinessData>;
