// The dashboard end to end, in Chromium, against the real service in-process on the embedded database (issue
// 17): sign up, the overview's plan and usage, a DID created, its document, deactivated; sign-in redirects
// and the tenant choice; a page the role cannot use; a refused session back to sign-in; sign out. Each step checks what the page shows
// and what the API then holds, every page passes axe-core with no serious or critical finding, and no page
// reports an error or a Content-Security-Policy violation. One browser and one service for the file (and one
// more, refilling faster, for the free plan's walkthrough).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  expectAccessible,
  expectCleanPage,
  describeInBrowser,
  launchChromium,
  openDashboard,
  screenshotsOnFailure,
  PERMISSIONS_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  sessionToken,
  signInAs,
  signInThroughForm,
  bucketLevel,
  watchGraphQL,
  type DashboardPage,
} from '../support/dashboard-browser.js';
import { PLANS } from '../../src/modules/plans/plans.js';
import { BUILTIN_ROLE_IDS, exhaustRateLimit, registerUser, tenantOnPlan, uniqueSuffix } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let browser: Browser | undefined;
const opened: DashboardPage[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
screenshotsOnFailure(() => browser, 'dashboard');
// The pages of earlier tests are closed as the next begins, so a failure's screenshots are of its own pages.
beforeEach(async () => {
  await Promise.all(opened.splice(0).map((dashboard) => dashboard.close()));
});

async function open(options: Parameters<typeof openDashboard>[2] = {}) {
  const dashboard = await openDashboard(browser!, app, options);
  opened.push(dashboard);
  return dashboard;
}

/** The text of the meter labelled `label` on the overview ("0 of 100"). */
const meter = (dashboard: DashboardPage, label: string) => meterOf(dashboard.page, label);
const meterOf = (page: Page, label: string) => page.getByTestId(`meter-${label}`).textContent();

// A browser's steps wait on the service and on rendering: on a machine others share, a test can take several times
// its usual few seconds.
describeInBrowser('the dashboard in a browser', { timeout: 60_000 }, () => {
  it('signs up, shows the plan and usage, creates a DID, shows its document, deactivates it, signs out', async () => {
    const dashboard = await open();
    const { page } = dashboard;
    // Signed out, the start page sends to sign-in, which links to sign-up.
    await page.waitForURL('**/app/sign-in');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await expectAccessible(page, 'sign-up');

    const suffix = uniqueSuffix();
    const email = `ada-${suffix}@example.com`;
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Organisation name').fill(`Analytical Engines ${suffix}`);
    expect(await page.getByLabel('Organisation slug').inputValue()).toBe(`analytical-engines-${suffix}`);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // The overview: plan and this month's usage.
    await page.getByTestId('plan').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/');
    expect(await page.getByTestId('plan').textContent()).toBe('Developer');
    expect(await meter(dashboard, 'Credentials issued')).toBe('0 of 100');
    expect(await meter(dashboard, 'Active DIDs')).toBe('0 of 1');
    // The one seat taken: the plan's whole allowance in use, which is no alarm (a metered quota near its end is).
    expect(await meter(dashboard, 'Members and invitations')).toBe('1 of 1');
    const seats = page.locator('.meter').filter({ has: page.getByTestId('meter-Members and invitations') });
    expect(await seats.getAttribute('class')).toBe('meter');
    await page.getByText('No events yet.').waitFor();
    expect(await page.getByRole('banner').textContent()).toContain(`Analytical Engines ${suffix}`);
    // The token is the tab's alone: sessionStorage, nothing in localStorage.
    const token = await sessionToken(page);
    expect(token).toMatch(/^bss_/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const account = await app.graphql('{ me { email role } usage { plan activeDids } }', {}, token!);
    expect(account.body.data).toEqual({ me: { email, role: 'owner' }, usage: { plan: 'developer', activeDids: 0 } });
    await expectAccessible(page, 'overview');

    // DIDs: create one with a P-256 key.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'DIDs' }).click();
    await page.getByText('No DID yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'DIDs, empty');
    await page.getByLabel('Key type').selectOption('P_256');
    await page.getByRole('button', { name: 'Create DID' }).click();
    const created = page.getByRole('status').filter({ hasText: 'Created did:key:' });
    await created.waitFor();
    const did = (await created.getByRole('link').textContent())!;
    expect(did).toMatch(/^did:key:zDn/);
    await page.getByRole('table').getByRole('link', { name: did }).waitFor();
    const listed = await app.graphql('{ dids { dids { did keyType status } } }', {}, token!);
    expect(listed.body.data.dids.dids).toEqual([{ did, keyType: 'P_256', status: 'active' }]);
    await expectAccessible(page, 'DIDs, one');

    // Its document.
    await page.getByRole('table').getByRole('link', { name: did }).click();
    await page.getByRole('heading', { name: 'DID document' }).waitFor();
    const document = JSON.parse((await page.locator('pre.json').textContent())!);
    expect(document.id).toBe(did);
    expect(document.verificationMethod[0].publicKeyJwk.crv).toBe('P-256');
    await expectAccessible(page, 'a DID');

    // Deactivate it, after confirming.
    await page.getByRole('button', { name: 'Deactivate this DID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate this DID?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the deactivation dialog');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.facts').getByText('deactivated').waitFor();
    const after = await app.graphql(
      'query($did: String!) { did(did: $did) { status deactivatedAt } }',
      { did },
      token!,
    );
    expect(after.body.data.did.status).toBe('deactivated');
    expect(after.body.data.did.deactivatedAt).not.toBeNull();

    // Sign out: the service ends the session, the tab forgets the token.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(await sessionToken(page)).toBeNull();
    expect((await app.graphql('{ me { email } }', {}, token!)).body.errors[0].message).toBe('unauthorized');
    expectCleanPage(dashboard);
  });

  it('sends a signed-out visit to sign-in, then on to the page asked for', async () => {
    const user = await registerUser(app);
    const dashboard = await open({ path: '/dids' });
    const { page } = dashboard;
    await page.waitForURL('**/app/sign-in?next=%2Fdids');
    await expectAccessible(page, 'sign-in');
    await page.getByLabel('Password').fill('not the password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The service's own text.
    await page
      .getByRole('alert')
      .filter({ hasText: /^unauthorized$/ })
      .waitFor();
    await signInThroughForm(page, user);
    await page.waitForURL('**/app/dids');
    await page.getByRole('heading', { name: 'DIDs', level: 1 }).waitFor();
    expect(await sessionToken(page)).toMatch(/^bss_/);
    expectCleanPage(dashboard);
  });

  it('lets a member of two tenants choose one at sign-in, and shows only what its role may do', async () => {
    // The Developer plan has one seat: the inviting tenant is on Startup.
    const [person, other] = await Promise.all([registerUser(app), tenantOnPlan(app, 'startup')]);
    // `other` invites `person` as a viewer; `person` accepts with their own session: two tenants.
    const invited = await app.request('POST', '/v1/members/invitations', {
      token: other.token,
      body: { email: person.email, role_id: BUILTIN_ROLE_IDS.viewer },
    });
    expect(invited.status).toBe(200);
    const accepted = await app.request('POST', '/v1/invitations/accept', {
      token: person.token,
      body: { token: invited.body.token },
    });
    expect(accepted.status).toBe(200);

    const dashboard = await open({ path: '/sign-in' });
    const { page } = dashboard;
    await signInThroughForm(page, person);
    const choice = page.getByRole('group', { name: 'Choose a tenant' });
    await choice.waitFor();
    await expectAccessible(page, 'the tenant choice');
    await choice.getByLabel(other.tenant_name, { exact: false }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('plan').waitFor();
    const banner = await page.getByRole('banner').textContent();
    expect(banner).toContain(other.tenant_name);
    expect(banner).toContain('viewer');
    const me = await app.graphql('{ me { tenantId role } }', {}, (await sessionToken(page))!);
    expect(me.body.data.me).toEqual({ tenantId: other.tenant_id, role: 'viewer' });
    // A viewer: the events need events:read; DIDs are listed but not created.
    await page.getByText('Your role (viewer) needs events:read.').waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'DIDs' }).click();
    await page.getByText('Creating a DID needs dids:create.').waitFor();
    await page.getByText('Deactivating a DID needs dids:deactivate.').waitFor();
    expect(await page.getByRole('button', { name: 'Create DID' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'DIDs as a viewer');
    expectCleanPage(dashboard);
  });

  it('returns to sign-in when the service refuses the session (revoked, or expired)', async () => {
    const owner = await signInAs(app, browser!, 'owner', { path: '/dids' });
    opened.push(owner);
    const { page } = owner;
    await page.getByRole('heading', { name: 'DIDs', level: 1 }).waitFor();
    // Revoked behind the page's back (as signing out in another tab would).
    expect((await app.request('POST', '/v1/auth/logout', { token: owner.token })).status).toBe(200);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByText('Your session has ended.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/sign-in');
    expect(await sessionToken(page)).toBeNull();
    expectCleanPage(owner);

    // A token the service never issued (or one past its expiry) is refused at the first request.
    const stale = await open({ token: `bss_${'0'.repeat(64)}`, path: '/dids' });
    await stale.page.getByText('Your session has ended.', { exact: false }).waitFor();
    expect(stale.page.url()).toContain('/app/sign-in?next=%2Fdids');
    expect(await sessionToken(stale.page)).toBeNull();
  });

  it('asks for the overview in one request on a first load, before the app has run, and not again while it is fresh', async () => {
    const owner = await tenantOnPlan(app, 'startup');
    const context = await browser!.newContext({ baseURL: app.url });
    opened.push({ context, page: await context.newPage(), problems: [], close: () => context.close() });
    const { page } = opened.at(-1)!;
    // A tab that held this session before (a reload): its token, and the permissions of its last `me`, by which
    // the first load chooses the overview's variables (whether to ask for the events).
    const permissions = (await app.graphql('{ me { permissions } }', {}, owner.token)).body.data.me.permissions;
    await page.goto('/healthz');
    await page.evaluate(
      ([key, token, permissionsKey, granted]) => {
        sessionStorage.setItem(key!, token!);
        sessionStorage.setItem(permissionsKey!, granted!);
      },
      [SESSION_STORAGE_KEY, owner.token, PERMISSIONS_STORAGE_KEY, JSON.stringify(permissions)],
    );
    // Each GraphQL request as "METHOD operation": the app's client asks by GET, the first load's early requests
    // (web/src/api/early-requests.ts) by POST.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/graphql') return;
      const name =
        url.searchParams.get('operationName') ?? (request.postDataJSON() as { operationName?: string }).operationName;
      asked.push(`${request.method()} ${name}`);
    });
    await page.goto('/app/');
    await page.getByTestId('plan').waitFor();
    const events = page.locator('section[aria-labelledby="events-title"]');
    await events.getByRole('table').or(events.getByText('No events yet.')).waitFor();
    expect(await page.getByTestId('plan').textContent()).toBe('Startup');
    expect(asked.sort()).toEqual(['POST Me', 'POST OverviewPage']);

    // Back within moments, nothing changed by this dashboard: the answer it holds is shown, not asked for again.
    const navigation = page.getByRole('navigation', { name: 'Dashboard' });
    await navigation.getByRole('link', { name: 'DIDs' }).click();
    await page.getByText('No DID yet.', { exact: false }).waitFor();
    await navigation.getByRole('link', { name: 'Overview' }).click();
    await page.getByTestId('plan').waitFor();
    expect(asked.sort()).toEqual(['GET DidsPage', 'POST Me', 'POST OverviewPage']);

    // A DID created here changes what the overview shows: the next visit asks again.
    await navigation.getByRole('link', { name: 'DIDs' }).click();
    await page.getByRole('button', { name: 'Create DID' }).click();
    await page
      .getByRole('table')
      .getByRole('link', { name: /^did:key:/ })
      .waitFor();
    asked.length = 0;
    await navigation.getByRole('link', { name: 'Overview' }).click();
    await events.getByText('did.created').waitFor();
    // The page shows the usage it holds until the fresh answer arrives.
    await expect.poll(() => meterOf(page, 'Active DIDs'), { timeout: 10_000 }).toBe('1 of 5');
    expect(asked.sort()).toEqual(['GET OverviewPage']);
  });

  it('shows a page the role cannot use disabled in the navigation, and refuses it naming the permission', async () => {
    const auditor = await signInAs(app, browser!, { permissions: ['usage:read'] });
    opened.push(auditor);
    const { page } = auditor;
    await page.getByTestId('plan').waitFor();
    const navigation = page.getByRole('navigation', { name: 'Dashboard' });
    await navigation.getByText('DIDs (needs dids:list)').waitFor();
    expect(await navigation.getByRole('link', { name: 'DIDs' }).count()).toBe(0);
    await expectAccessible(page, 'overview with a disabled navigation entry');
    // Straight to the address: the guard names what is missing; the service would refuse it all the same.
    await page.goto('/app/dids');
    await page.getByText(/^Your role \(role-[0-9a-f]+\) needs dids:list\.$/).waitFor();
    const refused = await app.graphql('{ dids { dids { did } } }', {}, auditor.token);
    expect(refused.body.errors[0].message).toMatch(/lacks permission: dids:list/);
    expectCleanPage(auditor);
  });

  it('fits a phone: the overview at 390 px wide passes the same checks', async () => {
    const viewer = await signInAs(app, browser!, 'viewer', { viewport: { width: 390, height: 844 } });
    opened.push(viewer);
    await viewer.page.getByTestId('plan').waitFor();
    const overflow = await viewer.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(viewer.page, 'overview at phone width');
    expectCleanPage(viewer);
    // The check itself finds what it should: a field without a label is a critical finding.
    await viewer.page.evaluate(() => document.querySelector('main')!.append(document.createElement('input')));
    await expect(expectAccessible(viewer.page, 'a page with an unlabelled field')).rejects.toThrow(/critical label/);
  });
});

// A newcomer's walkthrough on the free plan: every page of the navigation once, and the things a first day does.
// Each page view is one GraphQL request (the page's own operation, which spreads its parts' fragments); a
// mutation adds itself and, where it changes what the page lists, the page's one refetch. The whole costs no
// more than the Developer plan's burst and a minute's refill: a person who takes a minute or more over it never
// meets a 429. The test goes as fast as a person could without one: before a step it waits, if need be, until
// the tenant's bucket (replayed from the requests' times, with the bucket's numbers) holds what the step costs.
// Its service refills buckets REFILL_FACTOR times as fast as the plans do (PLAN_REFILL_FACTOR, test-only), the
// burst the plan's: what the walkthrough costs is counted against the plan itself, and the wait for the refill
// beyond the burst takes seconds, not the minute a person would spend.
const REFILL_FACTOR = 2;
describeInBrowser('the dashboard on the free plan', { timeout: 240_000 }, () => {
  let refilling: TestApp;
  beforeAll(async () => {
    refilling = await startTestApp({ env: { PLAN_REFILL_FACTOR: String(REFILL_FACTOR) } });
  });
  afterAll(() => refilling?.close());

  it('walks through sign-up, a DID, a credential in each format, verify, revoke, an API key, a webhook and every page, one request a page view', async () => {
    const plan = PLANS.developer.rateLimit;
    const bucket = { burst: plan.burst, perMinute: plan.perMinute * REFILL_FACTOR };
    const dashboard = await openDashboard(browser!, refilling, { path: '/sign-up' });
    opened.push(dashboard);
    const { page } = dashboard;
    const graphql = watchGraphQL(page);
    const navigation = page.getByRole('navigation', { name: 'Dashboard' });
    const views: { step: string; operations: string[] }[] = [];
    let waited = 0;
    /** Runs a step that should send exactly `expected` (sorted), after waiting for the room it needs. */
    async function step(name: string, expected: string[], act: () => Promise<void>) {
      const cost = expected.filter((operation) => operation !== 'Register').length;
      const wait = ((cost + 0.5 - bucketLevel(graphql.requests, bucket)) * 60_000) / bucket.perMinute;
      if (wait > 0) {
        waited += wait;
        await page.waitForTimeout(wait);
      }
      const from = graphql.requests.length;
      await act();
      await graphql.settled();
      views.push({ step: name, operations: graphql.since(from) });
      expect(graphql.since(from), name).toEqual([...expected].sort());
    }
    const visit = (title: string, heading: string, operation: string | null) =>
      step(title, operation ? [operation] : [], async () => {
        await navigation.getByRole('link', { name: title, exact: true }).click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      });

    await step('sign up, the overview', ['Register', 'Me', 'OverviewPage'], async () => {
      const suffix = uniqueSuffix();
      await page.getByLabel('Your name').fill('Grace Hopper');
      await page.getByLabel('Email').fill(`grace-${suffix}@example.com`);
      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByLabel('Organisation name').fill(`Compilers ${suffix}`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByTestId('plan').waitFor();
      await page.getByText('No events yet.').waitFor();
    });
    await visit('DIDs', 'DIDs', 'DidsPage');
    await step('create a DID (and the list again)', ['CreateDid', 'DidsPage'], async () => {
      await page.getByRole('button', { name: 'Create DID' }).click();
      await page
        .getByRole('table')
        .getByRole('link', { name: /^did:key:/ })
        .waitFor();
    });
    await visit('Credentials', 'Credentials', 'CredentialsPage');
    await step('the issue form', ['IssueCredentialPage'], async () => {
      await page.getByRole('link', { name: 'Issue a credential' }).click();
      await page.getByLabel('Issuer DID').and(page.locator(':not([value=""])')).waitFor();
    });
    await step('issue a jwt_vc_json', ['IssueCredential'], async () => {
      await page.getByLabel('Credential types').fill('ExampleCredential');
      await page.getByRole('group', { name: 'Claim 1', exact: true }).getByLabel('Name').fill('name');
      await page.getByRole('group', { name: 'Claim 1', exact: true }).getByLabel('Value').fill('Grace');
      await page.getByRole('button', { name: 'Issue credential' }).click();
      await page.getByRole('heading', { name: 'Issued: ExampleCredential (jwt_vc_json)' }).waitFor();
    });
    await step('issue a vc+sd-jwt', ['IssueCredential'], async () => {
      await page.getByRole('radio', { name: /^vc\+sd-jwt/ }).check();
      await page.getByLabel('Credential type (vct)').fill('https://example.com/badge');
      await page.getByRole('group', { name: 'Claim 1', exact: true }).getByLabel('Name').fill('name');
      await page.getByRole('group', { name: 'Claim 1', exact: true }).getByLabel('Value').fill('Grace');
      await page.getByRole('button', { name: 'Issue credential' }).click();
      await page.getByRole('heading', { name: 'Issued: https://example.com/badge (vc+sd-jwt)' }).waitFor();
    });
    await step('its page', ['CredentialPage'], async () => {
      await page.getByRole('link', { name: 'Open its page' }).click();
      await page.getByRole('heading', { name: 'Disclosures' }).waitFor();
    });
    await step('verify it', ['VerifyCredential'], async () => {
      await page.getByRole('link', { name: 'Verify it' }).click();
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page
        .getByTestId('verdict')
        .getByRole('heading', { name: /Verified/ })
        .waitFor();
    });
    // Back to it: verifying changed nothing, and the page's answer is fresh.
    await step('back to its page', [], async () => {
      await page.goBack();
      await page.getByRole('heading', { name: 'Disclosures' }).waitFor();
    });
    await step('revoke it', ['RevokeCredential'], async () => {
      await page.getByRole('button', { name: 'Revoke this credential' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke this credential?' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await page.locator('.facts').getByText('revoked').waitFor();
    });
    await visit('API keys', 'API keys', 'ApiKeysPage');
    await step('create an API key (and the list again)', ['ApiKeysPage', 'CreateApiKey'], async () => {
      await page.getByLabel('Name', { exact: true }).fill('ci');
      await page
        .getByRole('group', { name: 'Scopes (from the permissions you hold)' })
        .getByRole('checkbox', { name: 'dids:list' })
        .check();
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('region', { name: 'Your new key ci' }).waitFor();
      await page
        .getByRole('table', { name: /^API keys/ })
        .getByText('ci', { exact: true })
        .waitFor();
    });
    await visit('Webhooks', 'Webhooks', 'WebhooksPage');
    await step('add a webhook endpoint (and the list again)', ['CreateWebhook', 'WebhooksPage'], async () => {
      // A public address (never sent to: the test app runs no dispatcher); this app refuses loopback ones.
      await page.getByLabel('Endpoint URL').fill('https://8.8.8.8/hooks');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByTestId('secret').waitFor();
      await page.getByRole('table').getByRole('link', { name: 'https://8.8.8.8/hooks' }).waitFor();
    });
    await visit('Members', 'Members', 'MembersPage');
    await visit('Invitations', 'Invitations', 'InvitationsPage');
    await visit('Roles', 'Roles', 'RolesPage');
    await visit('Usage and plan', 'Usage and plan', 'UsagePage');
    await visit('Audit log', 'Audit log', 'AuditLogPage');
    await visit('Trust', 'Trust', 'TrustPage');
    await visit('Compliance', 'Compliance', 'CompliancePage');
    await visit('DIDComm', 'DIDComm', 'DidcommPage');
    await visit('Domains', 'Custom domains', 'DomainsPage');
    // Things changed since the overview was shown: it asks again.
    await visit('Overview', 'Overview', 'OverviewPage');
    // Nothing changed since, moments later: a page just shown is not asked for again.
    await visit('Verify', 'Verify a credential', null);
    await visit('Overview', 'Overview', null);

    const spent = graphql.requests.filter((request) => request.authorized);
    const seconds = Math.round((spent.at(-1)!.at - spent[0]!.at) / 1000);
    const listing = views.map((view) => `${view.step}: ${view.operations.join(' + ') || 'none'}`).join('\n  ');
    console.log(
      `walkthrough: ${spent.length} requests on the tenant's bucket over ${seconds} s (${Math.round(waited / 1000)} s ` +
        `waiting for its refill at ${bucket.perMinute} a minute)\n  ${listing}`,
    );
    expect(spent.length).toBeLessThanOrEqual(plan.burst + plan.perMinute);
    expect(graphql.requests.filter((request) => request.status === 429)).toEqual([]);
    expectCleanPage(dashboard);
  });

  it('says when it will retry on a 429, and recovers by itself (Retry-After)', async () => {
    const owner = await tenantOnPlan(app, 'developer');
    const retryAfter = await exhaustRateLimit(app, owner.token);
    const dashboard = await open({ token: owner.token, path: '/dids' });
    const { page } = dashboard;
    const notice = page.getByRole('status').filter({ hasText: /^Rate limited: retrying in \d+ s/ });
    await notice.waitFor();
    expect(Number((await notice.textContent())!.match(/in (\d+) s/)![1])).toBeLessThanOrEqual(retryAfter);
    expect(await page.getByText('rate limit exceeded').count()).toBe(0);
    // Once the bucket has a token again, the page asks again by itself and shows what it asked for.
    await page.getByText('No DID yet.', { exact: false }).waitFor({ timeout: (retryAfter + 20) * 1000 });
    await notice.waitFor({ state: 'hidden' });
    expectCleanPage(dashboard);
  });
});
