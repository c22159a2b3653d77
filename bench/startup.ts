// `npm run bench:startup`: start-up time and memory of the service both ways it is started — from the
// TypeScript sources (`npm start`, tsx) and compiled (`npm run start:prod`: node dist/, NODE_ENV=production)
// — on the embedded default, first start (empty DATA_DIR: initdb and every migration) and a later start,
// and on PostgreSQL when DATABASE_URL is set. RSS is read at the listening line and after IDLE_SECONDS
// with a few requests in between (what an idle instance holds). Compiles dist/ first.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);

const WAYS = {
  'source (npm start)': { args: ['--import', 'tsx', 'src/main.ts'], env: {} },
  'compiled (npm run start:prod)': { args: ['dist/src/main.js'], env: { NODE_ENV: 'production' } },
} as const;

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function measure(args: readonly string[], env: Record<string, string>) {
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume(); // request logs are drained, not kept
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  const startupMs = performance.now() - began;
  const atListening = await rssMiB(child.pid!);
  for (let i = 0; i < 20; i++) await (await fetch(`${url}/v1/auth/me`)).text();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = await rssMiB(child.pid!);
  child.kill('SIGTERM');
  await exited;
  return { startupMs, atListening, idle };
}

console.log(`# start-up and memory, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: ROOT,
});
console.log(
  `${'way'.padEnd(30)} ${'database'.padEnd(22)} ${'start ms'.padStart(9)} ${'RSS at start'.padStart(13)} ${`RSS idle ${IDLE_SECONDS}s`.padStart(13)}`,
);
const row = (way: string, database: string, result: Awaited<ReturnType<typeof measure>>) =>
  console.log(
    `${way.padEnd(30)} ${database.padEnd(22)} ${result.startupMs.toFixed(0).padStart(9)} ${`${result.atListening} MiB`.padStart(13)} ${`${result.idle} MiB`.padStart(13)}`,
  );
for (const [way, { args, env }] of Object.entries(WAYS)) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'credential-service-startup-'));
  try {
    row(way, 'PGlite, first start', await measure(args, { ...env, DATA_DIR: dataDir }));
    row(way, 'PGlite, later start', await measure(args, { ...env, DATA_DIR: dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const key = Buffer.alloc(32, 0x42).toString('base64');
    row(
      way,
      'PostgreSQL',
      await measure(args, { ...env, DATABASE_URL: process.env.DATABASE_URL, KEY_ENCRYPTION_KEY: key }),
    );
  }
}
