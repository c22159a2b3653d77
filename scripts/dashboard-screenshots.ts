// Screenshots of the dashboard for docs/dashboard.md (npm run screenshots): starts the service in this process on an
// in-memory embedded database, signs up a demo tenant, gives it DIDs and credentials, and writes a 1280×800 PNG
// of every page of the registry (web/src/pages/registry.ts) that its owner can open into
// docs/screenshots/<slug>.png. Pages added later are captured without changing this script; signed-out pages
// and routes with parameters are skipped, except those filled from the demo data below (a DID's document, a
// credential's page). Needs Chromium as the browser tests do (/usr/bin/chromium, or CHROMIUM_PATH).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/lib/logger.js';
import { startServer } from '../src/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SESSION_STORAGE_KEY } from '../test/support/dashboard-browser.js';
import { ensureWebAssets } from './web-build.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const EMPLOYEE_VCT = 'https://credentials.analytical-engines.example/employee';

/** What this script reads of a registry entry (web/src/pages/page.types.ts). */
type PageLine = { path: string; title: string; audience: 'signed-in' | 'signed-out'; permissions: readonly string[] };

// The registry is the dashboard's code (web/tsconfig, bundler resolution): loaded at run time, by a path the
// service's type-check does not follow. Only its data is read; no page module but the overview (which the
// registry loads eagerly) is loaded. What the bundler does for the modules that loads, Node is taught here:
// an operation file imported `?raw` is its text, a stylesheet is nothing.
register(
  `data:text/javascript,${encodeURIComponent(`
    import { readFile } from 'node:fs/promises';
    export async function load(url, context, next) {
      const file = url.split('?')[0];
      if (file.endsWith('.graphql')) {
        return { format: 'module', shortCircuit: true, source: 'export default ' + JSON.stringify(await readFile(new URL(file), 'utf8')) };
      }
      if (file.endsWith('.css')) return { format: 'module', shortCircuit: true, source: '' };
      return next(url, context);
    }`)}`,
);
const registryPath = '../web/src/pages/registry.ts';
const { PAGES } = (await import(/* @vite-ignore */ registryPath)) as { PAGES: readonly PageLine[] };

/** docs/screenshots/<slug>.png: the route without its slashes and colons ('/' is the overview). */
function slugOf(route: string): string {
  return route === '/' ? 'overview' : route.slice(1).replaceAll(':', '').replaceAll('/', '-');
}

/** The page has drawn what it loads: its heading is shown, and nothing is loading any more. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.loading'));
}

/** The pointer and the focus out of the picture (no hover or focus ring on what was last used). */
async function pointerAway(page: Page) {
  await page.mouse.move(0, VIEWPORT.height - 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

type Demo = { token: string; permissions: string[]; did: string; jwt: string; sdJwt: string; sdJwtId: string };

/** Pages shown at work rather than empty: the issue form filled in, the verify page with its verdict. */
const STAGING: Record<string, (page: Page, demo: Demo) => Promise<void>> = {
  '/credentials/issue': async (page, demo) => {
    await page.getByRole('radio', { name: /^vc\+sd-jwt/ }).check();
    await page.getByLabel('Issuer DID').selectOption(demo.did);
    await page.getByLabel('Credential type (vct)').fill('https://credentials.analytical-engines.example/employee');
    await page.getByLabel('Subject id').fill('did:example:grace-hopper');
    const claims: [string, string, string, boolean][] = [
      ['given_name', 'string', 'Grace', false],
      ['clearance', 'number', '4', true],
      ['address', 'json', '{"city": "Arlington", "country": "US"}', true],
    ];
    for (const [index, [name, type, value, disclosable]] of claims.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add a claim' }).click();
      const row = page.getByRole('group', { name: `Claim ${index + 1}`, exact: true });
      await row.getByLabel('Name').fill(name);
      await row.getByLabel('Type').selectOption(type);
      await row.getByLabel('Value').fill(value);
      await row.getByLabel('Disclosable').setChecked(disclosable);
    }
    await page.getByLabel('Issuer DID').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -24));
  },
  '/oid4vci/offers/new': async (page) => {
    await page.getByLabel('Credential', { exact: true }).selectOption('EmployeeBadge');
    await page.getByLabel('Subject').fill('did:example:grace-hopper');
    await page.getByLabel('Given name', { exact: true }).fill('Grace');
    await page.getByLabel('Role', { exact: true }).fill('Rear admiral');
    await page.getByLabel('Ask the wallet for a code').check();
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByRole('img', { name: 'QR code of the credential offer' }).waitFor();
    await page.getByRole('heading', { name: 'Offer created' }).evaluate((element) => element.scrollIntoView());
    await page.evaluate(() => window.scrollBy(0, -24));
  },
  '/oid4vp/new': async (page) => {
    await page.getByLabel('Credential type', { exact: true }).fill(EMPLOYEE_VCT);
    await page.getByLabel('Claims', { exact: true }).fill('given_name, role');
    await page.getByLabel('Purpose').fill('Badge check at the door');
    await page.getByRole('button', { name: 'Create request' }).click();
    await page.getByRole('img', { name: 'QR code of the presentation request' }).waitFor();
    await page.getByRole('heading', { name: 'Request created' }).evaluate((element) => element.scrollIntoView());
    await page.evaluate(() => window.scrollBy(0, -24));
  },
  '/verify': async (page, demo) => {
    await page.getByLabel('Credential', { exact: true }).fill(demo.sdJwt);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByTestId('verdict').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -24));
  },
};

