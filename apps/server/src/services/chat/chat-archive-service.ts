import {
  chatArchiveFormat,
  chatArchiveVersion,
  type ArchivedChat,
  type ChatArchive,
  type ClearChatsData,
  type ImportChatsData,
} from '@parley/contracts';
import type { ChatArchiveRepo } from '../../db/repos/chat-archive-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';

interface Problem {
  path: string;
  message: string;
}

/** Chats read from the database at a time by an export. */
const exportPageSize = 200;

type ExportPage = ReturnType<ChatArchiveRepo['liveChatPages']> extends AsyncGenerator<infer Page> ? Page : never;

function archivedChatOf(chat: ExportPage['chats'][number], items: ExportPage['items']): ArchivedChat {
  return {
    id: chat.id,
    appId: chat.appId,
    title: chat.title,
    top: chat.top,
    model: chat.model,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    messages: items.map((item) => ({
      role: item.role === 'user' ? 'user' : 'assistant',
      content: item.content,
      status: item.status === 'streaming' ? 'stopped' : item.status,
      createdAt: item.createdAt.toISOString(),
    })),
  };
}

/** Problems listed with a refused file; the rest are summed up in the last line. */
const problemsShown = 20;

function refuse(errorName: 'VALIDATION' | 'CONFLICT', msg: string, problems: Problem[]): never {
  const shown = problems.slice(0, problemsShown);
  if (problems.length > shown.length) shown.push({ path: '', message: `…and ${problems.length - shown.length} more` });
  throw new AppError(errorName, msg, shown);
}

/**
 * The chat history tools: every chat of the caller to one JSON file and back, and clearing
 * them all. An import is all or nothing: one bad chat refuses the file and changes nothing.
 */
export function createChatArchiveService({ archives }: { archives: (owner: Owner) => ChatArchiveRepo }) {
  return {
    /**
     * The archive file of every live chat as JSON text, a page of chats at a time, so an export
     * of any size never sits whole in memory. Import takes files of at most
     * chatArchiveLimits.maxChats chats; a larger history exports all the same.
     */
    async *exportAll(owner: Owner, now = new Date()): AsyncGenerator<string> {
      const head: Omit<ChatArchive, 'chats'> = { format: chatArchiveFormat, version: chatArchiveVersion, exportedAt: now.toISOString() };
      yield `${JSON.stringify(head).slice(0, -1)},"chats":[`;
      let first = true;
      for await (const page of archives(owner).liveChatPages(exportPageSize)) {
        const byChat = new Map<string, ExportPage['items']>();
        for (const item of page.items) {
          const list = byChat.get(item.chatId);
          if (list) list.push(item);
          else byChat.set(item.chatId, [item]);
        }
        const text = page.chats.map((chat) => JSON.stringify(archivedChatOf(chat, byChat.get(chat.id) ?? []))).join(',');
        yield first ? text : `,${text}`;
        first = false;
      }
      yield ']}';
    },

    /** A chat already in the caller's history (itself, or imported from the same file id before) is a duplicate. */
    async importAll(owner: Owner, archive: ChatArchive): Promise<ImportChatsData> {
      const repo = archives(owner);
      const present = await repo.inHistory(archive.chats.map((chat) => chat.id));
      const duplicates = archive.chats.flatMap((chat, index) =>
        present.has(chat.id) ? [{ path: `chats.${index}.id`, message: `"${chat.title || chat.id}" is already in your history` }] : [],
      );
      if (duplicates.length > 0) refuse('CONFLICT', 'Some chats of this file are already in your history.', duplicates);

      const available = await repo.availableApps([...new Set(archive.chats.map((chat) => chat.appId))]);
      const missingApps = archive.chats.flatMap((chat, index) =>
        available.has(chat.appId) ? [] : [{ path: `chats.${index}.appId`, message: `The agent of "${chat.title || chat.id}" does not exist here or is private` }],
      );
      if (missingApps.length > 0) refuse('VALIDATION', 'Some chats of this file are with agents you cannot use here.', missingApps);

      await repo.insertChats(archive.chats);
      return { chats: archive.chats.length, messages: archive.chats.reduce((sum, chat) => sum + chat.messages.length, 0) };
    },

    async clearAll(owner: Owner): Promise<ClearChatsData> {
      return { chats: await archives(owner).deleteAll() };
    },
  };
}

export type ChatArchiveService = ReturnType<typeof createChatArchiveService>;
