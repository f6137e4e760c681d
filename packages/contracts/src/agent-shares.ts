import { z } from 'zod';
import { agentCategory, agentFigures } from './agents.js';

/**
 * Sharing an agent: a share number (one per agent, made on first request) opens the public
 * landing page `/share/:shareNum` with the agent's card, opening message and a Start chatting
 * button. Private agents cannot be shared (AGENT_PRIVATE); unlisted ones only through the link.
 * Paths (spec section 7) are relative to `/api` and `/api/visitor`; visitors may call all three.
 */
export const agentSharePaths = {
  /** GET {id}: the agent's share number, made on first request, for anyone who can open it (public or unlisted). */
  shareNum: '/chat/get/shareNum',
  /** GET {shareNum}: what the landing page shows, found by share number. */
  byShareNum: '/chat/share',
  /** GET {appId}: the same, by agent id (public and unlisted agents). */
  agent: '/share/agent',
} as const;

/** Share numbers are 16 letters and digits (about 95 random bits). */
export const shareNum = z.string().regex(/^[A-Za-z0-9]{16}$/, 'This share link is not valid');

export const agentShareNumQuery = z.object({ id: z.uuid({ error: 'must be a valid id' }) });
export const agentShareNumData = z.object({
  shareNum: z.string(),
  /** The landing page path, `/share/<shareNum>`; the client prefixes its origin. */
  path: z.string(),
});
export type AgentShareNumData = z.infer<typeof agentShareNumData>;

export const agentShareByNumQuery = z.object({ shareNum });
export const agentShareByAppQuery = z.object({ appId: z.uuid({ error: 'must be a valid id' }) });

/** The landing page: the agent's card and what the chat opens with. */
export const sharedAgent = z.object({
  appId: z.string(),
  shareNum: z.string().nullable(),
  name: z.string(),
  intro: z.string(),
  avatarUrl: z.string().nullable(),
  category: agentCategory,
  creatorName: z.string().nullable(),
  openingMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  figures: agentFigures,
});
export type SharedAgent = z.infer<typeof sharedAgent>;

/** The landing page path of a share number. */
export function agentSharePath(num: string): string {
  return `/share/${num}`;
}
