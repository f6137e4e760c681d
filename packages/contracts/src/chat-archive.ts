import { z } from 'zod';
import { chatLimits } from './chats.js';

/**
 * The chat history tools of the settings screen: export every chat of the caller to a JSON
 * file, import such a file, clear them all. Users and visitors alike (paths relative to `/api`
 * and `/api/visitor`).
 */
export const chatArchivePaths = {
  export: '/chats/export',
  import: '/chats/import',
  clearAll: '/chats/clear-all',
} as const;

export const chatArchiveFormat = 'parley-chats';
export const chatArchiveVersion = 1;

export const chatArchiveLimits = {
  /** An archive file, checked in the browser before it is sent and by the server on receipt. */
  maxBytes: 5 * 1024 * 1024,
  maxChats: 1000,
  maxMessagesPerChat: 2000,
  /** Answers can be long; this bounds one message of an imported file. */
  messageMaxChars: 100_000,
} as const;

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO date and time' });

export const archivedMessage = z.object({
  role: z.enum(['user', 'assistant'], { error: 'role must be "user" or "assistant"' }),
  content: z.string({ error: 'content must be text' }).max(chatArchiveLimits.messageMaxChars, `content must be at most ${chatArchiveLimits.messageMaxChars} characters`),
  /** How the answer ended; an answer still being written when exported comes back as stopped. */
  status: z.enum(['done', 'stopped', 'error'], { error: 'status must be "done", "stopped" or "error"' }),
  createdAt: isoDate,
});
export type ArchivedMessage = z.infer<typeof archivedMessage>;

export const archivedChat = z.object({
  id: z.uuid({ error: 'id must be a chat id (a UUID)' }),
  appId: z.uuid({ error: 'appId must be an app id (a UUID)' }),
  title: z.string({ error: 'title must be text' }).max(chatLimits.titleMaxChars, `title must be at most ${chatLimits.titleMaxChars} characters`),
  top: z.boolean({ error: 'top must be true or false' }),
  /** The model picked for the chat (null: none); a model the server does not offer is ignored. Absent in older files. */
  model: z.string({ error: 'model must be text' }).min(1, 'model cannot be empty').max(100, 'model can be at most 100 characters').nullable().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
  messages: z
    .array(archivedMessage, { error: 'messages must be a list' })
    .max(chatArchiveLimits.maxMessagesPerChat, `A chat can hold at most ${chatArchiveLimits.maxMessagesPerChat} messages`),
});
export type ArchivedChat = z.infer<typeof archivedChat>;

const archiveHead = {
  format: z.literal(chatArchiveFormat, { error: `format must be "${chatArchiveFormat}"` }),
  version: z.literal(chatArchiveVersion, { error: `version must be ${chatArchiveVersion}` }),
  exportedAt: isoDate,
};

/** The file: what export gives and import takes. Chat ids repeated in one file are refused. */
export const chatArchive = z
  .object({
    ...archiveHead,
    chats: z
      .array(archivedChat, { error: 'chats must be a list' })
      .max(chatArchiveLimits.maxChats, `A file can hold at most ${chatArchiveLimits.maxChats} chats`)
      // `x-unique-by`: the API document's word for "no two items share this field" (JSON Schema has none)
      .meta({ 'x-unique-by': 'id' }),
  })
  .superRefine((archive, context) => {
    const seen = new Set<string>();
    archive.chats.forEach((chat, index) => {
      if (seen.has(chat.id)) context.addIssue({ code: 'custom', path: ['chats', index, 'id'], message: 'This chat appears twice in the file' });
      seen.add(chat.id);
    });
  });
/**
 * GET chats/export: the same file with every live chat, however many (the server streams it);
 * import takes at most chatArchiveLimits.maxChats of them per file.
 */
export const chatArchiveExport = z.object({ ...archiveHead, chats: z.array(archivedChat) });
export type ChatArchive = z.infer<typeof chatArchive>;

/** POST chats/import: all or nothing; a refused file changes no chat. */
export const importChatsData = z.object({ chats: z.number().int(), messages: z.number().int() });
export type ImportChatsData = z.infer<typeof importChatsData>;

/** POST chats/clear-all: every chat of the caller leaves the history. */
export const clearChatsData = z.object({ chats: z.number().int() });
export type ClearChatsData = z.infer<typeof clearChatsData>;
