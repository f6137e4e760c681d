import { context, SpanKind, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { markSpanFailed } from '../platform/span-failure.js';
import type { Embedder } from './embedder.js';
import { isProviderError, type PromptMessage, type Provider, type ProviderChunk, type StreamParams } from './provider.js';

export interface ModelCallSpanOptions {
  tracer: Tracer;
  /** The service's base URL: its host and port go on each span (`server.address`, `server.port`). */
  endpoint: string;
}

/**
 * The GenAI conventions' name for a client of the OpenAI API, which every configured service
 * speaks (OpenAI, DeepSeek, Ollama, vLLM ...); `server.address` and the models tell them apart.
 */
const providerName = 'openai';

function serverAttributes(endpoint: string): Attributes {
  if (!URL.canParse(endpoint)) return {};
  const url = new URL(endpoint);
  return { 'server.address': url.hostname, 'server.port': url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
}

/** What a chunk tells about the call, recorded on its span as it passes. */
function record(span: Span, chunk: ProviderChunk): void {
  if (chunk.type === 'usage') {
    span.setAttributes({ 'gen_ai.usage.input_tokens': chunk.promptTokens, 'gen_ai.usage.output_tokens': chunk.completionTokens });
    if (chunk.reasoningTokens != null) span.setAttribute('gen_ai.usage.reasoning.output_tokens', chunk.reasoningTokens);
  } else if (chunk.type === 'model') {
    span.setAttribute('gen_ai.response.model', chunk.name);
  } else if (chunk.type === 'finish') {
    span.setAttribute('gen_ai.response.finish_reasons', [chunk.reason]);
  }
}

async function* streamInSpan(
  provider: Provider,
  { tracer, server }: { tracer: Tracer; server: Attributes },
  messages: PromptMessage[],
  params: StreamParams,
  signal: AbortSignal,
): AsyncGenerator<ProviderChunk> {
  const span = tracer.startSpan(`chat ${params.model}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': providerName,
      // the name before gen_ai.provider.name, still read by many backends
      'gen_ai.system': providerName,
      'gen_ai.request.model': params.model,
      'gen_ai.request.temperature': params.temperature,
      'gen_ai.request.top_p': params.topP,
      'gen_ai.request.max_tokens': params.maxOutputTokens,
      'gen_ai.request.stream': true,
      ...server,
    },
  });
  const within = trace.setSpan(context.active(), span);
  const startedAt = performance.now();
  let answering = false;
  // each pull runs inside the span, so what the provider does meanwhile (its request, its logs) belongs to it
  const chunks = context.with(within, () => provider.stream(messages, params, signal)[Symbol.asyncIterator]());
  try {
    for (;;) {
      const next = await context.with(within, () => chunks.next());
      if (next.done) return;
      const chunk = next.value;
      if (!answering && (chunk.type === 'delta' || chunk.type === 'reasoning')) {
        answering = true;
        span.setAttribute('gen_ai.response.time_to_first_chunk', (performance.now() - startedAt) / 1000);
      }
      record(span, chunk);
      yield chunk;
    }
  } catch (error) {
    markSpanFailed(span, error, isProviderError(error) ? error.kind : undefined);
    throw error;
  } finally {
    // a reader that stopped early ends the provider's stream too (it closes the upstream request)
    await chunks.return?.();
    span.end();
  }
}

/**
 * The model service with each answer in a `chat {model}` span, as the OpenTelemetry GenAI
 * conventions describe one: the request's model and sampling, then the model that answered, the
 * tokens, why it stopped and the time to its first chunk; a failure marks it with the provider's
 * kind of failure as `error.type`. A reader's stop ends it without an error.
 */
export function traceModelCalls(provider: Provider, { tracer, endpoint }: ModelCallSpanOptions): Provider {
  const traced = { tracer, server: serverAttributes(endpoint) };
  return { ...provider, stream: (messages, params, signal) => streamInSpan(provider, traced, messages, params, signal) };
}

/** The embedding service with each call in an `embeddings {model}` span (GenAI conventions). */
export function traceEmbeddings(embedder: Embedder, { tracer, endpoint }: ModelCallSpanOptions): Embedder {
  const attributes: Attributes = {
    'gen_ai.operation.name': 'embeddings',
    'gen_ai.provider.name': providerName,
    'gen_ai.system': providerName,
    'gen_ai.request.model': embedder.model,
    ...serverAttributes(endpoint),
  };
  return {
    model: embedder.model,
    embed: (texts, signal) => {
      if (texts.length === 0) return embedder.embed(texts, signal);
      return tracer.startActiveSpan(`embeddings ${embedder.model}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
        try {
          const vectors = await embedder.embed(texts, signal);
          span.setAttribute('gen_ai.embeddings.dimension.count', vectors[0]?.length ?? 0);
          return vectors;
        } catch (error) {
          markSpanFailed(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
  };
}
