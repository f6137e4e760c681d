import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '@parley/contracts';
import { adminAdsRoutes } from './admin-ads.js';
import { adminAgentsRoutes } from './admin-agents.js';
import { adminAuditRoutes } from './admin-audit.js';
import { adminContentRoutes } from './admin-content.js';
import { adminQualityRoutes } from './admin-quality.js';
import { adminSiteRoutes } from './admin-site.js';
import { adminOfficialRoutes } from './admin-official.js';
import { adminUsersRoutes } from './admin-users.js';
import { adminDashboardRoutes } from './admin-dashboard.js';
import { adminModelsRoutes } from './admin-models.js';

/** The operator console's calls, under `/api/admin`: operators only, 404 for everyone else. */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', app.requireOperator);
      await scope.register(adminAuditRoutes);
      await scope.register(adminQualityRoutes);
      await scope.register(adminContentRoutes);
      await scope.register(adminAdsRoutes);
      await scope.register(adminSiteRoutes);
      await scope.register(adminAgentsRoutes);
      await scope.register(adminOfficialRoutes);
      await scope.register(adminUsersRoutes);
      await scope.register(adminDashboardRoutes);
      await scope.register(adminModelsRoutes);
    },
    { prefix: apiPrefix },
  );
}
