import { start } from './service.js';
const s = await start(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: '/tmp/svc-data' });
console.log(s.url, s.pid);
await new Promise((r) => setTimeout(r, 900_000));
