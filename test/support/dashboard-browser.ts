// The dashboard in a real browser, for the end-to-end tests (test/integration/dashboard*.test.ts): Debian's
// Chromium (chromium-headless-shell, else chromium, or CHROMIUM_PATH: test/support/chromium.ts) driven by
// playwright-core, which downloads no browser; .ci/run installs the package when it is missing. One browser per
// test file; each test opens a context of its own (its own sessionStorage), signed in or not, against the app the
// file started (startTestApp).
//
// What a test gets:
// - launchChromium()                     the browser (headless, no network beyond the app, no sandbox)
// - openDashboard(browser, app, {token}) a page on /app, optionally already signed in with a session token;
//                                        it records the page's errors and CSP violations (expectCleanPage)
// - signInAs(app, browser, role)         a member with a built-in role ('viewer') or a custom one
//                                        ({ permissions: [...] }) in a fresh tenant, signed in
// - signInThroughForm(page, user)        the sign-in form, as a person fills it
// - sessionToken(page)                   the token the page holds (to ask the API what it now holds)
// - expectAccessible(page, what)         axe-core on the page as it is; fails on serious or critical findings
// - screenshotsOnFailure(browser)        a PNG of every open page under test-results/ when a test fails
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { beforeEach, describe, onTestFailed } from 'vitest';
import type { BuiltinRoleName } from '../../src/auth/builtin-roles.js';
import type { Permission } from '../../src/auth/permissions.js';
import { addMember, BUILTIN_ROLE_IDS, tenantOnPlan, uniqueSuffix, type RegisteredUser } from './factories.js';
import type { TestApp } from './harness.js';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_COMMAND, SKIP_BROWSER_TESTS, TEST_CHROMIUM_PATH } from './chromium.js';

/** Where the dashboard keeps its token (web/src/session/session-store.ts). */
export const SESSION_STORAGE_KEY = 'credential-service.session';
/** The permissions of the tab's last `me`, which a reload's first requests read (web/src/session/session-store.ts). */
export const PERMISSIONS_STORAGE_KEY = 'credential-service.permissions';

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

/**
 * A browser file's suite: skipped, hooks and all, on a machine without Chromium (SKIP_BROWSER_TESTS); the run
 * then ends with a line that says so (test/support/skipped-browser-reporter.ts finds these files by this name).
 */
export const describeInBrowser = describe.skipIf(SKIP_BROWSER_TESTS);

/**
 * The tests' pages run V8's baseline compilers only (no Maglev or TurboFan): a page lives for a test's seconds,
 * in which optimising the dashboard's and axe-core's code cost a fifth of Chromium's CPU (dashboard-team: 5.7 →
 * 4.9 s) and was never paid back. What the pages do is the same; the bench and the screenshots (CHROMIUM_ARGS
 * alone) keep the browser as users have it.
 */
const TEST_ONLY_ARGS = ['--js-flags=--max-opt=1'];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(TEST_CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${TEST_CHROMIUM_PATH}: ${CHROMIUM_INSTALL_COMMAND} (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...TEST_ONLY_ARGS],
    headless: true,
  });
}

export type DashboardPage = {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and Content-Security-Policy violations the page reported. */
  problems: string[];
  close(): Promise<void>;
};

export type OpenOptions = {
  /** A session token to hold before the app starts (as if signed in earlier in this tab). */
  token?: string;
  /** Where under /app to go first; default the start page. */
  path?: string;
  viewport?: { width: number; height: number };
};

export async function openDashboard(browser: Browser, app: TestApp, options: OpenOptions = {}): Promise<DashboardPage> {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  if (options.token) {
    // sessionStorage belongs to the origin and the tab: set it on a page of the origin, then open the app.
    await page.goto('/healthz');
    await page.evaluate(([key, token]) => sessionStorage.setItem(key!, token!), [SESSION_STORAGE_KEY, options.token]);
  }
  await page.goto(`/app${options.path ?? '/'}`);
  return { context, page, problems, close: () => context.close() };
}

/** No uncaught error and no CSP violation on the page so far. */
export function expectCleanPage(dashboard: DashboardPage): void {
  if (dashboard.problems.length) throw new Error(`the page reported:\n${dashboard.problems.join('\n')}`);
}

/** Who to sign in as: a built-in role, or a custom role holding exactly these permissions. */
export type RoleSpec = BuiltinRoleName | { permissions: readonly Permission[] };

/**
 * A member of a fresh tenant with the role, invited by its owner and signed in on a new page. The tenant is on
 * the Developer plan for its owner alone, Startup for a second seat, Business for a custom role (the plans'
 * limits). `owner` reuses a tenant instead (its plan must allow the member).
 */
