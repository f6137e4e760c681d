import { agentSharePath, type AgentShareNumData, type SharedAgent } from '@parley/contracts';
import type { AgentShareRepo } from '../../db/repos/agent-share-repo.js';
import type { AgentRepo, AgentWithExtras } from '../../db/repos/agent-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';
import { figuresOf, toAgentCard } from './agent-service.js';

const notFound = () => new AppError('NOT_FOUND', 'This agent does not exist or is no longer shared.');

function toSharedAgent({ row, creatorName, shareNum }: AgentWithExtras): SharedAgent {
  const card = toAgentCard(row, creatorName);
  return {
    appId: row.id,
    shareNum,
    name: card.name,
    intro: card.intro,
    avatarUrl: card.avatarUrl,
    category: card.category,
    creatorName,
    openingMessage: row.openingMessage,
    suggestedQuestions: row.suggestedQuestions,
    figures: figuresOf(row),
  };
}

/**
 * Share numbers of agents and the public landing page behind them. Anyone who can open an
 * agent (public, or unlisted with its link) may share it; a private one cannot be shared, and a
 * hidden one opens for nobody.
 */
export function createAgentShareService(deps: { agents: Pick<AgentRepo, 'findLive'>; shares: AgentShareRepo }) {
  /** The agent as a sharer or a landing-page visitor may see it. */
  async function shareable(appId: string, owner: Owner): Promise<AgentWithExtras> {
    const found = await deps.agents.findLive(appId);
    const mine = found !== null && owner.userId !== null && found.row.ownerId === owner.userId;
    if (!found || (found.row.hiddenAt !== null && !mine)) throw notFound();
    if (found.row.visibility === 'private') throw mine ? new AppError('AGENT_PRIVATE') : notFound();
    if (found.row.hiddenAt !== null) throw new AppError('APP_UNAVAILABLE', 'An operator hid this agent, so it cannot be shared.');
    return found;
  }

  return {
    async shareNum(owner: Owner, appId: string): Promise<AgentShareNumData> {
      const agent = await shareable(appId, owner);
      const shareNum = agent.shareNum ?? (await deps.shares.ensure(agent.row.id));
      return { shareNum, path: agentSharePath(shareNum) };
    },

    async byShareNum(owner: Owner, shareNum: string): Promise<SharedAgent> {
      const appId = await deps.shares.findAppId(shareNum);
      if (!appId) throw notFound();
      return toSharedAgent(await shareable(appId, owner));
    },

    async byApp(owner: Owner, appId: string): Promise<SharedAgent> {
      return toSharedAgent(await shareable(appId, owner));
    },
  };
}

export type AgentShareService = ReturnType<typeof createAgentShareService>;
