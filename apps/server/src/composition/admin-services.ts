import type { Database } from '../db/client.js';
import { auditRepo } from '../db/repos/audit-repo.js';
import { userRepo } from '../db/repos/user-repo.js';
import { createAuditService } from '../services/admin/audit-service.js';
import { createUserAdminService } from '../services/admin/user-admin-service.js';

/** The console's services on a database: the server's, and the admin CLI's (which calls the same ones). */
export function createAdminServices(db: Database) {
  return {
    audit: createAuditService({ audit: auditRepo(db) }),
    userAdmin: createUserAdminService({
      users: userRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ users: userRepo(tx), audit: auditRepo(tx) })),
    }),
  };
}
