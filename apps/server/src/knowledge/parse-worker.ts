import { parentPort, type MessagePort } from 'node:worker_threads';
import type { KnowledgeFileType, KnownKnowledgeProblem } from '@parley/contracts';
import { parseKnowledgeFile, type ParsedFile } from './parse.js';
import { KnowledgeParseError } from './parse-error.js';

/** One file to parse, as parse-in-worker.ts posts it to a ready worker. */
export interface ParseRequest {
  type: KnowledgeFileType;
  bytes: Uint8Array;
  maxPdfPages: number;
}

/** What a parse worker posts: ready once its parsers are loaded; then for each request any progress and one answer. */
export type ParseWorkerMessage =
  | { kind: 'ready' }
  | { kind: 'progress'; fraction: number }
  | { kind: 'parsed'; parsed: ParsedFile }
  | { kind: 'failed'; problem: KnownKnowledgeProblem }
  | { kind: 'crashed'; message: string };

async function answer(port: MessagePort, request: ParseRequest): Promise<void> {
  const send = (message: ParseWorkerMessage) => port.postMessage(message);
  try {
    const parsed = await parseKnowledgeFile(request.type, request.bytes, {
      maxPdfPages: request.maxPdfPages,
      onProgress: (fraction) => send({ kind: 'progress', fraction }),
    });
    send({ kind: 'parsed', parsed });
  } catch (error) {
    if (error instanceof KnowledgeParseError) send({ kind: 'failed', problem: error.problem });
    else send({ kind: 'crashed', message: error instanceof Error ? error.message : String(error) });
  }
}

// The entry of the worker threads parse-in-worker.ts starts: one request at a time.
const port = parentPort;
if (port) {
  port.on('message', (request: ParseRequest) => void answer(port, request));
  port.postMessage({ kind: 'ready' } satisfies ParseWorkerMessage);
}
