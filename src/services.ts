// The services of the application, wired once at start-up and handed to every request's context.
import type { PrismaClient } from './generated/prisma/client.js';
import type { Config } from './config.js';
import type { Logger } from './lib/logger.js';
import type { RateLimits } from './http/rate-limits.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createInvitationsService } from './modules/members/invitations.service.js';
import { createMembersService } from './modules/members/members.service.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { createUsageService } from './modules/usage/usage.service.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(
  prisma: PrismaClient,
  config: Pick<Config, 'sessionTtlSeconds'>,
  log: Logger,
  rateLimits: RateLimits,
) {
  const { sessionTtlSeconds } = config;
  return {
    auth: createAuthService({ prisma, sessionTtlSeconds, log, loginThrottle: rateLimits.loginFailures }),
    roles: createRolesService({ prisma }),
    members: createMembersService({ prisma }),
    invitations: createInvitationsService({ prisma, sessionTtlSeconds }),
    apiKeys: createApiKeysService({ prisma }),
    usage: createUsageService({ prisma }),
    audit: createAuditService({ prisma }),
  };
}
