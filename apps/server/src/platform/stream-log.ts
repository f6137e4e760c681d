import type { StreamEventName } from '@parley/contracts';

/** One event of an answer stream as sent: `offset` is its SSE id, counting from 1. */
export interface LoggedEvent {
  offset: number;
  event: StreamEventName;
  /** The event's JSON, exactly as it went out. */
  data: string;
}

/** Writes one answer's events as they go out. */
export interface StreamRecorder {
  /** Logs the event and answers its offset. */
  append(event: StreamEventName, data: string): number;
  /** The stream ended (its last event appended): the log is kept a while for late resumes. */
  end(): void;
  /** Someone is following the stream (a resumed connection, on this instance or another). */
  watched(): Promise<boolean>;
}

/**
 * The events of answers being written, kept so a browser that lost its connection (or reloaded)
 * can resume from the last offset it received: in process for one instance, in Redis streams
 * when several instances share the work (redis-stream-log.ts).
 */
export interface StreamLog {
  open(streamId: string, ownerKey: string): StreamRecorder;
  /**
   * The events after `after`, then the live ones until the last (done or error). Null when the
   * stream is unknown, expired, or not `ownerKey`'s: callers answer all three the same way.
   */
  follow(streamId: string, ownerKey: string, after: number, signal: AbortSignal): Promise<AsyncIterable<LoggedEvent> | null>;
  close(): Promise<void>;
}

export const finalEvents: ReadonlySet<StreamEventName> = new Set(['done', 'error']);

/** How long a finished stream's log is kept for a late resume. */
export const endedStreamKeepMs = 5 * 60_000;

interface LocalStream {
  ownerKey: string;
  events: LoggedEvent[];
  ended: boolean;
  watchers: number;
  wake: Set<() => void>;
}

/** The log in this process's memory: enough for one instance, whose streams die with it. */
export function createLocalStreamLog(keepMs = endedStreamKeepMs): StreamLog {
  const streams = new Map<string, LocalStream>();
  const timers = new Set<NodeJS.Timeout>();

  function notify(stream: LocalStream) {
    for (const wake of stream.wake) wake();
    stream.wake.clear();
  }

  return {
    open(streamId, ownerKey) {
      const stream: LocalStream = { ownerKey, events: [], ended: false, watchers: 0, wake: new Set() };
      streams.set(streamId, stream);
      return {
        append(event, data) {
          const offset = stream.events.length + 1;
          stream.events.push({ offset, event, data });
          notify(stream);
          return offset;
        },
        end() {
          stream.ended = true;
          notify(stream);
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (streams.get(streamId) === stream) streams.delete(streamId);
          }, keepMs);
          timer.unref();
          timers.add(timer);
        },
        watched: async () => stream.watchers > 0,
      };
    },
    async follow(streamId, ownerKey, after, signal) {
      const stream = streams.get(streamId);
      if (!stream || stream.ownerKey !== ownerKey) return null;
      return (async function* () {
        stream.watchers += 1;
        try {
          let next = Math.max(0, after);
          for (;;) {
            while (next < stream.events.length) {
              const logged = stream.events[next++] as LoggedEvent;
              yield logged;
              if (finalEvents.has(logged.event)) return;
            }
            if (stream.ended || signal.aborted) return;
            await new Promise<void>((resolve) => {
              // one abort listener per wait, removed again: a long answer waits thousands of times
              const wake = () => {
                signal.removeEventListener('abort', wake);
                resolve();
              };
              stream.wake.add(wake);
              signal.addEventListener('abort', wake, { once: true });
            });
          }
        } finally {
          stream.watchers -= 1;
        }
      })();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      streams.clear();
    },
  };
}
