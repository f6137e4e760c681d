import { Counter, type Registry } from 'prom-client';

/** Which text of a chat was checked: the question asked, or the answer written. */
export type ModerationStage = 'question' | 'answer';
/** What refused it: the operators' keyword list, or the moderation endpoint. */
export type ModerationRule = 'keywords' | 'endpoint';

/** What chat moderation reports to operators. */
export interface ModerationMetrics {
  refused(stage: ModerationStage, by: ModerationRule): void;
  /** The endpoint could not be asked, so the text went through unchecked by it. */
  endpointFailed(stage: ModerationStage): void;
}

export function createModerationMetrics(registry: Registry): ModerationMetrics {
  const refusals = new Counter({
    name: 'moderation_refusals_total',
    help: 'Chat questions refused and answers cut by the content check, by stage and by what flagged them',
    labelNames: ['stage', 'by'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'moderation_errors_total',
    help: 'Chat texts the moderation endpoint could not check (error or timeout), let through, by stage',
    labelNames: ['stage'] as const,
    registers: [registry],
  });
  return {
    refused: (stage, by) => refusals.inc({ stage, by }),
    endpointFailed: (stage) => errors.inc({ stage }),
  };
}
