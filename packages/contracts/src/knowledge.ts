import { z } from 'zod';

/**
 * An agent's knowledge (知识库): files uploaded to it, Q&A pairs and passages typed in by its
 * owner, retrieval as the chat uses it, and the questions it could not answer. Every call is
 * the agent owner's only (others get NOT_FOUND, visitors LOGIN_REQUIRED). Paths are relative
 * to `/api`. Files are processed in background jobs; the upload screen polls `files` while any
 * file is queued or processing.
 */
export const knowledgePaths = {
  /** POST multipart/form-data: an `appId` field, then one or more `file` parts. */
  upload: '/core/dataset/upload',
  /** GET {appId}: the files, newest first, with the agent's totals and limits. */
  files: '/core/dataset/files',
  /** POST {appId, fileId}: the file and its chunks go. */
  deleteFile: '/core/dataset/file/delete',
  /** POST {appId, fileId}: parse, chunk and index the file again (after a failure or a change of rules). */
  reindexFile: '/core/dataset/file/reindex',
  /** GET {appId, fileId, cursor?}: a file's chunks in order, to read what was indexed. */
  chunks: '/core/dataset/chunks',
  /** GET {appId, cursor?}: Q&A pairs and passages typed in by the owner, newest first. */
  entries: '/core/dataset/entries',
  /** POST {appId, entry}: a new manual entry. */
  createEntry: '/core/dataset/entry/create',
  /** POST {appId, id, entry}: replaces a manual entry. */
  updateEntry: '/core/dataset/entry/update',
  /** POST {appId, id}. */
  deleteEntry: '/core/dataset/entry/delete',
  /** POST {appId, question, limit?}: the passages the chat would use, with their scores. */
  search: '/core/dataset/search',
  /** GET {appId}: questions the agent found no reliable source for, most asked first. */
  unanswered: '/core/dataset/unanswered',
  /** POST {appId, id, answer}: answers it as a new Q&A entry in one step. */
  answerUnanswered: '/core/dataset/unanswered/answer',
  /** POST {appId, id}: drops it from the list without an answer. */
  dismissUnanswered: '/core/dataset/unanswered/dismiss',
} as const;

export const knowledgeFileTypes = ['pdf', 'docx', 'txt', 'md', 'csv', 'html'] as const;
export type KnowledgeFileType = (typeof knowledgeFileTypes)[number];

/** The defaults; operators change them with KNOWLEDGE_* settings, and `files` reports those in force. */
export const knowledgeLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  maxAgentBytes: 200 * 1024 * 1024,
  maxPdfPages: 500,
  /** Reading one file: a 500-page PDF or a long Word document takes seconds. */
  parseTimeoutMs: 120_000,
  /** The heap of the worker reading one file: a DOCX with 10 MB of XML needs some 400 MB. */
  parseMemoryMb: 512,
  filesPerUpload: 20,
  entryQuestionMaxChars: 500,
  entryContentMaxChars: 8000,
  entryHeadingMaxChars: 200,
  searchQuestionMaxChars: 1000,
  searchLimitDefault: 5,
  searchLimitMax: 20,
  unansweredAnswerMaxChars: 8000,
  pageSize: 50,
} as const;

/** What the file input accepts; the server decides the type from the content, not the name. */
export const knowledgeAccept = '.pdf,.docx,.txt,.md,.markdown,.csv,.html,.htm';

const id = z.uuid({ error: 'must be a valid id' });
const isoDate = z.iso.datetime({ offset: true });
const cursor = z.string().max(200).optional();

/**
 * Why a file was turned away at upload or failed processing, as a code with its figures, for a
 * client to say in its own language (`reason` and `error` keep the English sentence). A client
 * that meets a code it does not know shows the English sentence.
 */
export const knowledgeProblem = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
});
export type KnowledgeProblem = z.infer<typeof knowledgeProblem>;

/** What a mislabelled file really is: one of the accepted types, a known binary format, or not text at all. */
export const knowledgeActualKinds = ['pdf', 'docx', 'png', 'jpeg', 'gif', 'riff', 'zip', 'oldOffice', 'gzip', 'program', 'notText'] as const;
export type KnowledgeActualKind = (typeof knowledgeActualKinds)[number];

