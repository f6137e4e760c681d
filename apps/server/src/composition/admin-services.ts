import type { Database } from '../db/client.js';
import { appRepo } from '../db/repos/app-repo.js';
import { auditRepo } from '../db/repos/audit-repo.js';
import { knowledgeRepo } from '../db/repos/knowledge-repo.js';
import { qualityRepo } from '../db/repos/quality-repo.js';
import { userRepo } from '../db/repos/user-repo.js';
import { createAuditService } from '../services/admin/audit-service.js';
import { createQualityService } from '../services/admin/quality-service.js';
import { createUserAdminService } from '../services/admin/user-admin-service.js';

/** What the console's services take from the rest of the server; the admin CLI, which answers no questions, goes without. */
export interface AdminServiceParts {
  /** Embeds knowledge entries an operator wrote (knowledge retrieval's, when an embedding model is configured). */
  embedChunks: (appId: string, chunkIds: string[]) => Promise<void>;
}

const withoutServer: AdminServiceParts = { embedChunks: () => Promise.resolve() };

/** The console's services on a database: the server's, and the admin CLI's (which calls the same ones). */
export function createAdminServices(db: Database, parts: AdminServiceParts = withoutServer) {
  return {
    audit: createAuditService({ audit: auditRepo(db) }),
    userAdmin: createUserAdminService({
      users: userRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ users: userRepo(tx), audit: auditRepo(tx) })),
    }),
    quality: createQualityService({
      quality: qualityRepo(db),
      apps: appRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ quality: qualityRepo(tx), knowledge: knowledgeRepo(tx), audit: auditRepo(tx) })),
      embedChunks: parts.embedChunks,
    }),
  };
}
