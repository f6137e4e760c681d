import {
  agentPaths,
  answerUnansweredRequest,
  createKnowledgeEntryRequest,
  deleteKnowledgeEntryRequest,
  dismissUnansweredRequest,
  errorCodes,
  knowledgeFileRequest,
  knowledgeFileTypes,
  knowledgeLimits,
  knowledgePaths,
  knowledgeSearchRequest,
  updateKnowledgeEntryRequest,
  type AgentDetail,
  type KnowledgeChunk,
  type KnowledgeFile,
  type KnowledgeFileType,
  type KnowledgeHit,
  type RejectedUpload,
  type UnansweredQuestion,
} from '@parley/contracts';
import i18next from 'i18next';
import agents from '../../../locales/en-US/agents.json';
import knowledge from '../../../locales/en-US/knowledge.json';
import { startLocalServer } from '../../../test/local-server';
import { agentDetail } from '../../agents/testing/agents-api-server';

/** Adds the knowledge (and agents) texts to the English bundles the component tests load. */
export function loadKnowledgeTexts(): void {
  i18next.addResourceBundle('en-US', 'knowledge', knowledge, true, true);
  i18next.addResourceBundle('en-US', 'agents', agents, true, true);
}

export const ownerToken = 'owner-token';
export const appId = '6f1c2a52-3c2e-4a4e-9a7e-0d7c1b0e9a01';

type Failure = { status: number; code: number; msg: string; data?: unknown };

