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
import { siteStatsRepo } from '../db/repos/site-stats-repo.js';
import { userRepo } from '../db/repos/user-repo.js';
import type { Embedder } from '../llm/embedder.js';
import type { Provider } from '../llm/provider.js';
import { createAuditService } from '../services/admin/audit-service.js';
import { createContentService } from '../services/admin/content-service.js';
import { createDashboardService } from '../services/admin/dashboard-service.js';
import { createKeywordListService } from '../services/admin/keyword-list-service.js';
import { createModelService } from '../services/admin/model-service.js';
import { createBrokerImportService } from '../services/brokers/broker-import-service.js';
import { unshownPictureHosts } from '../services/site/picture-hosts.js';
import { sitePagesOn } from './site-pages.js';
import { blockedKeywords } from './blocked-keywords.js';
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

/** The running server's parts: its whole settings and the model clients it built, which the model service page needs. */
export interface ServerAdminParts extends AdminServiceParts {
  config: Config;
  llm: Provider;
  embedder: Embedder | null;
}

function databaseServices(db: Database, { config, embedChunks = () => Promise.resolve() }: AdminServiceParts) {
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
    dashboard: createDashboardService({ stats: siteStatsRepo(db) }),
  };
}

/** The model service page's services: the settings and clients of the running server. */
function modelPageServices(db: Database, { config, llm, embedder }: ServerAdminParts) {
  return {
    models: createModelService({ config, llm, embedder, stats: siteStatsRepo(db) }),
    keywordList: createKeywordListService({
      keywords: blockedKeywords(db),
      inTransaction: (work) => db.transaction((tx) => work({ keywords: blockedKeywords(tx), audit: auditRepo(tx) })),
      chatModeration: config.MODERATION_CHAT,
    }),
  };
}

/**
 * The console's services on a database: the server's (with its model clients, which the model
 * service page needs), and the admin CLI's, which calls the same ones.
 */
export function createAdminServices(db: Database, parts: ServerAdminParts): ReturnType<typeof databaseServices> & ReturnType<typeof modelPageServices>;
export function createAdminServices(db: Database, parts: AdminServiceParts): ReturnType<typeof databaseServices>;
export function createAdminServices(db: Database, parts: AdminServiceParts | ServerAdminParts) {
  return 'llm' in parts ? { ...databaseServices(db, parts), ...modelPageServices(db, parts) } : databaseServices(db, parts);
}
