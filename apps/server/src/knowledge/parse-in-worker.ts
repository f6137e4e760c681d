import { Worker } from 'node:worker_threads';
import { knowledgeLimits, type KnowledgeFileType } from '@parley/contracts';
import type { ParsedFile } from './parse.js';
import { KnowledgeParseError } from './parse-error.js';
import type { PdfReadOptions } from './parse-pdf.js';
import type { ParseRequest, ParseWorkerMessage } from './parse-worker.js';

/** What one file's parse may take: past either, its worker is ended and the file fails. */
export interface ParseLimits {
  /** From the moment a ready worker is handed the file. */
  timeoutMs: number;
  /** The worker's JavaScript heap (V8's old generation). */
  memoryMb: number;
}

/** The defaults of KNOWLEDGE_PARSE_TIMEOUT_MS and KNOWLEDGE_PARSE_MEMORY_MB. */
export const defaultParseLimits: ParseLimits = { timeoutMs: knowledgeLimits.parseTimeoutMs, memoryMb: knowledgeLimits.parseMemoryMb };

// Through a variable: Vite's transforms (the web's tests run this server) rewrite a literal `new URL('…', import.meta.url)`.
const thisModule = import.meta.url;

/** A worker that has not loaded its parsers by then is stuck for some reason other than a file. */
const startupLimitMs = 30_000;
/** An idle worker waits this long for the next file, then is ended. */
const idleMs = 30_000;
/** A worker is retired after this many files, so nothing they leave behind (caches, a fragmented heap) builds up. */
const maxFilesPerWorker = 50;

interface ParseWorker {
  thread: Worker;
  memoryMb: number;
  files: number;
  idleTimer?: NodeJS.Timeout;
}

/** Workers that answered their last file and wait for the next one. */
const idle: ParseWorker[] = [];

function dropIdle(worker: ParseWorker): void {
  const at = idle.indexOf(worker);
  if (at >= 0) idle.splice(at, 1);
  clearTimeout(worker.idleTimer);
}

/**
 * A worker thread running parse-worker: the bundle has dist/parse-worker.js beside dist/server.js
 * (build.mjs); from source (tsx, vitest) the entry is TypeScript, which the worker loads through tsx.
 */
function startThread(memoryMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: memoryMb } };
  if (!thisModule.endsWith('.ts')) return new Worker(new URL('./parse-worker.js', thisModule), options);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./parse-worker.ts', thisModule).href);
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${entry}); });`, { ...options, eval: true });
}

/** A new worker, once it has loaded its parsers. */
function startWorker(memoryMb: number, signal: AbortSignal | undefined): Promise<ParseWorker> {
  const thread = startThread(memoryMb);
  const worker: ParseWorker = { thread, memoryMb, files: 0 };
  // for good: an 'error' without a listener would throw in this thread, and a worker that ends while idle leaves the pool
  thread.on('error', () => {});
  thread.on('exit', () => dropIdle(worker));
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', done).off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve(worker);
      else void thread.terminate().finally(() => reject(error));
    };
    const onMessage = (message: ParseWorkerMessage) => {
      if (message.kind === 'ready') done();
    };
    const onExit = (code: number) => done(new Error(`the parse worker exited with code ${code} while starting`));
    const onAbort = () => done(signal?.reason);
    const timer = setTimeout(() => done(new Error(`the parse worker did not start within ${startupLimitMs} ms`)), startupLimitMs);
    thread.on('message', onMessage).on('error', done).on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function takeIdle(memoryMb: number): ParseWorker | undefined {
  const worker = idle.find((candidate) => candidate.memoryMb === memoryMb);
  if (!worker) return undefined;
  dropIdle(worker);
  worker.thread.ref();
  return worker;
}

function putIdle(worker: ParseWorker): void {
  if (worker.files >= maxFilesPerWorker) {
    void worker.thread.terminate();
    return;
  }
  // an idle worker keeps neither the process nor a test run alive
  worker.thread.unref();
  worker.idleTimer = setTimeout(() => void worker.thread.terminate(), idleMs).unref();
  idle.push(worker);
}

/**
 * Parses a file as parseKnowledgeFile does, in a worker thread with a heap limit and a time
 * limit, so that a file that would take too long or too much memory fails alone, with its problem,
 * and takes only its worker with it. A worker parses one file at a time; one that answered (parsed
 * or found a problem) may take the next file, any other is ended before this settles. Progress is
 * reported in order, each report awaited before the answer; on abort the worker is ended and the
 * signal's reason thrown.
 */
export async function parseInWorker(
  type: KnowledgeFileType,
  bytes: Uint8Array,
  options: { maxPdfPages: number; limits?: ParseLimits } & Pick<PdfReadOptions, 'onProgress' | 'signal'>,
): Promise<ParsedFile> {
  const { signal, onProgress } = options;
  const limits = options.limits ?? defaultParseLimits;
  signal?.throwIfAborted();
  const worker = takeIdle(limits.memoryMb) ?? (await startWorker(limits.memoryMb, signal));
  if (signal?.aborted) {
    putIdle(worker);
    signal.throwIfAborted();
  }
  worker.files += 1;
  const { thread } = worker;
  return new Promise((resolve, reject) => {
    let ended = false;
    let progressed = Promise.resolve();
    const end = (settle: () => void, { reusable }: { reusable: boolean }) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      if (reusable) {
        putIdle(worker);
        settle();
      } else {
        void thread.terminate().finally(settle);
      }
    };
    // the answer waits for the progress reports before it, so the bar never moves back after it
    const answer = (settle: () => void) => {
      clearTimeout(timer);
      void progressed.then(() => end(settle, { reusable: true }));
    };
    const onMessage = (message: ParseWorkerMessage) => {
      switch (message.kind) {
        case 'progress':
          if (!onProgress) break;
          progressed = progressed
            .then(async () => {
              if (!ended) await onProgress(message.fraction);
            })
            .catch((error: unknown) => end(() => reject(error), { reusable: false }));
          break;
        case 'parsed':
          answer(() => resolve(message.parsed));
          break;
        case 'failed':
          answer(() => reject(new KnowledgeParseError(message.problem)));
          break;
        case 'crashed':
          end(() => reject(new Error(`parsing a ${type} file failed: ${message.message}`)), { reusable: false });
          break;
      }
    };
    const onError = (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const problem = new KnowledgeParseError({ code: 'parseOutOfMemory', params: { maxBytes: limits.memoryMb * 1024 * 1024 } });
      end(() => reject(outOfMemory ? problem : error), { reusable: false });
    };
    const onExit = (code: number) => end(() => reject(new Error(`the parse worker exited with code ${code} before answering`)), { reusable: false });
    const onAbort = () => end(() => reject(signal?.reason), { reusable: false });
    const timedOut = new KnowledgeParseError({ code: 'parseTimedOut', params: { seconds: limits.timeoutMs / 1000 } });
    const timer = setTimeout(() => end(() => reject(timedOut), { reusable: false }), limits.timeoutMs);
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    // posting a view copies its whole buffer: a view into a larger one (a pool, a driver's memory) goes as a copy of its own
    const own = bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    thread.postMessage({ type, bytes: own, maxPdfPages: options.maxPdfPages } satisfies ParseRequest);
  });
}
