import { contentLimits } from '@parley/contracts';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { brokerRepo } from '../db/repos/broker-repo.js';
import { appRepo } from '../db/repos/app-repo.js';
import { auditRepo } from '../db/repos/audit-repo.js';
import { knowledgeRepo } from '../db/repos/knowledge-repo.js';
import { notificationWriter } from '../db/repos/notification-repo.js';
import { qualityRepo } from '../db/repos/quality-repo.js';
import { sitePageRepo } from '../db/repos/site-page-repo.js';
import { userRepo } from '../db/repos/user-repo.js';
import { createAuditService } from '../services/admin/audit-service.js';
import { createContentService } from '../services/admin/content-service.js';
import { createBrokerImportService } from '../services/brokers/broker-import-service.js';
import { unshownPictureHosts } from '../services/site/picture-hosts.js';
import { sitePagesOn } from './site-pages.js';
import { createQualityService } from '../services/admin/quality-service.js';
import { createUserAdminService } from '../services/admin/user-admin-service.js';

/** What the console's services take from the rest of the server. */
export interface AdminServiceParts {
  config: Pick<Config, 'IMAGE_HOSTS_ALLOWED' | 'SITE_CONTENT_DIR'>;
  /**
   * Embeds knowledge entries an operator wrote (knowledge retrieval's, when an embedding model is
   * configured); the admin CLI, which answers no questions, goes without.
   */
  embedChunks?: (appId: string, chunkIds: string[]) => Promise<void>;
}

/** The console's services on a database: the server's, and the admin CLI's (which calls the same ones). */
export function createAdminServices(db: Database, { config, embedChunks = () => Promise.resolve() }: AdminServiceParts) {
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
      embedChunks,
    }),
    content: createContentService({
      resolvePage: sitePagesOn(db, config).resolve,
      announcements: notificationWriter(db),
      inTransaction: (work) =>
        db.transaction((tx) => work({ pages: sitePageRepo(tx), announcements: notificationWriter(tx), audit: auditRepo(tx) })),
      announcementsShown: contentLimits.announcementsShown,
    }),
    brokerImport: createBrokerImportService({
      brokers: brokerRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ brokers: brokerRepo(tx), audit: auditRepo(tx) })),
      unshownHosts: (addresses) => unshownPictureHosts(config, addresses),
    }),
  };
}