/** A demo tenant on the Startup plan, with two DIDs and a few credentials (one of them revoked). */
async function seed(url: string): Promise<Demo> {
  async function call(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (body.errors?.length) throw new Error(`${query.slice(0, 60)}…: ${body.errors[0]!.message}`);
    return body.data!;
  }
  const registered = await call('mutation ($input: RegisterInput!) { register(input: $input) { token } }', {
    input: {
      email: 'ada@analytical-engines.example',
      password: randomBytes(12).toString('base64url'),
      displayName: 'Ada Lovelace',
      tenantName: 'Analytical Engines',
      tenantSlug: 'analytical-engines',
    },
  });
  const token = registered.register.token as string;
  // The Developer plan's 10 requests a minute would not last the tour.
  await call('mutation { changePlan(input: { plan: startup }) { plan } }', {}, token);
  const did = (await call('mutation { createDid(input: { keyType: Ed25519 }) { did } }', {}, token)).createDid
    .did as string;
  await call('mutation { createDid(input: { keyType: P_256 }) { did } }', {}, token);
  const issue = async (input: Record<string, unknown>) =>
    (
      await call(
        'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id credential } }',
        { input },
        token,
      )
    ).issueCredential as { id: string; credential: string };
  const jwt = await issue({
    format: 'jwt_vc_json',
    issuer: did,
    type: ['UniversityDegreeCredential'],
    subjectId: 'did:example:charles-babbage',
    claims: { name: 'Charles Babbage', degree: { type: 'BachelorDegree', name: 'Mathematics' }, year: 1814 },
  });
  const sdJwt = await issue({
    format: 'vc_sd_jwt',
    issuer: did,
    vct: 'https://credentials.analytical-engines.example/employee',
    subjectId: 'did:example:ada',
    claims: { given_name: 'Ada', family_name: 'Lovelace', role: 'Analyst', clearance: 3, remote: true },
    disclosable: ['role', 'clearance', 'remote'],
    validUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
  });
  const revoked = await issue({
    format: 'jwt_vc_json',
    issuer: did,
    type: ['MembershipCredential'],
    subjectId: 'did:example:mary-somerville',
    claims: { member: true, since: '1834-01-01' },
  });
  await call('mutation ($id: String!) { revokeCredential(id: $id) { id } }', { id: revoked.id }, token);
  // An OpenID4VCI credential configuration, for the new offer's claims form.
  await call(
    'mutation ($input: CreateOid4vciCredentialConfigurationInput!) { createOid4vciCredentialConfiguration(input: $input) { id } }',
    {
      input: {
        configurationId: 'EmployeeBadge',
        format: 'dc_sd_jwt',
        issuer: did,
        vct: EMPLOYEE_VCT,
        claims: [
          { name: 'given_name', mandatory: true, display: [{ name: 'Given name', locale: 'en' }] },
          { name: 'role', display: [{ name: 'Role', locale: 'en' }] },
        ],
        display: [{ name: 'Employee badge', locale: 'en', background_color: '#12107c', text_color: '#ffffff' }],
      },
    },
    token,
  );
  const me = await call('{ me { permissions } }', {}, token);
  return {
    token,
    permissions: me.me.permissions,
    did,
    jwt: jwt.credential,
    sdJwt: sdJwt.credential,
    sdJwtId: sdJwt.id,
  };
}

await ensureWebAssets();
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  // DID keys are encrypted under this key; the demo's database lives in memory and goes with the process.
  KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
});
const log = createLogger(config.logLevel);
const server = await startServer(config, log, { kind: 'pglite-memory' }, { poll: false, webhooks: false });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

try {
  const demo = await seed(server.url);
  // Parameterised routes this script can fill; any other is skipped.
  const filled: Record<string, string> = {
    '/dids/:did': `/dids/${encodeURIComponent(demo.did)}`,
    '/credentials/:id': `/credentials/${encodeURIComponent(demo.sdJwtId)}`,
  };
  const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.evaluate(([key, token]) => sessionStorage.setItem(key!, token!), [SESSION_STORAGE_KEY, demo.token]);
  await mkdir(OUT_DIR, { recursive: true });
  for (const entry of PAGES) {
    const route = entry.path.includes(':') ? filled[entry.path] : entry.path;
    if (entry.audience !== 'signed-in' || route === undefined) {
      console.log(
        `skipped ${entry.path} (${entry.audience === 'signed-in' ? 'a parameter this script cannot fill' : 'signed out'})`,
      );
      continue;
    }
    const missing = entry.permissions.filter((permission) => !demo.permissions.includes(permission));
    if (missing.length) {
      console.log(`skipped ${entry.path} (the owner lacks ${missing.join(', ')})`);
      continue;
    }
    await page.goto(`/app${route}`, { waitUntil: 'networkidle' });
    await settled(page);
    await STAGING[entry.path]?.(page, demo);
    await pointerAway(page);
    const file = path.join(OUT_DIR, `${slugOf(entry.path)}.png`);
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(ROOT, file)} (${entry.title})`);
  }
} finally {
  await browser.close();
  await server.close();
}
