// The container image without a Docker engine (none runs on CI's machines): the Dockerfile's promises are
// read from it (unprivileged user, writable /data, HEALTHCHECK on /healthz), and its final stage's files are
// assembled the way its COPY lines say — compiled by the same `npm run build` — and started as its CMD
// does, with NODE_ENV=production. A file the image needs and does not copy (a migration, the database
// set-up child, a package) fails here. This is also `npm run start:prod`: compiled JavaScript in production.
// The compiled files are reused from an earlier run whose sources were the same (test/support/build-cache.ts).
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledBuild } from '../support/build-cache.js';
import { startService, type ChildService } from '../support/child-service.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const dockerfile = await readFile(path.join(ROOT, 'Dockerfile'), 'utf8');
/** The instructions of the image's final stage (after the last FROM), continuation lines joined. */
const finalStage = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .reduce<string[]>((stage, line) => (line.startsWith('FROM ') ? [line] : [...stage, line]), []);
const instruction = (name: string) => finalStage.filter((line) => line.startsWith(`${name} `));

describe('the Dockerfile', () => {
  it('runs as an unprivileged user that owns the data volume', () => {
    const user = instruction('USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    const owner = user!.slice('USER '.length);
    const dataDir = /DATA_DIR=(\S+)/.exec(instruction('ENV').join(' '))?.[1];
    expect(dataDir).toBe('/data');
    expect(
      instruction('RUN').some(
        (line) => line.includes(`mkdir -p ${dataDir}`) && line.includes(`chown ${owner}:${owner} ${dataDir}`),
      ),
    ).toBe(true);
    // The directory is made before the switch to the user (a RUN after USER could not chown it).
    const mkdirAt = finalStage.findIndex((line) => line.includes(`mkdir -p ${dataDir}`));
    expect(mkdirAt).toBeLessThan(finalStage.indexOf(user!));
    expect(instruction('VOLUME').join(' ')).toContain(dataDir);
  });

  it('has a HEALTHCHECK on /healthz and starts the compiled entry point in production', () => {
    expect(instruction('HEALTHCHECK').join(' ')).toMatch(/CMD .*\/healthz/);
    expect(instruction('ENV').join(' ')).toContain('NODE_ENV=production');
    expect(instruction('CMD').at(-1)).toBe('CMD ["node", "--max-semi-space-size=32", "dist/src/main.js"]');
  });
});

describe('the image’s files, assembled and started', () => {
  let image: string | undefined;
  let service: ChildService | undefined;
  afterAll(async () => {
    service?.process.kill('SIGKILL');
    if (image) await rm(image, { recursive: true, force: true });
  });

  it('serve /healthz, /readyz and the dashboard from the image’s files in production, and stop cleanly on SIGTERM', async () => {
    image = await mkdtemp(path.join(tmpdir(), 'credential-service-image-'));
    const app = path.join(image, 'app');
    await mkdir(app);
    // The build stage: `npm run build` (tsc -p tsconfig.build.json), into a directory of its own, made once
    // for these sources and kept between runs (test/support/build-cache.ts).
    const build = await compiledBuild();
    // The final stage's COPY lines: from the build stage (its /app is this checkout plus the compiled
    // dist) or from the context (this checkout). node_modules is linked, not copied: the same packages.
    const copies = instruction('COPY');
    expect(copies.length).toBeGreaterThan(0);
    for (const line of copies) {
      const parts = line.split(/\s+/).slice(1);
      const fromBuild = parts[0] === '--from=build';
      const [source, target] = fromBuild ? parts.slice(1) : parts;
      const relative = fromBuild ? path.relative('/app', source!) : source!;
      const origin = relative === 'dist' ? path.join(build, 'dist') : path.join(ROOT, relative);
      // A target ending in / is a directory the source goes into, as Docker reads it.
      const destination = path.join(app, target!, target!.endsWith('/') ? path.basename(relative) : '');
      await mkdir(path.dirname(destination), { recursive: true });
      if (relative === 'node_modules') await symlink(origin, destination);
      else await cp(origin, destination, { recursive: true });
    }

    service = await startService({ NODE_ENV: 'production', DATA_DIR: path.join(image, 'data') }, 60_000, {
      cwd: app,
      command: ['--max-semi-space-size=32', 'dist/src/main.js'],
    });
    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.migrations.status).toBe('up');
    // The dashboard's build is in the image, and served.
    const dashboard = await fetch(`${service.url}/app/`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toMatch(/<script type="module" crossorigin src="\/app\/assets\//);
    // Production: no GraphiQL page, no introspection.
    const graphiql = await fetch(`${service.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(graphiql.headers.get('content-type') ?? '').not.toContain('text/html');

    service.process.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  }, 90_000);
});
