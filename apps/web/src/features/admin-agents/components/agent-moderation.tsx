import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useModerateAgent, type Moderation } from '../api/moderate-agent';
import { ReasonDialog, type ReasonRequest } from './reason-dialog';

/** The agent a moderation is about: its id, and the name the dialog and the toast say. */
export interface ModeratedAgent {
  id: string;
  name: string;
}

/**
 * Hiding, restoring or declining an agent, wherever the console offers it: asks for the reason the
 * owner reads on their messages page, makes the change, says it is done. Render `dialog` once.
 */
export function useAgentModeration() {
  const { t } = useTranslation('consoleAgents');
  const moderate = useModerateAgent();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);

  /** `done` runs after the change, for a page that shows the agent in lists of its own. */
  function ask(agent: ModeratedAgent, kind: Exclude<Moderation['kind'], 'approve'>, done?: () => void) {
    const name = agent.name;
    setAsking({
      title: t(`${kind}.title`, { name }),
      body: t(`${kind}.body`),
      ok: t(`${kind}.ok`),
      danger: kind !== 'restore',
      required: kind !== 'restore',
      submit: async (reason) => {
        await moderate.mutateAsync({ id: agent.id, moderation: { kind, reason } });
        notify.success(t(`${kind}.done`, { name }));
        done?.();
      },
    });
  }

  return { ask, dialog: <ReasonDialog request={asking} onClose={() => setAsking(null)} /> };
}