/** The problems this version knows, each with its params (sizes in bytes). */
export type KnownKnowledgeProblem =
  | { code: 'fileTooLarge'; params: { maxBytes: number } }
  | { code: 'fileEmpty'; params: Record<string, never> }
  | { code: 'agentTotalExceeded'; params: { maxBytes: number } }
  | { code: 'tooManyFiles'; params: { max: number } }
  | { code: 'typeNotAccepted'; params: { accepted: KnowledgeFileType[] } }
  | { code: 'typeMismatch'; params: { claimed: KnowledgeFileType; actual: KnowledgeActualKind } }
  | { code: 'htmlWithoutMarkup'; params: Record<string, never> }
  | { code: 'csvUnreadable'; params: { line?: number } }
  | { code: 'docxDamaged'; params: Record<string, never> }
  | { code: 'docxUnpacksTooLarge'; params: { maxBytes: number } }
  | { code: 'textEncoding'; params: Record<string, never> }
  | { code: 'noText'; params: Record<string, never> }
  | { code: 'pdfPassword'; params: Record<string, never> }
  | { code: 'pdfDamaged'; params: Record<string, never> }
  | { code: 'pdfUnpacksTooLarge'; params: { maxBytes: number } }
  | { code: 'pdfTooManyPages'; params: { pages: number; maxPages: number } }
  | { code: 'pdfNoText'; params: Record<string, never> }
  | { code: 'parseTimedOut'; params: { seconds: number } }
  | { code: 'parseOutOfMemory'; params: { maxBytes: number } }
  | { code: 'processingFailed'; params: Record<string, never> };
export type KnowledgeProblemCode = KnownKnowledgeProblem['code'];

export const knowledgeFileStatus = z.enum(['queued', 'processing', 'ready', 'failed']);
export type KnowledgeFileStatus = z.infer<typeof knowledgeFileStatus>;

export const knowledgeFile = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(knowledgeFileTypes),
  size: z.number().int(),
  status: knowledgeFileStatus,
  /** Why it failed, in words the owner can act on; null unless failed. */
  error: z.string().nullable(),
  /** The same as a code and params; null unless failed (and for files that failed before codes were kept). */
  problem: knowledgeProblem.nullable().default(null),
  /** Processing progress, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  chunkCount: z.number().int(),
  /** Q&A entries among the chunks (CSV files with question and answer columns). */
  qaCount: z.number().int(),
  pageCount: z.number().int().nullable(),
  createdAt: isoDate,
  processedAt: isoDate.nullable(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFile>;

export const knowledgeAppQuery = z.object({ appId: id });

export const knowledgeFilesData = z.object({
  files: z.array(knowledgeFile),
  totals: z.object({ files: z.number().int(), bytes: z.number().int(), chunks: z.number().int(), entries: z.number().int() }),
  limits: z.object({ maxFileBytes: z.number().int(), maxAgentBytes: z.number().int(), maxPdfPages: z.number().int(), filesPerUpload: z.number().int() }),
  /** Whether answers also use embeddings (EMBEDDING_MODEL configured and pgvector present). */
  hybrid: z.boolean(),
});
export type KnowledgeFilesData = z.infer<typeof knowledgeFilesData>;

/** The non-file part of the multipart upload. */
export const knowledgeUploadFields = z.object({ appId: id });

/** The whole multipart form, as the API document publishes it: the appId field first, then `file` parts. */
export const knowledgeUploadForm = knowledgeUploadFields.extend({
  file: z
    .array(z.file())
    .min(1)
    .describe(`Files (${knowledgeFileTypes.join(', ')}); each is checked by content and queued, or turned away alone; at most ${knowledgeLimits.filesPerUpload} are taken`),
});

/** A file turned away at upload (empty, too big, over the agent's total, a type not accepted); the others go on. */
export const rejectedUpload = z.object({
  name: z.string(),
  /** In English, for clients that do not translate `problem`. */
  reason: z.string(),
  /** Null only from a server older than problem codes. */
  problem: knowledgeProblem.nullable().default(null),
});
export type RejectedUpload = z.infer<typeof rejectedUpload>;

export const knowledgeUploadData = z.object({
  /** Accepted files, queued for processing. */
  files: z.array(knowledgeFile),
  rejected: z.array(rejectedUpload),
});
export type KnowledgeUploadData = z.infer<typeof knowledgeUploadData>;

export const knowledgeFileRequest = z.object({ appId: id, fileId: id });

export const knowledgeChunksQuery = z.object({ appId: id, fileId: id, cursor });
export const knowledgeChunkKind = z.enum(['passage', 'qa']);
export type KnowledgeChunkKind = z.infer<typeof knowledgeChunkKind>;

/** A retrieval unit: a passage of a file or a manual passage, or a Q&A pair. */
export const knowledgeChunk = z.object({
  id: z.string(),
  fileId: z.string().nullable(),
  kind: knowledgeChunkKind,
  /** A Q&A pair's question; null for passages. */
  question: z.string().nullable(),
  /** A passage's text, or a Q&A pair's answer. */
  content: z.string(),
  heading: z.string().nullable(),
  page: z.number().int().nullable(),
  ordinal: z.number().int(),
  updatedAt: isoDate,
});
export type KnowledgeChunk = z.infer<typeof knowledgeChunk>;

export const knowledgeChunksData = z.object({ chunks: z.array(knowledgeChunk), nextCursor: z.string().nullable() });
export type KnowledgeChunksData = z.infer<typeof knowledgeChunksData>;

export const knowledgeEntriesQuery = z.object({ appId: id, cursor });

/** A manual entry as the owner types it: a Q&A pair (question and answer) or a passage (optional heading). */
export const knowledgeEntryInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('qa'),
    question: z
      .string({ error: 'The question must be text' })
      .trim()
      .min(1, 'Please enter the question')
      .max(knowledgeLimits.entryQuestionMaxChars, `The question can be at most ${knowledgeLimits.entryQuestionMaxChars} characters`),
    content: z
      .string({ error: 'The answer must be text' })
      .trim()
      .min(1, 'Please enter the answer')
      .max(knowledgeLimits.entryContentMaxChars, `The answer can be at most ${knowledgeLimits.entryContentMaxChars} characters`),
  }),
  z.object({
    kind: z.literal('passage'),
    heading: z
      .string({ error: 'The heading must be text' })
      .trim()
      .max(knowledgeLimits.entryHeadingMaxChars, `The heading can be at most ${knowledgeLimits.entryHeadingMaxChars} characters`)
      .default(''),
    content: z
      .string({ error: 'The passage must be text' })
      .trim()
      .min(1, 'Please enter the passage')
      .max(knowledgeLimits.entryContentMaxChars, `The passage can be at most ${knowledgeLimits.entryContentMaxChars} characters`),
  }),
]);
export type KnowledgeEntryInput = z.input<typeof knowledgeEntryInput>;

