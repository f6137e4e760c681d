import { z } from 'zod';
import { chatAppInfo, citation } from './chats.js';

/**
 * Conversation sharing: a share code freezes a snapshot of a chat that anyone with the link
 * can read at /shareChat/:shareCode. Paths are relative to `/api` and `/api/visitor`.
 */
export const chatSharePaths = {
  create: '/core/chat/share/create',
  list: '/core/chat/share/list',
  revoke: '/core/chat/share/revoke',
  get: '/core/chat/share/get',
} as const;

/** Share codes are 22 base64url characters (128 random bits). */
export const shareCode = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'This share link is not valid');

/** POST share/create {chatId}: freezes the chat as it is now. */
export const createChatShareRequest = z.object({ chatId: z.uuid({ error: 'must be a valid id' }) });
export const chatShareInfo = z.object({
  shareCode: z.string(),
  chatId: z.string().nullable(),
  title: z.string(),
  itemCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatShareInfo = z.infer<typeof chatShareInfo>;

/** GET share/list {chatId?}: the caller's live shares, newest first. */
export const listChatSharesQuery = z.object({ chatId: z.uuid({ error: 'must be a valid id' }).optional() });
export const chatShareList = z.object({ list: z.array(chatShareInfo) });

/** POST share/revoke {shareCode}: the link stops working at once. */
export const revokeChatShareRequest = z.object({ shareCode });

/** GET share/get {shareCode}: the frozen conversation, for anyone holding the code. */
export const getChatShareQuery = z.object({ shareCode });
export const sharedConversation = z.object({
  shareCode: z.string(),
  title: z.string(),
  app: chatAppInfo,
  items: z.array(
    z.object({
      role: z.enum(['user', 'assistant']),
      content: z.string(),
      citations: z.array(citation),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SharedConversation = z.infer<typeof sharedConversation>;