export async function signInAs(
  app: TestApp,
  browser: Browser,
  role: RoleSpec,
  options: Omit<OpenOptions, 'token'> & { owner?: RegisteredUser } = {},
): Promise<DashboardPage & { token: string; email: string; password: string; owner: RegisteredUser }> {
  const plan = typeof role !== 'string' ? 'business' : role === 'owner' ? 'developer' : 'startup';
  const owner = options.owner ?? (await tenantOnPlan(app, plan));
  let roleId: string;
  if (typeof role === 'string') {
    roleId = BUILTIN_ROLE_IDS[role];
  } else {
    const created = await app.request('POST', '/v1/roles', {
      token: owner.token,
      body: { name: `role-${uniqueSuffix()}`, permissions: role.permissions },
    });
    if (created.status !== 200) throw new Error(`create role failed: ${created.status} ${created.text}`);
    roleId = created.body.role_id;
  }
  const member = role === 'owner' && !options.owner ? owner : await addMember(app, owner.token, roleId);
  const dashboard = await openDashboard(browser, app, { ...options, token: member.token });
  return { ...dashboard, token: member.token, email: member.email, password: member.password, owner };
}

export async function signInThroughForm(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), SESSION_STORAGE_KEY);
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };

/**
 * axe-core (WCAG 2.0–2.2 A and AA rules, and best practices) on the page as it is now. axe is evaluated through
 * the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does not govern, so the test
 * keeps the app's real policy in force: no bypassCSP context is needed.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  if (serious.length) {
    const listing = serious
      .map(
        (violation) =>
          `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`,
      )
      .join('\n');
    throw new Error(`accessibility of ${what}:\n${listing}`);
  }
}

/** Registers a beforeEach that, when the test fails, writes a screenshot of every open page of the browser. */
export function screenshotsOnFailure(getBrowser: () => Browser | undefined, prefix: string): void {
  beforeEach(() => {
    onTestFailed(async ({ task }) => {
      const pages =
        getBrowser()
          ?.contexts()
          .flatMap((context) => context.pages()) ?? [];
      await mkdir(RESULTS_DIR, { recursive: true });
      const name = `${prefix}-${task.name}`.replace(/[^\w.-]+/g, '-').slice(0, 120);
      await Promise.all(
        pages.map((page, index) =>
          page.screenshot({ path: path.join(RESULTS_DIR, `${name}-${index + 1}.png`), fullPage: true }).catch(() => {}),
        ),
      );
    });
  });
}

/** One GraphQL request the page sent: its operation, whether it carried a session (the tenant's bucket), its status. */
export type GraphQLRequest = { operation: string; authorized: boolean; at: number; status?: number };

/**
 * Every request the page sends to /graphql, as it sends it (the client asks by GET, the first load's early
 * requests and mutations by POST). `settled()` waits until none is in flight and none has left for `quietMs`,
 * so a step's count includes the refetches its answer set off.
 */
export function watchGraphQL(page: Page, quietMs = 500) {
  const requests: GraphQLRequest[] = [];
  const pending = new Map<object, GraphQLRequest>();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/graphql') return;
    const operation =
      url.searchParams.get('operationName') ??
      (request.postDataJSON() as { operationName?: string } | null)?.operationName ??
      '(anonymous)';
    const entry: GraphQLRequest = { operation, authorized: 'authorization' in request.headers(), at: Date.now() };
    requests.push(entry);
    pending.set(request, entry);
    lastActivity = Date.now();
  });
  const done = (request: object, status?: number) => {
    const entry = pending.get(request);
    if (!entry) return;
    entry.status = status;
    pending.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', async (request) => done(request, (await request.response())?.status()));
  page.on('requestfailed', (request) => done(request));
  return {
    requests,
    /** The operations sent since `from` (an index into `requests`), sorted. */
    since: (from: number) =>
      requests
        .slice(from)
        .map((request) => request.operation)
        .sort(),
    async settled(): Promise<void> {
      const deadline = Date.now() + 30_000;
      while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`GraphQL requests still in flight: ${[...pending.values()].map((r) => r.operation)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * A token bucket as the service keeps one per tenant (capacity `burst`, refilled at perMinute/60 a second),
 * replayed over the authorized requests' send times: the tokens left now.
 */
export function bucketLevel(
  requests: readonly GraphQLRequest[],
  policy: { burst: number; perMinute: number },
  now = Date.now(),
) {
  const perMs = policy.perMinute / 60_000;
  let level = policy.burst;
  let last: number | null = null;
  for (const request of requests.filter((entry) => entry.authorized)) {
    if (last !== null) level = Math.min(policy.burst, level + (request.at - last) * perMs);
    level -= 1;
    last = request.at;
  }
  return last === null ? level : Math.min(policy.burst, level + (now - last) * perMs);
}
