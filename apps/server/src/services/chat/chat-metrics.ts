import type { StreamErrorKind } from '@parley/contracts';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What the answer pipeline reports about its streams. */
export interface ChatStreamMetrics {
  streamStarted(): void;
  firstToken(seconds: number): void;
  streamEnded(status: 'done' | 'stopped' | 'error'): void;
  upstreamError(kind: StreamErrorKind): void;
  /** A context-length refusal was answered by asking again with a shorter prompt. */
  contextRetried(): void;
}

export function createChatMetrics(registry: Registry): ChatStreamMetrics {
  const inFlight = new Gauge({
    name: 'chat_streams_in_flight',
    help: 'Answer streams running now',
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: 'chat_time_to_first_token_seconds',
    help: 'From the question arriving to the first answer text sent',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers: [registry],
  });
  const ended = new Counter({
    name: 'chat_streams_total',
    help: 'Answer streams finished, by final status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'chat_upstream_errors_total',
    help: 'Answers that failed, by error kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const contextRetries = new Counter({
    name: 'chat_context_retries_total',
    help: 'Questions asked again with a shorter prompt after the model service said the context was too long',
    registers: [registry],
  });
  return {
    streamStarted: () => inFlight.inc(),
    firstToken: (seconds) => firstToken.observe(seconds),
    streamEnded: (status) => {
      inFlight.dec();
      ended.inc({ status });
    },
    upstreamError: (kind) => upstreamErrors.inc({ kind }),
    contextRetried: () => contextRetries.inc(),
  };
}
