import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { tokenRepo } from '../db/repos/token-repo.js';
import { visitorRepo } from '../db/repos/visitor-repo.js';
import { createAccessService } from './access-service.js';
import { createIdentityService } from './identity-service.js';
import { createVisitorService } from './visitor-service.js';

/** The composition root: every service with exactly the repos and settings it needs. */
export function createServices(db: Database, config: Config) {
  const tokens = tokenRepo(db);
  return {
    access: createAccessService(config.ACCESS_PASSWORD),
    identity: createIdentityService({ tokens }),
    visitors: createVisitorService({ visitors: visitorRepo(db), tokens, ttlDays: config.VISITOR_TOKEN_TTL_DAYS }),
  };
}

export type Services = ReturnType<typeof createServices>;
