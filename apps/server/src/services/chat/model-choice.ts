import type { ChatModelChoice } from '@parley/contracts';
import type { AppRow } from '../../db/repos/app-repo.js';
import { AppError } from '../../platform/app-error.js';

export interface ModelSettings {
  /** The models the service offers (LLM_MODELS). */
  models: readonly string[];
  /** The model for apps that name none (or one that is not offered); 'offline' without a model service. */
  defaultModel: string;
  /** No model service: the offline responder answers whatever the model, so there is nothing to pick. */
  offline: boolean;
}

type ModelApp = Pick<AppRow, 'model'>;

/**
 * Which model answers in a chat. An agent that names an offered model always answers with it;
 * the official assistant and other agents answer with the model the chat's user picked among
 * LLM_MODELS, else with the default.
 */
export function createModelChoice(settings: ModelSettings) {
  const offered = (model: string | null): model is string => model !== null && settings.models.includes(model);

  /** The model of a chat where none is picked: the app's own when offered, else the default. */
  function defaultFor(app: ModelApp): string {
    return offered(app.model) ? app.model : settings.defaultModel;
  }

  /** What the user may pick from: nothing when the app fixes its model, offline, or with fewer than two. */
  function choicesFor(app: ModelApp): string[] {
    if (offered(app.model) || settings.offline || settings.models.length < 2) return [];
    return [...settings.models];
  }

  return {
    choicesFor,

    /** The choice as the chat screen offers it. */
    choiceFor(app: ModelApp): ChatModelChoice {
      return { models: choicesFor(app), defaultModel: defaultFor(app) };
    },

    /** The model that answers in a chat with `picked` saved (a pick no longer offered is ignored). */
    modelFor(app: ModelApp, picked: string | null): string {
      return picked !== null && choicesFor(app).includes(picked) ? picked : defaultFor(app);
    },

    /**
     * The pick to save with the chat from a request's `model`: undefined keeps the chat's, null
     * clears it. The model the chat answers with anyway is taken (and saved only when it is a
     * choice); any other is refused, naming what may be asked for.
     */
    pickOf(app: ModelApp, requested: string | null | undefined): string | null | undefined {
      if (requested === undefined || requested === null) return requested;
      const choices = choicesFor(app);
      if (choices.includes(requested)) return requested;
      if (requested === defaultFor(app)) return undefined;
      const message =
        choices.length > 0
          ? `The model "${requested}" is not offered here; choose one of: ${choices.join(', ')}.`
          : offered(app.model)
            ? `This agent always answers with ${app.model}; its model cannot be changed.`
            : `No model can be chosen here; this chat answers with ${defaultFor(app)}.`;
      throw new AppError('VALIDATION', message, [{ path: 'model', message }]);
    },
  };
}

export type ModelChoice = ReturnType<typeof createModelChoice>;
