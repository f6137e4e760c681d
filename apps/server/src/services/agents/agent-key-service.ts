import { createHash, randomBytes } from 'node:crypto';
import { agentKeyLimits, agentKeyMarker, type AgentKey, type CreatedAgentKeyData } from '@parley/contracts';
import type { AgentKeyInUse, AgentKeyListed, AgentKeyRepo } from '../../db/repos/agent-key-repo.js';
import type { AppRepo, AppRow, ChatApp } from '../../db/repos/app-repo.js';
import type { Owner } from '../../db/repos/owner-scope.js';
import type { UserRepo } from '../../db/repos/user-repo.js';
import { AppError } from '../../platform/app-error.js';
import { accountOf, ownAgent } from './own-agent.js';

export interface AgentKeyServiceDeps {
  keys: AgentKeyRepo;
  agents: Pick<AppRepo, 'findLive' | 'findForChat'>;
  users: Pick<UserRepo, 'isOperator'>;
}

/** A key's last use is written at most this often (the repo's update says the same). */
const touchEveryMs = 60_000;

/** Keys listed to operators at most. */
const allKeysMax = 500;

const keyNotFound = () => new AppError('NOT_FOUND', 'This key does not exist.');

/** The SHA-256 of a key's secret, as stored: a key is 256 random bits, so no slow hash is needed. */
export function hashAgentKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret: the marker and 32 random bytes, base64url. */
function newSecret(): string {
  return `${agentKeyMarker}${randomBytes(32).toString('base64url')}`;
}

function toKey(row: AgentKeyListed): AgentKey {
  return {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    name: row.name,
    prefix: row.prefix,
    ratePerMinute: row.ratePerMinute,
    monthlyTokens: row.monthlyTokens,
    tokensThisMonth: row.tokensThisMonth,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * API keys to an agent: its owner makes, lists and revokes them, operators list and revoke any,
 * and `authenticate` finds the key a call to `/v1` carries.
 */
export function createAgentKeyService(deps: AgentKeyServiceDeps) {
  const ownLiveAgent = (owner: Owner, appId: string): Promise<AppRow> => ownAgent(owner, appId, deps.agents.findLive);

  return {
    async list(owner: Owner, appId: string): Promise<AgentKey[]> {
      await ownLiveAgent(owner, appId);
      return (await deps.keys.listForApp(appId)).map(toKey);
    },

    async create(
      owner: Owner,
      input: { appId: string; name: string; ratePerMinute: number; monthlyTokens: number | null },
    ): Promise<CreatedAgentKeyData> {
      const agent = await ownLiveAgent(owner, input.appId);
      if ((await deps.keys.countActive(agent.id)) >= agentKeyLimits.activePerAgent) {
        throw new AppError('CONFLICT', `An agent can have at most ${agentKeyLimits.activePerAgent} keys in use. Revoke one you no longer need first.`);
      }
      const secret = newSecret();
      const row = await deps.keys.create({
        appId: agent.id,
        createdBy: accountOf(owner),
        name: input.name,
        prefix: secret.slice(0, agentKeyMarker.length + agentKeyLimits.prefixChars),
        secretHash: hashAgentKey(secret),
        ratePerMinute: input.ratePerMinute,
        monthlyTokens: input.monthlyTokens,
      });
      return { key: toKey(row), secret };
    },

    /** The owner of the key's agent, or an operator, revokes it; to anyone else it does not exist. */
    async revoke(owner: Owner, id: string): Promise<AgentKey> {
      const userId = accountOf(owner);
      const key = await deps.keys.find(id);
      if (!key) throw keyNotFound();
      const agent = await deps.agents.findLive(key.appId);
      const owns = agent !== null && agent.ownerId === userId;
      if (!owns && !(await deps.users.isOperator(userId))) throw keyNotFound();
      const revoked = await deps.keys.revoke(id);
      if (!revoked) throw keyNotFound();
      return toKey(revoked);
    },

    /** Operators: every key; to anyone else this call does not exist. */
    async all(owner: Owner): Promise<AgentKey[]> {
      const userId = accountOf(owner);
      if (!(await deps.users.isOperator(userId))) throw new AppError('ROUTE_NOT_FOUND');
      return (await deps.keys.listAll(allKeysMax)).map(toKey);
    },

    /** The key a `/v1` call carries: null when it is unknown or revoked. */
    async authenticate(secret: string): Promise<AgentKeyInUse | null> {
      if (!secret.startsWith(agentKeyMarker)) return null;
      const key = await deps.keys.findBySecretHash(hashAgentKey(secret));
      if (!key || key.revokedAt !== null) return null;
      return key;
    },

    /**
     * The agent a key answers as. A private agent answers its owner's keys; one deleted or
     * hidden by an operator answers none.
     */
    async agentFor(key: AgentKeyInUse): Promise<ChatApp> {
      const found = await deps.agents.findForChat(key.appId, key.createdBy);
      if (!found || found.row.deletedAt !== null) throw new AppError('APP_UNAVAILABLE');
      if (found.row.hiddenAt !== null) throw new AppError('APP_UNAVAILABLE', 'An operator hid this agent, so it takes no new questions.');
      return found;
    },

    /** Notes that a key was used (at most one write a minute per key); must not fail the call. */
    async touch(key: AgentKeyInUse): Promise<void> {
      // the key was read with its last use: within the minute there is nothing to write
      if (key.lastUsedAt !== null && Date.now() - key.lastUsedAt.getTime() < touchEveryMs) return;
      await deps.keys.touch(key.id);
    },
  };
}

export type AgentKeyService = ReturnType<typeof createAgentKeyService>;
