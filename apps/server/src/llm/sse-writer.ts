import type { ServerResponse } from 'node:http';
import type { StreamEvent } from '@parley/contracts';

/** A comment line keeps proxies from closing a stream that waits long for its first token. */
const keepAliveMs = 15_000;
/**
 * Deltas go out at most this often (the first one at once): about 30 frames a second reads as
 * smooth, and a fast model's tokens then share frames, so far fewer writes and bytes.
 */
const defaultDeltaIntervalMs = 30;

export const eventStreamHeaders = {
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
export class SseWriter {
  private pendingText = '';
  private flushQueued = false;
  private lastWriteAt = Date.now();
  private lastDeltaAt = 0;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly closeListeners: (() => void)[] = [];
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly deltaIntervalMs = defaultDeltaIntervalMs,
  ) {
    this.keepAlive = setInterval(() => {
      if (Date.now() - this.lastWriteAt >= keepAliveMs) this.write(': keep-alive\n\n');
    }, keepAliveMs);
    this.keepAlive.unref();
    res.on('close', () => {
      clearInterval(this.keepAlive);
      // 'close' before our end() means the client went away mid-answer
      if (!this.ended) for (const listener of this.closeListeners) listener();
    });
  }

  /** Sends the status line and headers; nothing is buffered by Node or by proxies after this. */
  open(extraHeaders: Record<string, string>) {
    this.res.writeHead(200, { ...eventStreamHeaders, ...extraHeaders });
    this.res.flushHeaders();
  }

  /** The client is gone (or the response ended): writing is pointless. */
  get closed(): boolean {
    return this.ended || this.res.destroyed || this.res.writableEnded;
  }

  /** Runs `listener` once when the client disconnects before the stream ended (at once if it already has). */
  onDisconnect(listener: () => void) {
    if (this.closed && !this.ended) listener();
    else this.closeListeners.push(listener);
  }

  delta(text: string) {
    if (text === '' || this.closed) return;
    this.pendingText += text;
    if (!this.flushQueued) {
      this.flushQueued = true;
      const wait = this.lastDeltaAt + this.deltaIntervalMs - Date.now();
      if (wait > 0) setTimeout(this.flushDeltas, wait);
      else setImmediate(this.flushDeltas);
    }
  }

  send(event: Exclude<StreamEvent, { event: 'delta' }>) {
    this.flushDeltas();
    this.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  }

  /** The socket's buffer is full: the caller should wait for `drained()` before producing more. */
  get congested(): boolean {
    return !this.closed && this.res.writableNeedDrain;
  }

  /** Resolves once the socket takes writes again, the client is gone, or `signal` aborts. */
  drained(signal: AbortSignal): Promise<void> {
    if (!this.congested || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
      signal.addEventListener('abort', done);
    });
  }

  end() {
    this.flushDeltas();
    this.ended = true;
    clearInterval(this.keepAlive);
    if (!this.res.destroyed && !this.res.writableEnded) this.res.end();
  }

  /** Bound once: it runs from timers. A flush that finds nothing pending (send() came first) does nothing. */
  private readonly flushDeltas = () => {
    this.flushQueued = false;
    if (this.pendingText === '') return;
    const text = this.pendingText;
    this.pendingText = '';
    this.lastDeltaAt = Date.now();
    this.write(`event: delta\ndata: {"text":${JSON.stringify(text)}}\n\n`);
  };

  private write(frame: string) {
    if (this.closed) return;
    this.lastWriteAt = Date.now();
    this.res.write(frame);
  }
}
