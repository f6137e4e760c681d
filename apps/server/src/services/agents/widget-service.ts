import type { WidgetConfigData, WidgetSettingsData } from '@parley/contracts';
import type { Owner } from '../../db/repos/owner-scope.js';
import type { WidgetAgent, WidgetRepo } from '../../db/repos/widget-repo.js';
import { AppError } from '../../platform/app-error.js';
import { agentNotFound, ownAgent } from './own-agent.js';

export interface WidgetServiceDeps {
  widgets: WidgetRepo;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toSettings(agent: WidgetAgent): WidgetSettingsData {
  return { appId: agent.id, origins: agent.widgetOrigins, visibility: agent.visibility };
}

/** An agent whose widget works: live, not hidden by an operator, with at least one website listed. */
function hasWidget(agent: WidgetAgent | null): agent is WidgetAgent {
  return agent !== null && agent.hiddenAt === null && agent.widgetOrigins.length > 0;
}

/**
 * The chat widget of an agent: its owner lists the websites (origins) that may show it; the
 * loader and the panel read what to show, and the panel page learns which origins may frame it.
 * Visibility does not matter: a private agent listed on a website answers that website's visitors.
 */
export function createWidgetService(deps: WidgetServiceDeps) {
  const ownWidgetAgent = (owner: Owner, appId: string): Promise<WidgetAgent> => ownAgent(owner, appId, deps.widgets.find);

  return {
    async settings(owner: Owner, appId: string): Promise<WidgetSettingsData> {
      return toSettings(await ownWidgetAgent(owner, appId));
    },

    async saveOrigins(owner: Owner, input: { appId: string; origins: string[] }): Promise<WidgetSettingsData> {
      await ownWidgetAgent(owner, input.appId);
      const saved = await deps.widgets.saveOrigins(input.appId, owner.userId ?? '', input.origins);
      if (!saved) throw agentNotFound();
      return toSettings(saved);
    },

    /**
     * What the launcher and panel show. `origin`: the website asking from another origin (the
     * loader), null from Parley's own (the panel); one the owner did not list is refused.
     */
    async config(appId: string, origin: string | null): Promise<WidgetConfigData> {
      const agent = await deps.widgets.find(appId);
      if (!hasWidget(agent)) throw new AppError('NOT_FOUND', 'This agent has no chat widget.');
      if (origin !== null && !agent.widgetOrigins.includes(origin)) throw new AppError('WIDGET_ORIGIN_REFUSED');
      const { id, name, avatarUrl, intro, openingMessage, suggestedQuestions } = agent;
      return { app: { id, name, avatarUrl, intro, openingMessage, suggestedQuestions }, origins: agent.widgetOrigins };
    },

    /** The origins that may frame the panel page of `appId`; none when it has no working widget. */
    async frameAncestors(appId: string): Promise<string[]> {
      if (!uuidPattern.test(appId)) return [];
      const agent = await deps.widgets.find(appId);
      return hasWidget(agent) ? agent.widgetOrigins : [];
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
