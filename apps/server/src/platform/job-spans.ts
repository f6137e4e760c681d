import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { JobTracing } from './job-runner.js';
import { markSpanFailed } from './span-failure.js';

/**
 * Each run of a background job as a trace of its own, `job {kind}` with the job's id, attempt and
 * outcome; the queries it makes are its children. A failed attempt (retrying or failed for good)
 * is an error with what the handler threw; one given back at shutdown or lost to another worker is not.
 */
export function jobSpans(tracer: Tracer): JobTracing {
  return (job, run) =>
    tracer.startActiveSpan(
      `job ${job.kind}`,
      { root: true, attributes: { 'parley.job.kind': job.kind, 'parley.job.id': job.id, 'parley.job.attempt': job.attempts } },
      async (span) => {
        try {
          const result = await run();
          span.setAttribute('parley.job.outcome', result.outcome ?? 'unrecorded');
          if (result.outcome === 'retrying' || result.outcome === 'failed') markSpanFailed(span, result.error);
          else if (result.outcome === null) span.setStatus({ code: SpanStatusCode.ERROR, message: 'recording the result failed' });
          return result;
        } finally {
          span.end();
        }
      },
    );
}
