import type { ServerResponse } from 'node:http';
import { headers, type StreamEvent } from '@parley/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHttpSession } from '../../test/fake-http-session';
import { setupTestI18n } from '../../test/render';
import { HttpError, setHttpBaseUrl, setHttpSession } from '../http';
import { bindNotifier } from '../notify';
import { startLocalServer, sseFrame as frame, type LocalHandler } from '../../test/local-server';
import { postEventStream } from './sse-client';
import { StreamProtocolError } from './read-event-stream';

// A fake server: these tests cut the byte stream at chosen places (mid-frame, mid-character) and
// send malformed frames, which the real server never does.
let server: Awaited<ReturnType<typeof startLocalServer>>;
let handle: LocalHandler = (_req, res) => res.end();
const seen: { path: string; accept: string | undefined; visitor: string | undefined; body: string }[] = [];
const toast = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), notice: vi.fn() };
const session = fakeHttpSession();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const start = { chatId: 'c1', title: 'Hello', questionId: 'q1', answerId: 'a1', model: 'offline' };

function openStream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

/** Writes the bytes in the given pieces, pausing between them so each arrives as its own read. */
async function writeInPieces(res: ServerResponse, text: string, cuts: number[]) {
  const bytes = Buffer.from(text, 'utf8');
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    res.write(bytes.subarray(from, cut));
    from = cut;
    await pause(5);
  }
}

beforeAll(async () => {
  await setupTestI18n();
  server = await startLocalServer((req, res, body) => {
    seen.push({
      path: req.url ?? '',
      accept: req.headers.accept,
      visitor: req.headers[headers.visitorToken] as string | undefined,
      body,
    });
    return handle(req, res, body);
  });
  setHttpBaseUrl(server.url);
  bindNotifier(toast);
  setHttpSession(session);
});

afterAll(() => server.close());

beforeEach(() => {
  seen.length = 0;
  toast.error.mockClear();
  session.reset({ visitorToken: 'visitor-token' });
});

function collect() {
  const events: StreamEvent[] = [];
  return { events, onEvent: (event: StreamEvent) => events.push(event) };
}

describe('reading an answer stream', () => {
  it('hands over every event in order, however the bytes were split, and resolves with the last one', async () => {
    const text =
      frame('start', start) +
      ': keep-alive comment\n\n' +
      frame('delta', { text: '你好，' }) +
      frame('delta', { text: 'world' }) +
      frame('future-event', { anything: true }) +
      frame('citations', { citations: [] }) +
      frame('usage', { promptTokens: 12, completionTokens: 3 }) +
      frame('done', { answerId: 'a1', status: 'done' });
    // Cuts fall inside a field name, inside a JSON payload and inside a three-byte character.
    const firstDelta = Buffer.byteLength(frame('start', start) + ': keep-alive comment\n\n', 'utf8');
    handle = async (_req, res) => {
      openStream(res);
      await writeInPieces(res, text, [3, 20, firstDelta + 25, firstDelta + 26, firstDelta + 40]);
      res.end();
    };
    const { events, onEvent } = collect();

    const last = await postEventStream('/api/core/chat/completions', { content: 'hi' }, { onEvent });

    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'delta', 'citations', 'usage', 'done']);
    expect(events.filter((event) => event.event === 'delta').map((event) => event.data.text).join('')).toBe('你好，world');
    expect(last).toEqual({ event: 'done', data: { answerId: 'a1', status: 'done' } });
  });

  it('posts JSON to the visitor twin of the path, asking for an event stream, with the visitor token', async () => {
    handle = (_req, res) => {
      openStream(res);
      res.end(frame('done', { answerId: 'a1', status: 'done' }));
    };
    await postEventStream('/api/core/chat/completions', { content: 'hi' }, collect());
    expect(seen[0]).toMatchObject({
      path: '/api/visitor/core/chat/completions',
      accept: 'text/event-stream',
      visitor: 'visitor-token',
      body: '{"content":"hi"}',
    });
  });

  it('ends with the error event when the model fails', async () => {
    const failure = { answerId: 'a1', kind: 'timeout', message: 'No answer in time', status: null, retryable: true };
    handle = (_req, res) => {
      openStream(res);
      res.end(frame('start', start) + frame('error', failure));
    };
    const { events, onEvent } = collect();
    await expect(postEventStream('/api/core/chat/completions', {}, { onEvent })).resolves.toEqual({ event: 'error', data: failure });
    expect(events.map((event) => event.event)).toEqual(['start', 'error']);
  });
});

