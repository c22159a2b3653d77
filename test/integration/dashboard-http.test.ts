// The dashboard's files as the service serves them at /app (src/http/dashboard.ts), over plain HTTP: the page
// and every file it names, with the six security headers, the app's Content-Security-Policy and the right
// caching; client routes answered by the page; nothing outside the build's file table (traversal included);
// / sends a person to the dashboard. Also the size of what the page loads before it can render (
// initial JavaScript ≤ 200 KB gzipped). The files are the build the global setup made (scripts/web-build.ts).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CSP, dashboardTarget, DEPLOYMENT_META, loadDashboard } from '../../src/http/dashboard.js';
import { SECURITY_HEADERS } from '../../src/http/security-headers.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { rawGet } from '../support/raw-http.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** The same-origin files index.html loads at once: its scripts, stylesheets, preloads and icon. */
function referencedFiles(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
}

function expectAppHeaders(headers: Headers, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(headers.get(name), `${what}: ${name}`).toBe(value);
  expect(headers.get('content-security-policy'), what).toBe(DASHBOARD_CSP);
}

describe('the dashboard at /app', () => {
  it('serves its page with the security headers, a strict policy and no caching without revalidation', async () => {
    const page = await app.request('GET', '/app');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('etag')).toMatch(/^"[0-9a-f]{32}(-gzip)?"$/);
    expectAppHeaders(page.headers, '/app');
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ]) {
      expect(DASHBOARD_CSP.split('; ')).toContain(directive);
    }
    expect(DASHBOARD_CSP).not.toMatch(/unsafe-|data:|https?:|\*/);
    // Nothing the policy would have to allow: no inline script, no style attribute or element, no other origin.
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.text).not.toMatch(/\sstyle=|<style|:\/\//);
    expect((await app.request('GET', '/app/')).text).toBe(page.text);
  });

  it('serves every file the page names, hashed ones cached for a year as immutable', async () => {
    const page = await app.request('GET', '/app/');
    const files = referencedFiles(page.text);
    expect(files.some((file) => /^\/app\/assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    for (const file of files) {
      expect(file, 'same origin, under /app/').toMatch(/^\/app\//);
      const response = await app.request('GET', file);
      expect(response.status, file).toBe(200);
      expectAppHeaders(response.headers, file);
      const type = response.headers.get('content-type');
      if (file.endsWith('.js')) expect(type, file).toBe('text/javascript; charset=utf-8');
      if (file.endsWith('.css')) expect(type, file).toBe('text/css; charset=utf-8');
      expect(response.headers.get('cache-control'), file).toBe(
        file.startsWith('/app/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
  });

  it('answers gzip when asked, and 304 to a matching If-None-Match', async () => {
    const entry = referencedFiles((await app.request('GET', '/app/')).text).find((file) => file.endsWith('.js'))!;
    const plain = await fetch(app.url + entry, { headers: { 'accept-encoding': 'identity' } });
    const plainBody = Buffer.from(await plain.arrayBuffer());
    // Node's fetch decodes gzip itself; the raw socket shows the encoding.
    const zipped = await rawGet(app.url, entry, 'Accept-Encoding: gzip\r\n');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(zipped.body, 'latin1')).equals(plainBody)).toBe(true);
    const etag = plain.headers.get('etag')!;
    const again = await app.request('GET', entry, {
      headers: { 'if-none-match': etag, 'accept-encoding': 'identity' },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('answers a client route with the page, and a missing file with a JSON 404', async () => {
    const page = (await app.request('GET', '/app/')).text;
    for (const route of [
      '/app/sign-in?next=%2Fdids',
      '/app/dids',
      `/app/dids/${encodeURIComponent('did:web:example.com')}`,
    ]) {
      const response = await app.request('GET', route);
      expect(response.status, route).toBe(200);
      expect(response.text, route).toBe(page);
    }
    for (const missing of ['/app/assets/nope.js', '/app/assets/', '/app/nope.css', '/app/favicon.ico']) {
      const response = await app.request('GET', missing);
      expect(response.status, missing).toBe(404);
      expect(response.body.error, missing).toBe('not found');
      expect(response.headers.get('x-content-type-options'), missing).toBe('nosniff');
    }
    // Only GET and HEAD (and OPTIONS): anything else is 405 naming them, as on every known path.
    const post = await app.request('POST', '/app/dids');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await app.request('HEAD', '/app/dids')).status).toBe(200);
  });

  it('never reads outside the build: traversal in any spelling is the page or a 404, never a file', async () => {
    const packageJson = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
    for (const target of [
      '/app/../package.json',
      '/app/%2e%2e/package.json',
      '/app/assets/../../package.json',
      '/app/assets/..%2f..%2fpackage.json',
      '/app/..%5c..%5cpackage.json',
      '/app/.inputs',
      '/app//etc/passwd',
    ]) {
      const response = await rawGet(app.url, target);
      expect([200, 404], target).toContain(response.status);
      expect(response.body, target).not.toContain(packageJson.slice(0, 40));
      expect(response.body, target).not.toMatch(/root:x:0:0/);
      if (response.status === 200) expect(response.headers['content-type'], target).toBe('text/html; charset=utf-8');
    }
  });

  it('tells the page, outside production only, that it is development and whether private webhook URLs are allowed', async () => {
    // The test app: NODE_ENV=test, WEBHOOK_ALLOW_PRIVATE_URLS unset.
    const page = await app.request('GET', '/app/');
    expect(page.text).toContain(`<meta name="${DEPLOYMENT_META}" content="development" />`);
    const allowing = loadDashboard(WEB_DIST, { production: false, webhookPrivateUrls: true });
    expect(allowing.files.get('index.html')!.body.toString()).toContain(`content="development webhook-private-urls"`);
    const production = loadDashboard(WEB_DIST, { production: true, webhookPrivateUrls: true });
    expect(production.files.get('index.html')!.body.toString()).not.toContain(DEPLOYMENT_META);
    expect(production.files.get('index.html')!.body).toEqual(loadDashboard(WEB_DIST).files.get('index.html')!.body);
  });

  it('sends / to the dashboard', async () => {
    const root = await fetch(`${app.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/');
    expect(root.headers.get('strict-transport-security')).toBe(SECURITY_HEADERS['Strict-Transport-Security']);
  });
});

describe('the initial JavaScript', () => {
  it('is at most 200 KB gzipped: the scripts and module preloads index.html names', async () => {
    const html = await readFile(path.join(WEB_DIST, 'index.html'), 'utf8');
    const scripts = referencedFiles(html).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    let gzipped = 0;
    for (const script of scripts) {
      gzipped += gzipSync(await readFile(path.join(WEB_DIST, script.replace(/^\/app\//, '')))).length;
    }
    expect(gzipped, `${(gzipped / 1024).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});

describe('the file table', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'dashboard-files-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('is empty without a build (the service then answers 503 with how to build it)', async () => {
    expect(loadDashboard(path.join(directory, 'none')).files.size).toBe(0);
  });

  it('holds the build’s files but its dotfiles; assets/ immutable, the rest revalidated', async () => {
    await mkdir(path.join(directory, 'assets'));
    await writeFile(path.join(directory, 'index.html'), '<!doctype html>');
    await writeFile(path.join(directory, 'assets', 'index-abc.js'), 'x');
    await writeFile(path.join(directory, 'favicon.svg'), '<svg/>');
    await writeFile(path.join(directory, '.inputs'), 'hash');
    const { files } = loadDashboard(directory);
    expect([...files.keys()].sort()).toEqual(['assets/index-abc.js', 'favicon.svg', 'index.html']);
    expect(files.get('assets/index-abc.js')!.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(files.get('index.html')!.cacheControl).toBe('no-cache');
    expect(files.get('favicon.svg')!.contentType).toBe('image/svg+xml');
  });

  it('routes /app paths: files by exact name, client routes to the page, other file names nowhere', () => {
    const files = new Map([
      ['assets/a.js', 1],
      ['favicon.svg', 1],
    ]);
    expect(dashboardTarget('/app', files)).toEqual({ kind: 'page' });
    expect(dashboardTarget('/app/', files)).toEqual({ kind: 'page' });
    expect(dashboardTarget('/app/assets/a.js', files)).toEqual({ kind: 'file', name: 'assets/a.js' });
    expect(dashboardTarget('/app/dids/did%3Aweb%3Aexample.com', files)).toEqual({ kind: 'page' });
    expect(dashboardTarget('/app/assets/b.js', files)).toEqual({ kind: 'not-found' });
    expect(dashboardTarget('/app/robots.txt', files)).toEqual({ kind: 'not-found' });
    expect(dashboardTarget('/apple', files)).toEqual({ kind: 'not-found' });
  });
});
