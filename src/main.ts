// Entry point: config → database → app → listen; SIGTERM/SIGINT drain in-flight requests and close the
// database cleanly.
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './lib/logger.js';
import { startServer } from './server.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const log = createLogger(config.logLevel);
const startedAt = performance.now();

try {
  const running = await startServer(config, log);
  log.info(
    {
      url: running.url,
      database: running.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
      startupMs: Math.round(performance.now() - startedAt),
      rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
    },
    `listening on ${running.url}`,
  );

  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down: draining in-flight requests');
    const forced = setTimeout(() => {
      log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    running.close().then(
      () => {
        log.info('shut down cleanly');
        process.exit(0);
      },
      (error) => {
        log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
}
