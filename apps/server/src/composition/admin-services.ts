import type { Database } from '../db/client.js';
import { accountRepo } from '../db/repos/account-repo.js';
import { agentAdminRepo } from '../db/repos/agent-admin-repo.js';
import { agentRepo } from '../db/repos/agent-repo.js';
import { appRepo, type OfficialAppSeed } from '../db/repos/app-repo.js';
import { auditRepo } from '../db/repos/audit-repo.js';
import { officialFaqRepo } from '../db/repos/official-faq-repo.js';
import { siteSettingsRepo } from '../db/repos/site-settings-repo.js';
import { userRepo } from '../db/repos/user-repo.js';
import { createAgentAdminService, type AgentAdminDeps } from '../services/admin/agent-admin-service.js';
import { createAuditService } from '../services/admin/audit-service.js';
import { createOfficialService } from '../services/admin/official-service.js';
import { createUserAdminService } from '../services/admin/user-admin-service.js';

/** What the console's services need from the rest of the server (composition/services.ts) or the admin CLI. */
export interface AdminServiceParts {
  /** Ends a user's sessions and the answers streaming under them (the auth service's endAllSessions). */
  endAllSessions: (userId: string) => Promise<void>;
  /** What reaches an agent owner's messages page (the notification service). */
  notices: AgentAdminDeps['notices'];
  /** Embeds written FAQ entries (the knowledge retrieval's embedChunks; nothing to do without embeddings). */
  embedChunks: (appId: string, chunkIds: string[]) => Promise<unknown>;
  /** The official assistant's built-in texts (src/seed). */
  officialSeed: OfficialAppSeed;
}

/** The console's services on a database: the server's, and the admin CLI's (which calls the same ones). */
export function createAdminServices(db: Database, parts: AdminServiceParts) {
  return {
    audit: createAuditService({ audit: auditRepo(db) }),
    userAdmin: createUserAdminService({
      users: userRepo(db),
      endAllSessions: parts.endAllSessions,
      inTransaction: (work) => db.transaction((tx) => work({ users: userRepo(tx), accounts: accountRepo(tx), audit: auditRepo(tx) })),
    }),
    agentAdmin: createAgentAdminService({
      agents: agentAdminRepo(db),
      notices: parts.notices,
      inTransaction: (work) => db.transaction((tx) => work({ agents: agentAdminRepo(tx), moderation: agentRepo(tx), audit: auditRepo(tx) })),
    }),
    official: createOfficialService({
      seed: parts.officialSeed,
      embedChunks: parts.embedChunks,
      inTransaction: (work) =>
        db.transaction((tx) =>
          work({ settings: siteSettingsRepo(tx), apps: appRepo(tx), faq: (appId) => officialFaqRepo(tx, appId), audit: auditRepo(tx) }),
        ),
    }),
  };
}