const now = () => new Date().toISOString();
let ids = 0;
/** A fresh uuid-shaped id, as the server's are (the contract checks ids as uuids). */
export const nextId = () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`;

const typeOfName: Record<string, KnowledgeFileType> = { pdf: 'pdf', docx: 'docx', txt: 'txt', md: 'md', markdown: 'md', csv: 'csv', html: 'html', htm: 'html' };

/** Test data: a file as the files call lists it. */
export function knowledgeFile(overrides: Partial<KnowledgeFile> = {}): KnowledgeFile {
  return {
    id: nextId(),
    name: 'guide.pdf',
    type: 'pdf',
    size: 2048,
    status: 'ready',
    error: null,
    problem: null,
    progress: 100,
    chunkCount: 3,
    qaCount: 0,
    pageCount: 2,
    createdAt: now(),
    processedAt: now(),
    ...overrides,
  };
}

export function knowledgeChunk(overrides: Partial<KnowledgeChunk> = {}): KnowledgeChunk {
  return { id: nextId(), fileId: null, kind: 'passage', question: null, content: 'A passage.', heading: null, page: null, ordinal: 0, updatedAt: now(), ...overrides };
}

function validation(issues: { path: PropertyKey[]; message: string }[]): Failure {
  return { ...errorCodes.VALIDATION, data: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
}

function parse<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validation(parsed.error.issues);
  return parsed.data;
}

/**
 * A small real HTTP server playing the knowledge calls the way the contract describes them:
 * `{code, msg, data}` envelopes, owner-only (others NOT_FOUND, no login LOGIN_REQUIRED), the
 * multipart upload with its rejections, and files that move one step on each `files` call
 * (queued → processing → ready), the way a background job moves them between polls.
 */
export async function startKnowledgeApi() {
  const state = {
    agent: agentDetail(appId, { name: 'Forex tutor' }) as AgentDetail,
    files: [] as KnowledgeFile[],
    chunks: new Map<string, KnowledgeChunk[]>(),
    entries: [] as KnowledgeChunk[],
    unanswered: [] as UnansweredQuestion[],
    hits: [] as KnowledgeHit[],
    threshold: 0.35,
    hybrid: false,
    /** Each `files` call moves processing files on by this many percent. */
    step: 50,
    /** While set, the upload's answer waits for it. */
    holdUpload: null as Promise<void> | null,
    /** The next answer of a path is this failure instead. */
    failing: new Map<string, Failure>(),
    seen: [] as { path: string; query: URLSearchParams; body: unknown; parts?: string[] }[],
  };

  function advance() {
    for (const file of state.files) {
      if (file.status === 'queued') Object.assign(file, { status: 'processing', progress: 0 });
      else if (file.status === 'processing') {
        const progress = Math.min(100, file.progress + state.step);
        Object.assign(file, progress === 100 ? { status: 'ready', progress, chunkCount: 2, processedAt: now() } : { progress });
      }
    }
  }

  function filesData() {
    const bytes = state.files.reduce((sum, file) => sum + file.size, 0);
    return {
      files: state.files,
      totals: { files: state.files.length, bytes, chunks: state.files.reduce((sum, file) => sum + file.chunkCount, 0) + state.entries.length, entries: state.entries.length },
      limits: { maxFileBytes: knowledgeLimits.maxFileBytes, maxAgentBytes: knowledgeLimits.maxAgentBytes, maxPdfPages: knowledgeLimits.maxPdfPages, filesPerUpload: knowledgeLimits.filesPerUpload },
      hybrid: state.hybrid,
    };
  }

  async function upload(contentType: string, raw: string) {
    const form = await new Request('http://local/upload', { method: 'POST', headers: { 'content-type': contentType }, body: raw }).formData();
    const names = [...form.keys()];
    state.seen.at(-1)!.parts = names;
    if (names[0] !== 'appId' || form.get('appId') !== appId) throw validation([{ path: ['appId'], message: 'appId must come first' }]);
    const accepted: KnowledgeFile[] = [];
    const rejected: RejectedUpload[] = [];
    for (const part of form.getAll('file')) {
      if (typeof part === 'string') continue;
      const extension = part.name.split('.').pop()?.toLowerCase() ?? '';
      const type = typeOfName[extension];
      if (!type) {
        rejected.push({
          name: part.name,
          reason: 'This type of file is not accepted. Upload PDF, DOCX, TXT, MD, CSV or HTML files.',
          problem: { code: 'typeNotAccepted', params: { accepted: [...knowledgeFileTypes] } },
        });
      } else if (part.size === 0) rejected.push({ name: part.name, reason: 'This file is empty.', problem: { code: 'fileEmpty', params: {} } });
      else if (part.size > knowledgeLimits.maxFileBytes) {
        rejected.push({
          name: part.name,
          reason: 'This file is larger than 20 MB, the most one file may be.',
          problem: { code: 'fileTooLarge', params: { maxBytes: knowledgeLimits.maxFileBytes } },
        });
      }
      else accepted.push(knowledgeFile({ name: part.name, type, size: part.size, status: 'queued', progress: 0, chunkCount: 0, pageCount: null, processedAt: null }));
    }
    state.files = [...accepted.reverse(), ...state.files];
    if (state.holdUpload) await state.holdUpload;
    return { files: accepted, rejected };
  }

  function search(body: unknown) {
    parse(knowledgeSearchRequest, body);
    return { hits: state.hits, mode: state.hybrid ? 'hybrid' : 'text', threshold: state.threshold, tookMs: 12 };
  }

  async function answer(path: string, query: URLSearchParams, body: Record<string, unknown>, contentType: string, raw: string): Promise<unknown> {
    switch (path) {
      case `/api${agentPaths.detail}`:
        return state.agent;
      case `/api${knowledgePaths.files}`:
        advance();
        return filesData();
      case `/api${knowledgePaths.upload}`:
        return upload(contentType, raw);
      case `/api${knowledgePaths.deleteFile}`: {
        const { fileId } = parse(knowledgeFileRequest, body);
        if (!state.files.some((file) => file.id === fileId)) throw errorCodes.NOT_FOUND;
        state.files = state.files.filter((file) => file.id !== fileId);
        return null;
      }
      case `/api${knowledgePaths.reindexFile}`: {
        const { fileId } = parse(knowledgeFileRequest, body);
        const file = state.files.find((item) => item.id === fileId);
        if (!file) throw errorCodes.NOT_FOUND;
        Object.assign(file, { status: 'queued', progress: 0, error: null, problem: null });
        return null;
      }
      case `/api${knowledgePaths.chunks}`:
        return { chunks: state.chunks.get(query.get('fileId') ?? '') ?? [], nextCursor: null };
      case `/api${knowledgePaths.entries}`:
        return { chunks: state.entries, nextCursor: null };
      case `/api${knowledgePaths.createEntry}`: {
        const { entry } = parse(createKnowledgeEntryRequest, body);
        const created = knowledgeChunk({ kind: entry.kind, question: entry.kind === 'qa' ? entry.question : null, heading: entry.kind === 'passage' ? entry.heading || null : null, content: entry.content });
        state.entries = [created, ...state.entries];
        return created;
      }
      case `/api${knowledgePaths.updateEntry}`: {
        const { id, entry } = parse(updateKnowledgeEntryRequest, body);
        const found = state.entries.find((item) => item.id === id);
        if (!found) throw errorCodes.NOT_FOUND;
        Object.assign(found, { question: entry.kind === 'qa' ? entry.question : null, heading: entry.kind === 'passage' ? entry.heading || null : null, content: entry.content, updatedAt: now() });
        return found;
      }
      case `/api${knowledgePaths.deleteEntry}`: {
        const { id } = parse(deleteKnowledgeEntryRequest, body);
        state.entries = state.entries.filter((item) => item.id !== id);
        return null;
      }
      case `/api${knowledgePaths.search}`:
        return search(body);
      case `/api${knowledgePaths.unanswered}`:
        return { questions: state.unanswered };
      case `/api${knowledgePaths.answerUnanswered}`: {
        const { id, answer: text } = parse(answerUnansweredRequest, body);
        const found = state.unanswered.find((item) => item.id === id);
        if (!found) throw errorCodes.NOT_FOUND;
        state.unanswered = state.unanswered.filter((item) => item.id !== id);
        const created = knowledgeChunk({ kind: 'qa', question: found.question, content: text });
        state.entries = [created, ...state.entries];
        return created;
      }
      case `/api${knowledgePaths.dismissUnanswered}`: {
        const { id } = parse(dismissUnansweredRequest, body);
        state.unanswered = state.unanswered.filter((item) => item.id !== id);
        return null;
      }
      default:
        throw new Error(`no route ${path}`);
    }
  }

  const server = await startLocalServer(async (req, res, raw) => {
    // The upload goes through XMLHttpRequest, which (in jsdom as in a browser) asks cross-origin
    // permission first; fetch in Node does not. Same origin in the real app, so no CORS there.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const contentType = req.headers['content-type'] ?? '';
    const body = contentType.startsWith('application/json') && raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    state.seen.push({ path, query: url.searchParams, body });
    const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    const failure = state.failing.get(path);
    if (failure) {
      state.failing.delete(path);
      send(failure.status, { code: failure.code, msg: failure.msg, data: failure.data ?? null });
      return;
    }
    try {
      // Visitors are sent to api/visitor/...: the owner-only calls refuse them.
      if (path.startsWith('/api/visitor/')) throw errorCodes.LOGIN_REQUIRED;
      const requested = path === `/api${agentPaths.detail}` ? url.searchParams.get('id') : (url.searchParams.get('appId') ?? body.appId ?? appId);
      if (req.headers.authorization !== `Bearer ${ownerToken}` || requested !== appId) throw errorCodes.NOT_FOUND;
      send(200, { code: 0, msg: 'success', data: await answer(path, url.searchParams, body, contentType, raw) });
    } catch (error) {
      const refusal = error as Failure;
      if (typeof refusal.status !== 'number') throw error;
      send(refusal.status, { code: refusal.code, msg: refusal.msg, data: refusal.data ?? null });
    }
  });
  return { ...server, state };
}

export type KnowledgeApi = Awaited<ReturnType<typeof startKnowledgeApi>>;
