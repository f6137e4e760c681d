import type { z } from 'zod';
import {
  agentCategories,
  type AgentCard,
  type AgentCategory,
  type AgentDetail,
  type AgentFigures,
  type agentInput,
  type AgentModelsData,
  type BuiltInAvatarsData,
  type ContentBlockedData,
  type DiscoverPage,
  type discoverQuery,
  type DiscoverSort,
  uploadedImageId,
  uuidPattern,
} from '@parley/contracts';
import type { AgentCardRow, AgentFields, AgentRepo, AgentWithExtras, DiscoverCursor } from '../../db/repos/agent-repo.js';
import type { AppRow } from '../../db/repos/app-repo.js';
import type { ImageService } from './image-service.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';
import { builtInAvatars, builtInAvatarUrl } from './built-in-avatars.js';
import type { CheckedImage, CheckedText, ContentChecker } from './content-check.js';

export type AgentFormValues = z.output<typeof agentInput>;
export type DiscoverInput = z.output<typeof discoverQuery>;

/** What happened to an agent that its owner should hear about (the notifications issue wires this). */
/** An agent that has just become public for the first time. */
export interface AgentPublishedEvent {
  appId: string;
  ownerId: string;
  name: string;
}

export interface AgentServiceDeps {
  agents: AgentRepo;
  images: Pick<ImageService, 'find' | 'bytes'>;
  checkContent: ContentChecker;
  /** Tells the owner their agent is public. Failures are the hook's own. (Operators hide and restore in the console: admin/agent-admin-service.) */
  onAgentPublished: (event: AgentPublishedEvent) => Promise<void>;
  settings: { models: readonly string[]; defaultModel: string; offline: boolean; mineMax: number };
}

const notFound = () => new AppError('NOT_FOUND', 'This agent does not exist.');
const notYours = () => new AppError('FORBIDDEN', 'Only the creator of this agent can change it.');

function categoryOf(row: Pick<AppRow, 'category'>): AgentCategory {
  return (agentCategories as readonly string[]).includes(row.category) ? (row.category as AgentCategory) : 'general';
}

export function figuresOf(row: Pick<AppRow, 'conversationCount' | 'userCount' | 'goodCount' | 'badCount'>): AgentFigures {
  const rated = row.goodCount + row.badCount;
  return {
    conversations: row.conversationCount,
    users: row.userCount,
    good: row.goodCount,
    bad: row.badCount,
    likeRatio: rated === 0 ? null : Math.round((row.goodCount / rated) * 1000) / 1000,
  };
}