describe('when the server refuses before streaming', () => {
  it("rejects with the envelope as an HttpError and toasts the code's text", async () => {
    handle = (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 10005, msg: 'Server wording.', data: null }));
    };
    const error = await postEventStream('/api/core/chat/completions', {}, collect()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 10005, status: 429 });
    expect(toast.error).toHaveBeenCalledWith("You have used today's free messages. Log in to keep chatting.");
  });

  it('stays quiet when asked to, so the screen can explain it', async () => {
    handle = (_req, res) => {
      res.writeHead(410, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 10006, msg: 'This agent is no longer available.', data: null }));
    };
    await expect(postEventStream('/api/core/chat/completions', {}, { ...collect(), silent: true })).rejects.toMatchObject({ code: 10006 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('fetches a fresh visitor token on code -2 and opens the stream with it', async () => {
    handle = (req, res) => {
      if (req.url === '/api/visitor/getToken') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, msg: 'success', data: { visitorToken: 'fresh', expiresAt: '2030-01-01T00:00:00.000Z' } }));
      } else if (req.headers[headers.visitorToken] === 'fresh') {
        openStream(res);
        res.end(frame('done', { answerId: 'a1', status: 'done' }));
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: -2, msg: 'Visitor token invalid', data: null }));
      }
    };
    await expect(postEventStream('/api/core/chat/completions', {}, collect())).resolves.toMatchObject({ event: 'done' });
    expect(seen.map((request) => request.path)).toEqual([
      '/api/visitor/core/chat/completions',
      '/api/visitor/getToken',
      '/api/visitor/core/chat/completions',
    ]);
  });
});

describe('a broken stream', () => {
  it('rejects when the stream ends before done or error', async () => {
    handle = (_req, res) => {
      openStream(res);
      res.end(frame('start', start) + frame('delta', { text: 'half an ans' }));
    };
    const { events, onEvent } = collect();
    await expect(postEventStream('/api/core/chat/completions', {}, { onEvent })).rejects.toBeInstanceOf(StreamProtocolError);
    expect(events.map((event) => event.event)).toEqual(['start', 'delta']);
  });

  it('rejects on an event that is not JSON or does not fit the contract', async () => {
    handle = (_req, res) => {
      openStream(res);
      res.end('event: delta\ndata: {not json\n\n');
    };
    await expect(postEventStream('/api/core/chat/completions', {}, collect())).rejects.toBeInstanceOf(StreamProtocolError);
    handle = (_req, res) => {
      openStream(res);
      res.end(frame('delta', { words: 'no text field' }));
    };
    await expect(postEventStream('/api/core/chat/completions', {}, collect())).rejects.toBeInstanceOf(StreamProtocolError);
  });

  it('rejects with an AbortError when the caller stops it mid-answer', async () => {
    let closed = false;
    handle = (req, res) => {
      openStream(res);
      res.write(frame('start', start));
      req.socket.on('close', () => (closed = true));
    };
    const controller = new AbortController();
    const { events } = collect();
    const onEvent = (event: StreamEvent) => {
      events.push(event);
      if (event.event === 'start') controller.abort();
    };
    await expect(postEventStream('/api/core/chat/completions', {}, { onEvent, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await vi.waitFor(() => expect(closed).toBe(true));
  });
});
