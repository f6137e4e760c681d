import { HttpError } from '../../../lib/http';
import { StreamInterruptedError } from '../../../lib/sse';

/**
 * Pauses before each attempt to reach an answer again after its connection dropped; together
 * well inside the server's resume grace (RESUME_GRACE_MS, 15 s by default).
 */
export const reconnectDelaysMs: readonly number[] = [250, 750, 1500, 3000, 5000];

/**
 * Failures a new connection may get past: the stream broke off, the server was unreachable, or
 * a proxy in front of it had no instance to send the call to. A 404 means the answer ended.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof StreamInterruptedError) return true;
  return error instanceof HttpError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('The stream was stopped', 'AbortError'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('The stream was stopped', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
