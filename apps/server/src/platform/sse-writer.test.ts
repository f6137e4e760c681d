import { createServer, get, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseWriter, type FrameRecorder } from './sse-writer.js';
import type { LoggedEvent } from './stream-log.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real HTTP exchange: `handle` writes the response, the test reads it as it arrives. */
async function exchange(handle: (res: ServerResponse) => void | Promise<void>) {
  const server = createServer((_req, res) => void handle(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: controller.signal });
  return { response, controller, body: () => response.text() };
}

const frames = (body: string) => body.split('\n\n').filter(Boolean);

describe('SseWriter', () => {
  it('sends the event-stream headers and events as `event:` / `data:` frames', async () => {
    const { response, body } = await exchange((res) => {
      const writer = new SseWriter(res);
      writer.open({ 'x-request-id': 'req-1' });
      writer.send({ event: 'usage', data: { promptTokens: 3, completionTokens: 4 } });
      writer.end();
    });
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': 'req-1',
    });
    expect(await body()).toBe('event: usage\ndata: {"promptTokens":3,"completionTokens":4}\n\n');
  });

  it('numbers each frame with the offset its recorder logged it at, and replays logged frames as they first went out', async () => {
    const logged: LoggedEvent[] = [];
    const recorder: FrameRecorder = (event, data) => logged.push({ offset: logged.length + 1, event, data });
    const first = await exchange((res) => {
      const writer = new SseWriter(res, 0, recorder);
      writer.open({});
      writer.delta('Hello');
      writer.send({ event: 'usage', data: { promptTokens: 1, completionTokens: 1 } });
      writer.end();
    });
    const sent = await first.body();
    expect(sent).toBe('id: 1\nevent: delta\ndata: {"text":"Hello"}\n\nid: 2\nevent: usage\ndata: {"promptTokens":1,"completionTokens":1}\n\n');

    const resumed = await exchange((res) => {
      const writer = new SseWriter(res);
      writer.open({});
      for (const frame of logged) writer.replay(frame);
      writer.end();
    });
    expect(await resumed.body()).toBe(sent);
  });

  it('sends the first delta at once and coalesces the ones that follow within the interval into one frame', async () => {
    const { body } = await exchange((res) => {
      // An interval far longer than the test: only the next event can flush the pending text.
      const writer = new SseWriter(res, 60_000);
      writer.open({});
      writer.delta('He');
      for (const text of ['llo', ', "wo', 'rld"', '\n']) writer.delta(text);
      // pending text goes out before any other event
      writer.send({ event: 'done', data: { answerId: 'a', status: 'done' } });
      writer.end();
    });
    expect(frames(await body())).toEqual([
      'event: delta\ndata: {"text":"He"}',
      'event: delta\ndata: {"text":"llo, \\"world\\"\\n"}',
      'event: done\ndata: {"answerId":"a","status":"done"}',
    ]);
  });

  it('flushes coalesced text when the interval ends, without waiting for another event', async () => {
    let writer: SseWriter | undefined;
    const { response } = await exchange((res) => {
      writer = new SseWriter(res, 30);
      writer.open({});
      writer.delta('a');
      writer.delta('b');
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (frames(received).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }
    writer?.end();
    expect(frames(received)).toEqual(['event: delta\ndata: {"text":"a"}', 'event: delta\ndata: {"text":"b"}']);
  });

  it('sends the headers on their own when no frame follows them at once', async () => {
    let writer: SseWriter | undefined;
    // the response (its headers) arrives although nothing is written after open()
    const { response } = await exchange((res) => {
      writer = new SseWriter(res);
      writer.open({ 'x-request-id': 'req-2' });
    });
    expect(response.headers.get('x-request-id')).toBe('req-2');
    writer?.end();
  });

  it('says how long until a delta would go out at once', async () => {
    const waits: number[] = [];
    const { body } = await exchange((res) => {
      const writer = new SseWriter(res, 60_000);
      writer.open({});
      waits.push(writer.untilNextDelta);
      writer.delta('a');
      waits.push(writer.untilNextDelta);
      writer.end();
    });
    await body();
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeGreaterThan(59_000);
  });

  it('tells when the client goes away before the end, and then writes nothing more', async () => {
    let writer: SseWriter | undefined;
    const disconnected = new Promise<void>((resolve) => {
      const server = createServer((_req, res) => {
        writer = new SseWriter(res);
        writer.open({});
        writer.delta('partial');
        writer.onDisconnect(resolve);
      });
      servers.push(server);
      server.listen(0, '127.0.0.1', () => {
        const request = get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, (response) => {
          response.once('data', () => request.destroy());
        });
        request.on('error', () => undefined);
      });
    });
    await disconnected;
    expect(writer?.closed).toBe(true);
    writer?.delta('ignored');
    writer?.send({ event: 'done', data: { answerId: 'a', status: 'stopped' } });
    writer?.end();
  });

  it('reports a full socket buffer, and waits for it to drain unless the signal aborts', async () => {
    const seen: string[] = [];
    let startReading: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (startReading = resolve));
    const { body } = await exchange(async (res) => {
      const writer = new SseWriter(res);
      writer.open({});
      const filler = 'x'.repeat(64 * 1024);
      // the client does not read yet: write until the kernel's buffers are full too
      do {
        writer.send({ event: 'error', data: { answerId: null, kind: 'internal', message: filler, status: null, retryable: true } });
        await new Promise((resolve) => setImmediate(resolve));
      } while (!writer.congested);
      const stopped = new AbortController();
      stopped.abort();
      await writer.drained(stopped.signal);
      seen.push(writer.congested ? 'congested after an aborted wait' : 'drained');
      startReading();
      await writer.drained(new AbortController().signal);
      seen.push(writer.congested ? 'congested' : 'drained');
      writer.end();
    });
    await reading;
    expect((await body()).length).toBeGreaterThan(64 * 1024);
    expect(seen).toEqual(['congested after an aborted wait', 'drained']);
  });
});
