// Entry point: config → listen (503 while starting) → database → app; SIGTERM/SIGINT drain in-flight requests
// and running background jobs, then close the database cleanly.
import { ConfigError, loadConfig, type Config } from './config.js';
import { lockDataDirectory, type DirectoryLock } from './db/directory-lock.js';
import { createLogger, stdoutDestination } from './lib/logger.js';
import { listenWhileStarting, PortUnavailableError, type ListeningServer } from './http/starting-server.js';

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

// The port is bound first, before anything is opened or written: one in use is refused at once, in one line on
// standard error, as a configuration error is. Until the service is assembled it answers 503 (starting-server.ts).
let listening: ListeningServer;
try {
  listening = await listenWhileStarting(config.host, config.port);
} catch (error) {
  if (!(error instanceof PortUnavailableError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

// The embedded database belongs to one process: its directory is locked before anything else, so that a second
// process started on the same DATA_DIR is refused at once, with nothing opened (told on standard error, as a
// configuration error is).
let dataDirectoryLock: DirectoryLock | undefined;
if (!config.databaseUrl) {
  try {
    dataDirectoryLock = await lockDataDirectory(config.dataDir);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}

// The rest of the service is loaded once the configuration and the data directory are known to be good: a
// refusal comes in a fraction of a second instead of after every module has loaded (about 2 s of CPU on a
// 2-core host). Loaded before standard output is opened: opened first as a pipe, the compiled service on a
// symlinked node_modules (the container test's image) got `pg` without its `types` (not understood; kept so).
const { startServer } = await import('./server.js');
const { DatabaseUnreachableError } = await import('./db/database.js');

const destination = stdoutDestination();
const log = createLogger(config.logLevel, destination);
const startedAt = performance.now();

/** In-flight requests and running jobs get this long after SIGTERM/SIGINT; then the process exits 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Buffered log lines get this long on the way out: plenty for a reader, bounded for a pipe nobody reads. */
const EXIT_LOG_DRAIN_MS = 1_000;

let exiting = false;
/** Exits once buffered log lines are out (the last ones say why the process stopped), or after 1 s. */
async function exit(code: number): Promise<void> {
  if (exiting) return; // the shutdown timeout and the end of the shutdown, nearly together: the first wins
  exiting = true;
  await destination.drain(EXIT_LOG_DRAIN_MS);
  process.exit(code);
}

try {
  const running = await startServer(
    config,
    log,
    dataDirectoryLock && { kind: 'pglite', dataDir: config.dataDir, lock: dataDirectoryLock },
    {},
    listening,
  );
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
      log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
      void exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    running.close().then(
      () => {
        log.info('shut down cleanly');
        void exit(0);
      },
      (error) => {
        log.error({ err: error }, 'error during shutdown');
        void exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  // The unreachable database's message says it all (DATABASE_URL, host:port, the cause); its stack adds nothing.
  if (error instanceof DatabaseUnreachableError) log.fatal(error.message);
  else log.fatal({ err: error }, 'failed to start');
  await exit(1);
}
