// `npm run db:migrate`: applies pending migrations to DATABASE_URL without starting the service
// (for a deploy step that migrates before rolling out new instances).
import { ConfigError, loadConfig } from '../src/config.js';
import { migratePostgres } from '../src/db/database.js';
import { createLogger } from '../src/lib/logger.js';

try {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (!config.databaseUrl) {
    log.error('DATABASE_URL is not set: the embedded database is migrated by the service itself at start-up');
    process.exit(2);
  }
  const applied = await migratePostgres(config.databaseUrl, log);
  log.info({ applied }, applied.length ? `applied ${applied.length} migration(s)` : 'database is up to date');
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exit(1);
}
