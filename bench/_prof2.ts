import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { enterpriseTenant, BENCH_KEY_ENCRYPTION_KEY } from './service.js';
const child = spawn(process.execPath, [...(process.env.NOPROF ? [] : ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']), '--import', 'tsx', 'src/main.ts'], {
  env: { PATH: process.env.PATH!, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_BURST: '100000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000', PUBLIC_RATE_LIMIT_BURST: '100000000',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
const url = await new Promise<string>((resolve) => { const h = (c: Buffer) => { out += c; const m = /"url":"(http:[^"]+)"/.exec(out); if (m) { child.stdout!.off('data', h); resolve(m[1]!); } }; child.stdout!.on('data', h); });
const { auth } = await enterpriseTenant(url);
writeFileSync('/tmp/prof2.env', `SERVICE=${url}\nPID=${child.pid}\nAUTH="${auth.authorization}"\n`);
await new Promise((r) => setTimeout(r, 900_000));
