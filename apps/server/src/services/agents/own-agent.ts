import type { Owner } from '../../db/repos/owner-scope.js';
import { AppError } from '../../platform/app-error.js';

export const agentNotFound = () => new AppError('NOT_FOUND', 'This agent does not exist.');

/** The signed-in caller's account; a visitor is asked to log in. */
export function accountOf(owner: Owner): string {
  if (owner.userId === null) throw new AppError('LOGIN_REQUIRED');
  return owner.userId;
}

/**
 * The caller's own agent, for its owner's screens (keys, analytics, widget): a visitor is asked
 * to log in, and anyone else's agent (the official assistant too) is as unknown as a missing one.
 */
export async function ownAgent<Agent extends { ownerId: string | null; isOfficial?: boolean }>(
  owner: Owner,
  appId: string,
  find: (appId: string) => Promise<Agent | null>,
): Promise<Agent> {
  const userId = accountOf(owner);
  const agent = await find(appId);
  if (!agent || agent.isOfficial === true || agent.ownerId !== userId) throw agentNotFound();
  return agent;
}