export function toAgentDetail({ row, shareNum }: Pick<AgentWithExtras, 'row' | 'shareNum'>): AgentDetail {
  return {
    id: row.id,
    name: row.name,
    intro: row.intro,
    avatarUrl: row.avatarUrl,
    category: categoryOf(row),
    systemPrompt: row.systemPrompt,
    model: row.model,
    temperature: row.temperature,
    top_p: row.topP,
    openingMessage: row.openingMessage,
    suggestedQuestions: row.suggestedQuestions,
    visibility: row.visibility,
    knowledgeMode: row.knowledgeMode,
    hidden: row.hiddenAt !== null,
    hiddenReason: row.hiddenReason,
    reviewRequestedAt: row.reviewRequestedAt?.toISOString() ?? null,
    shareNum,
    figures: figuresOf(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAgentCard(row: AgentCardRow, creatorName: string | null): AgentCard {
  return {
    id: row.id,
    name: row.name,
    intro: row.intro,
    avatarUrl: row.avatarUrl,
    category: categoryOf(row),
    creatorName,
    figures: figuresOf(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

function toFields(input: AgentFormValues): AgentFields {
  const { top_p: topP, ...rest } = input;
  return { ...rest, topP };
}

/** The texts a public agent shows, by form field, for the content check. */
function publicTexts(input: AgentFormValues): CheckedText[] {
  return [
    { path: 'name', text: input.name },
    { path: 'intro', text: input.intro },
    { path: 'systemPrompt', text: input.systemPrompt },
    { path: 'openingMessage', text: input.openingMessage },
    ...input.suggestedQuestions.map((text, index) => ({ path: `suggestedQuestions.${index}`, text })),
  ];
}

export function encodeCursor(sort: DiscoverSort, cursor: DiscoverCursor): string {
  return Buffer.from(JSON.stringify([sort, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(sort: DiscoverSort, raw: string): DiscoverCursor {
  try {
    const [cursorSort, value, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    const uuid = new RegExp(`^${uuidPattern}$`);
    if (cursorSort === sort && typeof value === 'string' && value.length < 64 && typeof id === 'string' && uuid.test(id)) {
      return { value, id };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION', 'cursor: start again from the first page', [
    { path: 'cursor', message: 'This list position is not valid for this sort; start again from the first page' },
  ]);
}

/**
 * Agents: what owners create, edit and delete, what discover lists, and the operator's hide.
 * Only accounts own agents; a visitor asking to change one is asked to log in.
 */
export function createAgentService(deps: AgentServiceDeps) {
  const { agents, settings } = deps;

  function accountOf(owner: Owner): string {
    if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
    return owner.userId;
  }

  /**
   * The caller's live agent. The agent is looked up before the caller's account is asked for, so
   * that a private agent is not found for everyone but its owner: another account and a visitor
   * alike get NOT_FOUND, the same answer as for an id that never existed. Someone else's public
   * or unlisted agent is visible anyway, so there the refusal may say why: FORBIDDEN for another
   * account, LOGIN_REQUIRED for a visitor (it might be theirs once signed in). A caller with no
   * token at all never gets here: the API's token check answers 401 / -2 for every id alike.
   */
  async function ownAgent(owner: Owner, appId: string): Promise<AgentWithExtras & { userId: string }> {
    const found = await agents.findLive(appId);
    const { userId } = owner;
    if (found !== null && userId !== null && found.row.ownerId === userId) return { ...found, userId };
    if (!found || found.row.visibility === 'private') throw notFound();
    throw userId === null ? new AppError('LOGIN_REQUIRED') : notYours();
  }

  /** Checks across fields and the database that the schema cannot: the model offered, the avatar existing. */
  async function validateReferences(input: AgentFormValues) {
    const problems: { path: string; message: string }[] = [];
    if (input.model !== null && !settings.models.includes(input.model)) {
      problems.push({ path: 'model', message: 'Choose one of the offered models' });
    }
    const avatar = input.avatarUrl;
    if (avatar !== null) {
      const builtIn = /^\/files\/avatars\/([a-z0-9-]+)\.svg$/.exec(avatar);
      const uploaded = uploadedImageId(avatar);
      const exists = builtIn ? builtInAvatars.has(builtIn[1]!) : uploaded ? (await deps.images.find(uploaded)) !== null : false;
      if (!exists) problems.push({ path: 'avatarUrl', message: 'This picture does not exist; upload it again or choose another' });
    }
    if (problems.length > 0) {
      throw new AppError('VALIDATION', problems.map((p) => `${p.path}: ${p.message}`).join('; '), problems);
    }
  }

  /**
   * The avatar's part of the content check. "Avatar text" is the text a viewer can read from the
   * avatar, and there are three places it could be:
   * - a built-in avatar: drawn here (built-in-avatars.ts), holds no user-given text; not checked;
   * - text carried in an uploaded file (PNG text chunks, EXIF/XMP descriptions, GIF comments):
   *   the upload is re-encoded with all metadata dropped (image-service.ts), so no such text is
   *   ever served and nothing is left to check;
   * - text drawn into an uploaded picture's pixels: the keyword list cannot read pixels, so the
   *   picture goes to the moderation endpoint as an image input when MODERATION_CHECK_IMAGES is
   *   on (omni-moderation reads drawn text). Without that, drawn text is not checked.
   * The web shows avatars as decoration (alt ""), next to the agent's name, which is checked.
   */
  async function uploadedAvatar(avatarUrl: string | null): Promise<CheckedImage[]> {
    const id = avatarUrl ? uploadedImageId(avatarUrl) : undefined;
    const image = id ? await deps.images.find(id) : null;
    return image ? [{ path: 'avatarUrl', mime: image.mime, read: () => deps.images.bytes(image) }] : [];
  }

  /** What the content check finds in a form going public; nothing for one that is not. */
  async function publishProblems(input: AgentFormValues): Promise<ContentBlockedData> {
    if (input.visibility !== 'public') return [];
    return deps.checkContent(publicTexts(input), await uploadedAvatar(input.avatarUrl));
  }

  async function checkBeforePublish(input: AgentFormValues) {
    const problems = await publishProblems(input);
    if (problems.length > 0) {
      throw new AppError('CONTENT_BLOCKED', `This agent cannot be published: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
    }
  }

  async function announcePublished(row: AppRow, wasPublic: boolean) {
    if (row.visibility !== 'public' || wasPublic || row.ownerId === null) return;
    await deps.onAgentPublished({ appId: row.id, ownerId: row.ownerId, name: row.name });
  }

  return {
    async create(owner: Owner, input: AgentFormValues): Promise<AgentDetail> {
      const userId = accountOf(owner);
      await validateReferences(input);
      await checkBeforePublish(input);
      const row = await agents.create(userId, toFields(input));
      await announcePublished(row, false);
      return toAgentDetail({ row, shareNum: null });
    },

    async update(owner: Owner, appId: string, input: AgentFormValues): Promise<AgentDetail> {
      const before = await ownAgent(owner, appId);
      await validateReferences(input);
      await checkBeforePublish(input);
      const row = await agents.update(before.userId, appId, toFields(input));
      if (!row) throw notFound();
      await announcePublished(row, before.row.visibility === 'public');
      return toAgentDetail({ row, shareNum: before.shareNum });
    },

    /**
     * For a form the content check kept from public: saves it (created without `appId`) as
     * private, held for an operator, who publishes it or declines. A form the check lets through
     * is published as update and create would.
     */
    async requestReview(owner: Owner, appId: string | undefined, input: AgentFormValues): Promise<AgentDetail> {
      const before = appId === undefined ? null : await ownAgent(owner, appId);
      const userId = before?.userId ?? accountOf(owner);
      if (input.visibility !== 'public') {
        throw new AppError('VALIDATION', 'visibility: Only an agent going public is reviewed', [{ path: 'visibility', message: 'Only an agent going public is reviewed' }]);
      }
      await validateReferences(input);
      const problems = await publishProblems(input);
      const review = problems.length > 0 ? problems : undefined;
      const fields = { ...toFields(input), visibility: review ? ('private' as const) : input.visibility };
      const row = before ? await agents.update(userId, before.row.id, fields, review) : await agents.create(userId, fields, review);
      if (!row) throw notFound();
      await announcePublished(row, before?.row.visibility === 'public');
      return toAgentDetail({ row, shareNum: before?.shareNum ?? null });
    },

    async remove(owner: Owner, appId: string): Promise<void> {
      const { userId } = await ownAgent(owner, appId);
      if (!(await agents.softDelete(userId, appId))) throw notFound();
    },

    async detail(owner: Owner, appId: string): Promise<AgentDetail> {
      return toAgentDetail(await ownAgent(owner, appId));
    },

    async mine(owner: Owner): Promise<{ list: AgentDetail[] }> {
      const list = await agents.listMine(accountOf(owner), settings.mineMax);
      return { list: list.map(toAgentDetail) };
    },

    async discover(input: DiscoverInput): Promise<DiscoverPage> {
      const after = input.cursor ? decodeCursor(input.sort, input.cursor) : undefined;
      const rows = await agents.discover({ q: input.q, category: input.category, sort: input.sort, after, limit: input.pageSize + 1 });
      const page = rows.slice(0, input.pageSize);
      const last = page.at(-1);
      const nextCursor = rows.length > input.pageSize && last ? encodeCursor(input.sort, { value: last.sortValue, id: last.row.id }) : null;
      return { list: page.map(({ row, creatorName }) => toAgentCard(row, creatorName)), nextCursor };
    },

    models(): AgentModelsData {
      return { models: [...settings.models], defaultModel: settings.defaultModel, offline: settings.offline };
    },

    avatars(): BuiltInAvatarsData {
      return { list: [...builtInAvatars.keys()].map((key) => ({ key, url: builtInAvatarUrl(key) })) };
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
