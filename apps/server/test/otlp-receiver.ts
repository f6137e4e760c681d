import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

/**
 * What the receiver reads of OTLP's ExportTraceServiceRequest: the messages and field numbers of
 * opentelemetry-proto (collector/trace/v1, trace/v1, common/v1, resource/v1), fields not read left out.
 */
const traceProto = `
syntax = "proto3";
package otlp;
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
message InstrumentationScope { string name = 1; string version = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8;
  repeated KeyValue attributes = 9; repeated Event events = 11; Status status = 15;
}
message Event { fixed64 time_unix_nano = 1; string name = 2; repeated KeyValue attributes = 3; }
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; ArrayValue array_value = 5; }
}
message ArrayValue { repeated AnyValue values = 1; }
`;
const exportRequest = protobuf.parse(traceProto).root.lookupType('otlp.ExportTraceServiceRequest');

type Value = string | number | boolean | Value[];
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}

/** A span as the receiver got it: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Null for the root of a trace. */
  parentSpanId: string | null;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  startNanos: number;
  endNanos: number;
  attributes: Record<string, Value>;
  events: { name: string; attributes: Record<string, Value> }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** The instrumentation that made it (e.g. @opentelemetry/instrumentation-pg). */
  scope: string;
  resource: Record<string, Value>;
}

export const spanKind = { internal: 1, server: 2, client: 3 } as const;

function valueOf(value: AnyValue | undefined): Value {
  if (value?.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return value?.stringValue ?? value?.boolValue ?? value?.intValue ?? value?.doubleValue ?? '';
}

function attributesOf(list: KeyValue[] | undefined): Record<string, Value> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

const hex = (base64: string | undefined) => Buffer.from(base64 ?? '', 'base64').toString('hex');

interface DecodedSpan {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  kind?: number;
  startTimeUnixNano?: number;
  endTimeUnixNano?: number;
  attributes?: KeyValue[];
  events?: { name?: string; attributes?: KeyValue[] }[];
  status?: { code?: number; message?: string };
}
interface DecodedRequest {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { scope?: { name?: string }; spans?: DecodedSpan[] }[] }[];
}

/** The spans of one OTLP/HTTP protobuf export request. */
export function decodeTraceExport(body: Buffer): ReceivedSpan[] {
  const message = exportRequest.toObject(exportRequest.decode(body), { longs: Number, bytes: String }) as DecodedRequest;
  return (message.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: hex(span.traceId),
        spanId: hex(span.spanId),
        parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : null,
        name: span.name ?? '',
        kind: span.kind ?? 0,
        startNanos: span.startTimeUnixNano ?? 0,
        endNanos: span.endTimeUnixNano ?? 0,
        attributes: attributesOf(span.attributes),
        events: (span.events ?? []).map((event) => ({ name: event.name ?? '', attributes: attributesOf(event.attributes) })),
        status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
        scope: scopeSpans.scope?.name ?? '',
        resource,
      })),
    );
  });
}

export interface OtlpReceiver {
  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT (spans arrive at its /v1/traces). */
  url: string;
  /** Every span received so far. */
  spans: ReceivedSpan[];
  /** The export requests received, with the headers they came with. */
  requests: { headers: Record<string, string | string[] | undefined> }[];
  close(): Promise<void>;
}

/**
 * An OTLP/HTTP trace receiver on loopback, as a collector is one: POST /v1/traces with a protobuf
 * (optionally gzipped) ExportTraceServiceRequest, answered with an empty ExportTraceServiceResponse.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (request.headers['content-type'] !== 'application/x-protobuf') {
        response.writeHead(415).end();
        return;
      }
      const raw = Buffer.concat(parts);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      requests.push({ headers: request.headers });
      spans.push(...decodeTraceExport(body));
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
