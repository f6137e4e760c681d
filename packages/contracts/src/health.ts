import { z } from 'zod';

export const healthData = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readinessData = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
});
export type ReadinessData = z.infer<typeof readinessData>;
