import { AppError } from '../../platform/app-error.js';
import { cliAdminServices } from '../cli-services.js';
import { AdminError, requireArg, textFlag, type Command } from '../context.js';

/** `agent hide|restore <id>`: the same service as the console's agents page, audited as the admin CLI. */
function setHidden(hidden: boolean): Command {
  return async (context, args, flags) => {
    const id = requireArg(args, 0, 'the agent id');
    const reason = hidden ? textFlag(flags, 'reason', true) : (textFlag(flags, 'reason') ?? '');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AdminError(`No agent has the id ${id}.`);
    const { agentAdmin } = cliAdminServices(context);
    const state = hidden ? 'hidden from everyone but its owner' : 'shown again';
    try {
      const agent = hidden ? await agentAdmin.hide('cli', id, reason) : await agentAdmin.restore('cli', id, reason);
      context.out(`${agent.name} is now ${state}; ${agent.ownerId ? 'its owner was told' : 'it has no owner to tell'}.`);
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'NOT_FOUND') throw new AdminError(`No agent has the id ${id}.`);
      if (error instanceof AppError && error.errorName === 'CONFLICT') {
        context.out(`The agent was already ${state}.`);
        return;
      }
      throw error;
    }
  };
}

export const hideAgent = setHidden(true);
export const restoreAgent = setHidden(false);
