import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import type { Embedder } from '../llm/embedder.js';
import type { Provider } from '../llm/provider.js';
import type { JobTracing } from '../platform/job-runner.js';

/** What tracing adds to the server when an OTLP endpoint is set (README "Traces"). */
export interface Tracing {
  /** A server span for each request and one for its handler; registered before any other plugin. */
  requestSpans: FastifyPluginCallback;
  /** `trace_id` and `span_id` of the active span, on every log line written inside one (pino's mixin). */
  logFields(): Record<string, string>;
  /** The model service with each answer in a `chat {model}` span. */
  modelCalls(provider: Provider, endpoint: string): Provider;
  /** The embedding service with each call in an `embeddings {model}` span. */
  embeddings(embedder: Embedder, endpoint: string): Embedder;
  /** Each background job's run in a `job {kind}` span. */
  jobs: JobTracing;
  /** Where the exporter's complaints go (a collector out of reach), and a word on settings it does not follow. */
  logTo(log: FastifyBaseLogger): void;
  /** Exports the spans still buffered (for at most 3 seconds) and stops: the last step of a graceful shutdown. */
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/**
 * Traces are exported when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT, or the
 * traces-only OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED or
 * OTEL_TRACES_EXPORTER=none turns them off. An empty value counts as unset.
 */
export function tracesWanted(env: Env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && env.OTEL_TRACES_EXPORTER?.trim() !== 'none';
}

/** The one wire format sent: OTLP over HTTP, as protobuf. */
const sentProtocol = 'http/protobuf';

/** The longest the last export may hold up a shutdown: a collector out of reach must not keep the process from exiting. */
const lastExportLimitMs = 3000;

/**
 * Starts tracing when it is wanted, before anything imports pg, ioredis or fastify (their
 * instrumentations patch them as they load). Off, it loads nothing of OpenTelemetry: null.
 */
export async function startTracing(env: Env): Promise<Tracing | null> {
  if (!tracesWanted(env)) return null;
  const [{ startTracingSdk }, { traceEmbeddings, traceModelCalls }, { jobSpans }] = await Promise.all([
    import('../platform/tracing-sdk.js'),
    import('../llm/model-call-spans.js'),
    import('../platform/job-spans.js'),
  ]);
  const sdk = startTracingSdk();
  const { tracer } = sdk;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  return {
    requestSpans: sdk.requestSpans,
    logFields: sdk.logFields,
    modelCalls: (provider, endpoint) => traceModelCalls(provider, { tracer, endpoint }),
    embeddings: (embedder, endpoint) => traceEmbeddings(embedder, { tracer, endpoint }),
    jobs: jobSpans(tracer),
    logTo(log) {
      sdk.logTo(log);
      if (protocol && protocol !== sentProtocol) log.warn({ protocol, sent: sentProtocol }, `traces are sent as ${sentProtocol}, not as the OTLP protocol set`);
    },
    shutdown: () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, lastExportLimitMs).unref();
        // an export that fails has been reported to the log already (logTo)
        sdk.shutdown().then(resolve, () => resolve());
      }),
  };
}
