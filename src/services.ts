// The services of the application, wired once at start-up and handed to every request's context.
import type { PrismaClient } from './generated/prisma/client.js';
import type { Config } from './config.js';
import type { Logger } from './lib/logger.js';
import { createAuthService } from './modules/auth/auth.service.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(prisma: PrismaClient, config: Pick<Config, 'sessionTtlSeconds'>, log: Logger) {
  return {
    auth: createAuthService({ prisma, sessionTtlSeconds: config.sessionTtlSeconds, log }),
  };
}
