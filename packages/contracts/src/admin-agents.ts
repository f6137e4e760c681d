import { z } from 'zod';
import { agentFigures, agentLimits, agentVisibility } from './agents.js';

/**
 * The console's agents page (`/admin/agents`): every agent, hiding and restoring, the review
 * queue of agents the content check held, and the official assistant with its FAQ. Paths are
 * relative to `/api`; operators only (404 for everyone else). `:id` is an agent's (or an FAQ
 * entry's) id.
 */
export const adminAgentsPaths = {
  /** GET: every live agent (not the official assistant), newest first, searched and filtered. */
  list: '/admin/agents',
  /** GET: one agent with the texts it shows and, when held, what the content check found. */
  detail: '/admin/agents/:id',
  /** POST {reason}: hides it from everyone but its owner, who is told why. */
  hide: '/admin/agents/:id/hide',
  /** POST {reason?}: shows it again; its owner is told. */
  restore: '/admin/agents/:id/restore',
  /** POST: publishes a held agent as it is; its owner is told. */
  approve: '/admin/agents/:id/approve',
  /** POST {reason}: keeps a held agent unpublished; its owner is told why. */
  decline: '/admin/agents/:id/decline',
  /** GET: the official assistant's profile; POST changes it (a field sent as null goes back to the built-in text). */
  official: '/admin/official',
  /** GET: the operator FAQ of the official assistant; POST adds an entry. */
  officialFaq: '/admin/official/faq',
  /** PUT changes an FAQ entry; DELETE removes it. */
  officialFaqEntry: '/admin/official/faq/:id',
} as const;

export const adminAgentsLimits = { pageSize: 30, pageSizeMax: 100, queryMax: 50, faqQuestionMax: 500, faqAnswerMax: 10_000 } as const;

export const adminAgentParams = z.object({ id: z.uuid({ error: 'must be a valid id' }) });

const flag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');

export const listAdminAgentsQuery = z.object({
  /** Words of the name, in part, ignoring case. */
  q: z.string().trim().max(adminAgentsLimits.queryMax, `Use at most ${adminAgentsLimits.queryMax} characters`).optional(),
  visibility: agentVisibility.optional(),
  hidden: flag.optional(),
  /** true: the review queue (held by the content check, waiting for an operator). */
  held: flag.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(adminAgentsLimits.pageSizeMax).default(adminAgentsLimits.pageSize),
});
export type ListAdminAgentsQuery = z.input<typeof listAdminAgentsQuery>;

/** What the content check found in a field of a held agent (as CONTENT_BLOCKED's `data` says it). */
export const heldProblem = z.object({ path: z.string(), message: z.string(), source: z.enum(['keywords', 'moderation']), word: z.string().optional() });

