import { SpanStatusCode, type Span } from '@opentelemetry/api';

/** Marks a span failed as the conventions say: error status, `error.type` (a low-cardinality class of failure), the exception as an event. */
export function markSpanFailed(span: Span, error: unknown, type = errorTypeOf(error)): void {
  span.setAttribute('error.type', type);
  if (error instanceof Error) {
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  } else {
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
  }
}

function errorTypeOf(error: unknown): string {
  return error instanceof Error ? error.name : '_OTHER';
}
