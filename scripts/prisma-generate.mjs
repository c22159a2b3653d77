// Runs `prisma generate` without Prisma's native engines.
// Prisma 7's client with driver adapters needs no engine at run time, and `generate` only checks that an
// engine path exists: when none was downloaded (this machine has no route to Prisma's binaries), point it
// at this file. A real engine, if one is configured, is left alone.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const result = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], {
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