export const adminAgent = z.object({
  id: z.string(),
  name: z.string(),
  intro: z.string(),
  avatarUrl: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  visibility: agentVisibility,
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  /** When its owner asked for a review of what the content check held; null when it waits for none. */
  reviewRequestedAt: z.iso.datetime({ offset: true }).nullable(),
  figures: agentFigures,
  createdAt: z.iso.datetime({ offset: true }),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminAgent = z.infer<typeof adminAgent>;

export const adminAgentsPage = z.object({
  list: z.array(adminAgent),
  nextCursor: z.string().nullable(),
  /** How many agents wait for review, whatever the filters. */
  held: z.number().int(),
});
export type AdminAgentsPage = z.infer<typeof adminAgentsPage>;

export const adminAgentDetail = adminAgent.extend({
  systemPrompt: z.string(),
  openingMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  /** What the content check found when the owner asked for the review; empty otherwise. */
  reviewProblems: z.array(heldProblem),
});
export type AdminAgentDetail = z.infer<typeof adminAgentDetail>;

const reason = (required: boolean) => {
  const text = z.string({ error: 'must be text' }).trim().max(agentLimits.hideReasonMaxChars, `Use at most ${agentLimits.hideReasonMaxChars} characters`);
  return required ? text.min(1, 'Say why: the owner reads it') : text.default('');
};

export const hideAgentReason = z.object({ reason: reason(true) });
export const restoreAgentReason = z.object({ reason: reason(false) });
export const declineAgentReason = z.object({ reason: reason(true) });
export type AgentReasonRequest = z.input<typeof hideAgentReason>;

const profileText = (max: number) => z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** What an operator may change of the official assistant (`official set` in the admin CLI too); what is left out follows the built-in texts. */
export const officialProfile = z
  .object({
    name: profileText(agentLimits.nameMaxChars),
    intro: profileText(agentLimits.introMaxChars),
    avatarUrl: z
      .string({ error: 'must be text' })
      .trim()
      .max(2048, 'must be at most 2048 characters')
      .regex(/^(https:\/\/|\/)/, 'must be an https:// or site-relative (/…) address'),
    openingMessage: profileText(agentLimits.openingMessageMaxChars),
    suggestedQuestions: z
      .array(profileText(agentLimits.suggestedQuestionMaxChars))
      .min(1, 'must hold at least one question')
      .max(agentLimits.suggestedQuestionsMax, `must hold at most ${agentLimits.suggestedQuestionsMax} questions`),
    systemPrompt: profileText(agentLimits.systemPromptMaxChars),
  })
  .partial()
  .strict();
export type OfficialProfile = z.infer<typeof officialProfile>;
export const officialFields = ['name', 'intro', 'avatarUrl', 'openingMessage', 'suggestedQuestions', 'systemPrompt'] as const;
export type OfficialField = (typeof officialFields)[number];

/** POST official: each field given is set; one sent as null goes back to the built-in text. */
const profileField = officialProfile.shape;
export const updateOfficialRequest = z
  .object({
    name: profileField.name.unwrap().nullable().optional(),
    intro: profileField.intro.unwrap().nullable().optional(),
    avatarUrl: profileField.avatarUrl.unwrap().nullable().optional(),
    openingMessage: profileField.openingMessage.unwrap().nullable().optional(),
    suggestedQuestions: profileField.suggestedQuestions.unwrap().nullable().optional(),
    systemPrompt: profileField.systemPrompt.unwrap().nullable().optional(),
  })
  .strict();
export type UpdateOfficialRequest = z.input<typeof updateOfficialRequest>;

const officialValues = z.object({
  name: z.string(),
  intro: z.string(),
  avatarUrl: z.string().nullable(),
  openingMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  systemPrompt: z.string(),
});

export const officialData = z.object({
  id: z.string(),
  /** What the assistant shows now. */
  current: officialValues,
  /** The built-in texts, which a field follows until an operator changes it. */
  builtIn: officialValues,
  /** The fields an operator changed. */
  changed: z.array(z.enum(officialFields)),
});
export type OfficialData = z.infer<typeof officialData>;

export const officialFaqInput = z.object({
  question: z.string({ error: 'must be text' }).trim().min(1, 'Write the question').max(adminAgentsLimits.faqQuestionMax, `Use at most ${adminAgentsLimits.faqQuestionMax} characters`),
  answer: z.string({ error: 'must be text' }).trim().min(1, 'Write the answer').max(adminAgentsLimits.faqAnswerMax, `Use at most ${adminAgentsLimits.faqAnswerMax} characters`),
});
export type OfficialFaqInput = z.input<typeof officialFaqInput>;

export const officialFaqEntry = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type OfficialFaqEntry = z.infer<typeof officialFaqEntry>;

export const officialFaqData = z.object({
  /** The operator's entries, in the order they were added. */
  list: z.array(officialFaqEntry),
  /** Entries of the built-in FAQ, which ships with the site and is not edited here. */
  builtInCount: z.number().int(),
});
export type OfficialFaqData = z.infer<typeof officialFaqData>;

/** A path of this page with the agent's (or FAQ entry's) id in it. */
export function adminAgentPath(path: (typeof adminAgentsPaths)[keyof typeof adminAgentsPaths], id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}