export const createKnowledgeEntryRequest = z.object({ appId: id, entry: knowledgeEntryInput });
export const updateKnowledgeEntryRequest = z.object({ appId: id, id, entry: knowledgeEntryInput });
export const deleteKnowledgeEntryRequest = z.object({ appId: id, id });

export const knowledgeSearchRequest = z.object({
  appId: id,
  question: z
    .string({ error: 'The question must be text' })
    .trim()
    .min(1, 'Please enter a question')
    .max(knowledgeLimits.searchQuestionMaxChars, `The question can be at most ${knowledgeLimits.searchQuestionMaxChars} characters`),
  limit: z.number().int().min(1).max(knowledgeLimits.searchLimitMax).default(knowledgeLimits.searchLimitDefault),
});

/** A passage retrieval found, as the test box shows it and as the chat would use it. */
export const knowledgeHit = z.object({
  chunkId: z.string(),
  fileId: z.string().nullable(),
  /** The file's name, or "FAQ" for entries typed in. */
  fileName: z.string(),
  kind: knowledgeChunkKind,
  question: z.string().nullable(),
  heading: z.string().nullable(),
  page: z.number().int().nullable(),
  content: z.string(),
  /** The score the chat compares with its threshold, 0 to 1. */
  score: z.number(),
  /** Whether the chat would use it (score at or above the threshold). */
  used: z.boolean(),
});
export type KnowledgeHit = z.infer<typeof knowledgeHit>;

export const knowledgeSearchData = z.object({
  hits: z.array(knowledgeHit),
  /** text: full-text search only; hybrid: fused with embeddings (reciprocal rank fusion). */
  mode: z.enum(['text', 'hybrid']),
  threshold: z.number(),
  tookMs: z.number(),
});
export type KnowledgeSearchData = z.infer<typeof knowledgeSearchData>;

export const unansweredQuestion = z.object({
  id: z.string(),
  question: z.string(),
  askCount: z.number().int(),
  askedAt: isoDate,
  lastAskedAt: isoDate,
});
export type UnansweredQuestion = z.infer<typeof unansweredQuestion>;

export const unansweredData = z.object({ questions: z.array(unansweredQuestion) });
export type UnansweredData = z.infer<typeof unansweredData>;

export const answerUnansweredRequest = z.object({
  appId: id,
  id,
  answer: z
    .string({ error: 'The answer must be text' })
    .trim()
    .min(1, 'Please enter the answer')
    .max(knowledgeLimits.unansweredAnswerMaxChars, `The answer can be at most ${knowledgeLimits.unansweredAnswerMaxChars} characters`),
});
export const dismissUnansweredRequest = z.object({ appId: id, id });
