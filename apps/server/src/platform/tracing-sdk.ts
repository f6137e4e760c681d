import { createRequire } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, diag, DiagLogLevel, isSpanContextValid, ROOT_CONTEXT, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';

/** Probes and scrapes every few seconds would bury the requests worth reading. */
const untracedPaths = new Set(['/healthz', '/readyz', '/metrics']);

export interface TracingSdk {
  tracer: Tracer;
  /** @fastify/otel's plugin: registered before any route, it gives each request a server span. */
  requestSpans: FastifyPluginCallback;
  /** The active span's ids, for every log line (pino's mixin). */
  logFields(): Record<string, string>;
  /** From now on the SDK's own complaints (an unreachable collector) go to this log. */
  logTo(log: FastifyBaseLogger): void;
  /** Exports the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

function logFields(): Record<string, string> {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return {};
  const { traceId, spanId, traceFlags } = spanContext;
  return { trace_id: traceId, span_id: spanId, trace_flags: traceFlags.toString(16).padStart(2, '0') };
}

/**
 * The OpenTelemetry SDK as the standard OTEL_* variables set it up (endpoint, headers, timeout,
 * sampler, batch sizes, resource attributes): spans go in batches over OTLP/HTTP (protobuf).
 * Loaded only when traces are wanted (composition/tracing.ts), before pg, ioredis and fastify.
 */
export function startTracingSdk(): TracingSdk {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the default name
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'parley' }))
    .merge(detectResources({ detectors: [envDetector, hostDetector, processDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  provider.register();

  const requests = new FastifyOtelInstrumentation({
    // a span per request and one for its handler; one per hook of every request would be noise
    instrumentHooks: false,
    ignorePaths: (route) => untracedPaths.has(route.url.split('?', 1)[0] ?? ''),
    requestHook: (span, request) => {
      // named and described as the HTTP conventions say: `POST /api/core/chat/completions`, the path without its query
      span.updateName(request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : request.method);
      span.setAttribute('url.path', request.url.split('?', 1)[0] ?? '/');
    },
  });
  registerInstrumentations({
    tracerProvider: provider,
    // only inside a request, job or model call: the job queue's polling would make a trace a second
    instrumentations: [new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }), new IORedisInstrumentation({ requireParentSpan: true }), requests],
  });
  // Their instrumentations patch pg and ioredis as `require` loads them. Loaded here, Node's one copy of
  // each is the patched one, whether the server imports it later from source, as ESM, or from the bundle.
  const require = createRequire(import.meta.url);
  require('pg');
  require('ioredis');

  return {
    tracer: provider.getTracer('parley'),
    requestSpans: requests.plugin(),
    logFields,
    logTo(log) {
      // outside any trace: an export runs in whatever span's context its timer was started in
      const warn = (message: string, ...details: unknown[]) => context.with(ROOT_CONTEXT, () => log.warn({ component: 'tracing', details }, message));
      diag.setLogger({ error: warn, warn, info: () => {}, debug: () => {}, verbose: () => {} }, DiagLogLevel.WARN);
    },
    shutdown: () => provider.shutdown(),
  };
}
