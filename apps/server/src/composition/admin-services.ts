import { contentLimits } from '@parley/contracts';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { accountRepo } from '../db/repos/account-repo.js';
import { adRepo } from '../db/repos/ad-repo.js';
import { agentAdminRepo } from '../db/repos/agent-admin-repo.js';
import { agentRepo } from '../db/repos/agent-repo.js';
import { appRepo, type OfficialAppSeed } from '../db/repos/app-repo.js';
import { auditRepo } from '../db/repos/audit-repo.js';
import { brokerRepo } from '../db/repos/broker-repo.js';
import { knowledgeRepo } from '../db/repos/knowledge-repo.js';
import { notificationWriter } from '../db/repos/notification-repo.js';
import { officialFaqRepo } from '../db/repos/official-faq-repo.js';
import { qualityRepo } from '../db/repos/quality-repo.js';
import { sitePageRepo } from '../db/repos/site-page-repo.js';
import { siteSettingsRepo } from '../db/repos/site-settings-repo.js';
import { siteStatsRepo } from '../db/repos/site-stats-repo.js';
import { userRepo } from '../db/repos/user-repo.js';
import type { Embedder } from '../llm/embedder.js';
import type { Provider } from '../llm/provider.js';
import { createAdAdminService } from '../services/admin/ad-admin-service.js';
import { createAgentAdminService, type AgentAdminDeps } from '../services/admin/agent-admin-service.js';
import { createAuditService } from '../services/admin/audit-service.js';
import { createContentService } from '../services/admin/content-service.js';
import { createDashboardService } from '../services/admin/dashboard-service.js';
import { createKeywordListService } from '../services/admin/keyword-list-service.js';
import { createModelService } from '../services/admin/model-service.js';
import { createOfficialService } from '../services/admin/official-service.js';
import { createQualityService } from '../services/admin/quality-service.js';
import { createSiteSettingsService } from '../services/admin/site-settings-service.js';
import { createUserAdminService } from '../services/admin/user-admin-service.js';
import { createBrokerImportService } from '../services/brokers/broker-import-service.js';
import { unshownPictureHosts } from '../services/site/picture-hosts.js';
import { configuredSiteSettings, type SiteSettingsConfig } from '../services/site/site-service.js';
import { blockedKeywords } from './blocked-keywords.js';
import { sitePagesOn } from './site-pages.js';

/** What the console's services need from the rest of the server (composition/services.ts) or the admin CLI. */
export interface AdminServiceParts {
  config: Pick<Config, 'IMAGE_HOSTS_ALLOWED' | 'SITE_CONTENT_DIR'> & SiteSettingsConfig;
  /** Ends a user's sessions and the answers streaming under them (the auth service's endAllSessions). */
  endAllSessions: (userId: string) => Promise<void>;
  /** What reaches an agent owner's messages page (the notification service). */
  notices: AgentAdminDeps['notices'];
  /** Embeds knowledge entries operators write (the knowledge retrieval's embedChunks; nothing to do without embeddings). */
  embedChunks: (appId: string, chunkIds: string[]) => Promise<unknown>;
  /** The official assistant's built-in texts (src/seed). */
  officialSeed: OfficialAppSeed;
  /** After the sidebar or region settings changed: the server's GET /site/config reads them again (the CLI has nothing to tell). */
  siteSettingsChanged: () => void;
}

function databaseServices(db: Database, parts: AdminServiceParts) {
  const { config } = parts;
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
    quality: createQualityService({
      quality: qualityRepo(db),
      apps: appRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ quality: qualityRepo(tx), knowledge: knowledgeRepo(tx), audit: auditRepo(tx) })),
      embedChunks: parts.embedChunks,
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
    adAdmin: createAdAdminService({
      ads: adRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ ads: adRepo(tx), brokers: brokerRepo(tx), audit: auditRepo(tx) })),
      unshownHosts: (addresses) => unshownPictureHosts(config, addresses),
    }),
    dashboard: createDashboardService({ stats: siteStatsRepo(db) }),
    siteSettings: createSiteSettingsService({
      configured: configuredSiteSettings(config),
      settings: siteSettingsRepo(db),
      inTransaction: (work) => db.transaction((tx) => work({ settings: siteSettingsRepo(tx), audit: auditRepo(tx) })),
      changed: parts.siteSettingsChanged,
    }),
  };
}

/** The running server's parts: its whole settings and the model clients it built, which the model service page needs. */
export interface ServerAdminParts extends AdminServiceParts {
  config: Config;
  llm: Provider;
  embedder: Embedder | null;
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
