import { userRepo } from '../../db/repos/user-repo.js';
import { cliAdminServices } from '../cli-services.js';
import { AdminError, requireArg, type Command } from '../context.js';

/** `operator grant|revoke <phone or name>`: the same service as the console's users page, audited as the admin CLI. */
function setOperator(on: boolean): Command {
  return async (context, args) => {
    const who = requireArg(args, 0, 'the phone number or user name');
    const user = await userRepo(context.db).findByPhoneOrName(who);
    if (!user) throw new AdminError(`No account has the phone number or name ${who}.`);
    const { userAdmin } = cliAdminServices(context);
    const done = on ? await userAdmin.grantOperator('cli', user.id) : await userAdmin.revokeOperator('cli', user.id);
    context.out(on ? `${done.username} is now an operator.` : `${done.username} is no longer an operator.`);
  };
}

export const grantOperator = setOperator(true);
export const revokeOperator = setOperator(false);

/** The older spelling, `user operator <name> [--revoke]`. */
export const userOperator: Command = (context, args, flags) => (flags.revoke === true ? revokeOperator : grantOperator)(context, args, flags);
