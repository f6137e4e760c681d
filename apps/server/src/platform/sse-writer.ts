import type { ServerResponse } from 'node:http';
import type { StreamEvent, StreamEventName } from '@parley/contracts';
import { drainOf, type AnswerWriter } from './answer-writer.js';

/** Keeps each frame for resuming (platform/stream-log.ts) and answers its offset, sent as the SSE id. */
export type FrameRecorder = (event: StreamEventName, data: string) => number;

/** A comment line keeps proxies from closing a stream that waits long for its first token. */
const keepAliveMs = 15_000;
/**
 * Deltas go out at most this often (the first one at once): about 30 frames a second reads as
 * smooth, and a fast model's tokens then share frames, so far fewer writes and bytes.
 */
const defaultDeltaIntervalMs = 30;

const eventStreamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * Writes the answer stream's events to a raw response. Deltas are coalesced: those arriving
 * within `deltaIntervalMs` of the last delta frame go out together as one frame, serialised as
 * `{"text":...}` by hand, so nothing but the new text is ever encoded.
 */
export class SseWriter implements AnswerWriter {
  private pendingText = '';
  private flushQueued = false;
  private lastWriteAt = Date.now();
  private lastDeltaAt = 0;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly closeListeners: (() => void)[] = [];
  private ended = false;
  /** Headers written by open() that no frame has carried out yet. */
  private headPending = false;
  /** The client went away before the end: the connection is torn down, never kept alive. */
  private gone = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly deltaIntervalMs = defaultDeltaIntervalMs,
    /** With a recorder, frames keep being recorded after the client left, so it can resume. */
    private readonly record?: FrameRecorder,
  ) {
    this.keepAlive = setInterval(() => {
      if (Date.now() - this.lastWriteAt >= keepAliveMs) this.write(': keep-alive\n\n');
    }, keepAliveMs);
    this.keepAlive.unref();
    res.on('close', () => {
      clearInterval(this.keepAlive);
      // 'close' before our end() means the client went away mid-answer
      if (!this.ended) {
        this.gone = true;
        for (const listener of this.closeListeners) listener();
      }
    });
  }

  /**
   * Sends the status line and headers; nothing is buffered by Node or by proxies after this. A
   * frame written in the same tick (the answer's start) goes out with them, in one write.
   */
  open(extraHeaders: Record<string, string>) {
    this.res.writeHead(200, { ...eventStreamHeaders, ...extraHeaders });
    this.headPending = true;
    queueMicrotask(() => {
      if (!this.headPending || this.closed) return;
      this.headPending = false;
      this.res.flushHeaders();
    });
  }

  /** The client is gone (or the response ended): writing is pointless. */
  get closed(): boolean {
    return this.ended || this.gone || this.res.destroyed || this.res.writableEnded;
  }

  /** Runs `listener` once when the client disconnects before the stream ended (at once if it already has). */
  onDisconnect(listener: () => void) {
    if (this.closed && !this.ended) listener();
    else this.closeListeners.push(listener);
  }

  delta(text: string) {
    if (text === '' || this.ended || (this.closed && !this.record)) return;
    this.pendingText += text;
    if (this.flushQueued) return;
    const wait = this.lastDeltaAt + this.deltaIntervalMs - Date.now();
    // A delta after a quiet interval (the first one above all) goes out at once, without a timer.
    if (wait <= 0) return this.flushDeltas();
    this.flushQueued = true;
    setTimeout(this.flushDeltas, wait);
  }

  /** Milliseconds until a delta would go out at once (0: now), for a writer that wants to hand over a frame's text in one piece. */
  get untilNextDelta(): number {
    return this.flushQueued ? 0 : Math.max(0, this.lastDeltaAt + this.deltaIntervalMs - Date.now());
  }

  send(event: Exclude<StreamEvent, { event: 'delta' }>) {
    this.flushDeltas();
    this.frame(event.event, JSON.stringify(event.data));
  }

  /** Sends an event as it was logged when it first went out (a resumed stream), with its offset as the SSE id. */
  replay(logged: { offset: number; event: StreamEventName; data: string }) {
    this.writeFrame(logged.offset, logged.event, logged.data);
  }

  /** The socket's buffer is full: the caller should wait for `drained()` before producing more. */
  get congested(): boolean {
    return !this.closed && this.res.writableNeedDrain;
  }

  /** Resolves once the socket takes writes again, the client is gone, or `signal` aborts. */
  drained(signal: AbortSignal): Promise<void> {
    if (!this.congested || signal.aborted) return Promise.resolve();
    return drainOf(this.res, signal);
  }

  end() {
    this.flushDeltas();
    this.ended = true;
    clearInterval(this.keepAlive);
    if (this.gone) this.res.destroy();
    else if (!this.res.destroyed && !this.res.writableEnded) this.res.end();
  }

  /** Bound once: it runs from timers. A flush that finds nothing pending (send() came first) does nothing. */
  private readonly flushDeltas = () => {
    this.flushQueued = false;
    if (this.pendingText === '') return;
    const text = this.pendingText;
    this.pendingText = '';
    this.lastDeltaAt = Date.now();
    this.frame('delta', `{"text":${JSON.stringify(text)}}`);
  };

  private frame(event: StreamEventName, data: string) {
    this.writeFrame(this.record?.(event, data), event, data);
  }

  private writeFrame(offset: number | undefined, event: StreamEventName, data: string) {
    const id = offset === undefined ? '' : `id: ${offset}\n`;
    this.write(`${id}event: ${event}\ndata: ${data}\n\n`);
  }

  private write(frame: string) {
    if (this.closed) return;
    this.lastWriteAt = Date.now();
    this.headPending = false;
    this.res.write(frame);
  }
}
