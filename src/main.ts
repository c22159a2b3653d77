// Entry point: config → database → app → listen; SIGTERM/SIGINT drain in-flight requests and running
// background jobs, then close the database cleanly.
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, stdoutDestination } from './lib/logger.js';
import { startServer } from './server.js';
import { DatabaseUnreachableError } from './db/database.js';

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

const destination = stdoutDestination();
const log = createLogger(config.logLevel, destination);
const startedAt = performance.now();

/** Exits once buffered log lines are out (the last ones say why the process stopped). */
function exit(code: number): never {
  try {
    destination.flushSync();
  } catch {
    // a write still in flight: the lines reach the pipe anyway; nothing else to do on the way out
  }
  process.exit(code);
}

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
    log.info({ signal }, 'shutting down: draining in-flight requests and running jobs');
    const forced = setTimeout(() => {
      log.error('shutdown took over 10 s; exiting');
      exit(1);
    }, 10_000);
    forced.unref();
    running.close().then(
      () => {
        log.info('shut down cleanly');
        exit(0);
      },
      (error) => {
        log.error({ err: error }, 'error during shutdown');
        exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  log.fatal({ err: error }, error instanceof DatabaseUnreachableError ? error.message : 'failed to start');
  exit(1);
}
