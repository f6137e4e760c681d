import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { asOpenAIErrorBody } from './vendor-errors.js';

/**
 * The Node stream behind each successful response `requestFetch` made. An answer's body is read
 * from it directly: undici's fetch hands every network read through web streams, which costs
 * about a third more CPU per streamed token.
 */
const nodeBodies = new WeakMap<Response, Readable>();

/** The most of an error body read; an error page longer than this is cut. */
const maxErrorBodyBytes = 64 * 1024;

/** Statuses whose responses carry no body (the Response constructor refuses one). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/** The body of a response `requestFetch` made, as a Node stream; undefined for any other response. */
export function nodeBodyOf(response: Response): Readable | undefined {
  return nodeBodies.get(response);
}

/**
 * A fetch for the OpenAI SDK over undici's `request` through `dispatcher`. The Response it gives
 * the SDK reads its body only when asked (error bodies, non-streamed calls); a streamed answer is
 * read through nodeBodyOf instead, never both.
 */
export function createRequestFetch(dispatcher: Dispatcher) {
  return async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const { statusCode, headers: received, body } = await request(String(url instanceof Request ? url.url : url), {
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers,
      body: init.body as string | Buffer | null | undefined,
      signal: init.signal ?? undefined,
      dispatcher,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(received)) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) responseHeaders.append(name, item);
    }
    if (nullBodyStatuses.has(statusCode)) {
      body.resume();
      return new Response(null, { status: statusCode, headers: responseHeaders });
    }
    if (statusCode >= 400) {
      // Whatever shape the vendor's error has, the SDK reads it as OpenAI's (vendor-errors.ts).
      const text = await readCapped(body, maxErrorBodyBytes);
      responseHeaders.set('content-type', 'application/json');
      responseHeaders.delete('content-length');
      responseHeaders.delete('content-encoding');
      return new Response(asOpenAIErrorBody(text), { status: statusCode, headers: responseHeaders });
    }
    const response = new Response(pulledOnDemand(body), { status: statusCode, headers: responseHeaders });
    nodeBodies.set(response, body);
    return response;
  };
}

/** The body's text up to `maxBytes`; the rest is dropped unread. */
async function readCapped(body: Readable, maxBytes: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    parts.push(part);
    size += part.length;
    if (size >= maxBytes) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, maxBytes).toString('utf8');
}

/** A web stream over `body` that reads nothing until it is read itself. */
function pulledOnDemand(body: Readable): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
