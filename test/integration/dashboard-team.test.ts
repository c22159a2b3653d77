// The dashboard's team pages end to end, in Chromium, against the real service in-process on the embedded
// database: one owner's story, step by step. On Developer the custom role editor is greyed with
// the plan's reason; the owner upgrades to Business through the page and creates a custom role; invites a
// member as viewer, who joins in a browser of their own (at phone width) and sees only what a viewer may;
// changes that member's role; a person with an account accepts an invitation while signed in; the owner
// creates an API key (shown once; it works with the API) and revokes it (the API then refuses it); is
// refused a downgrade the usage does not fit, in the service's words; and reads the audit log of all this,
// with the chain verified. Each step checks what the page shows and what the API then holds; axe-core
// checks every page; no page reports an error or a Content-Security-Policy violation. The steps share the
// owner and run in order (vitest runs a file's tests one after another).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  expectAccessible,
  expectCleanPage,
  describeInBrowser,
  launchChromium,
  openDashboard,
  screenshotsOnFailure,
  sessionToken,
  type DashboardPage,
} from '../support/dashboard-browser.js';
import { BUILTIN_ROLE_IDS, registerUser, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let browser: Browser | undefined;
let owner: RegisteredUser;
let ownerPage: DashboardPage;
let invitee: { email: string; page?: DashboardPage; token?: string; userId?: string };

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
  owner = await registerUser(app);
  invitee = { email: `grace-${uniqueSuffix()}@example.com` };
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
screenshotsOnFailure(() => browser, 'dashboard-team');

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

async function goTo(page: Page, name: string) {
  await nav(page, name).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** The clipboard's text (the context is granted clipboard access). */
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describeInBrowser('the team pages in a browser', () => {
  it('greys the custom role editor on Developer with the reason, upgrades to Business, then creates a role', async () => {
    ownerPage = await openDashboard(browser!, app, { token: owner.token, path: '/roles' });
    const { page } = ownerPage;
    await ownerPage.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });

    // Developer: the built-in roles with their permissions; the editor greyed, the plan's reason given.
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    const reason = page.getByTestId('role-editor-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toContain(
      'Custom roles require the Business or Enterprise plan; this tenant is on the Developer plan.',
    );
    expect(await page.getByRole('button', { name: 'Create role' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'audit:read' }).isDisabled()).toBe(true);
    const table = page.getByRole('table', { name: /^Roles/ });
    for (const name of ['owner', 'admin', 'issuer', 'verifier', 'viewer'])
      await table.getByRole('row').filter({ hasText: name }).first().waitFor();
    const viewerRow = table.getByRole('row').filter({ hasText: 'Read only.' });
    await viewerRow.getByText('8 permissions').click();
    await viewerRow.getByText('compliance:read').waitFor();
    // The service agrees: no custom role on this plan, in the words the page paraphrases.
    const refused = await app.request('POST', '/v1/roles', {
      token: owner.token,
      body: { name: 'x', permissions: ['dids:list'] },
    });
    expect(refused.body.error).toBe('custom roles require the business or enterprise plan');
    await expectAccessible(page, 'roles on Developer');

    // Usage and plan: Developer's meters and limits; upgrade to Business.
    await goTo(page, 'Usage and plan');
    expect(await page.getByTestId('current-plan').textContent()).toBe('Developer');
    expect(await page.getByTestId('meter-Members and invitations').textContent()).toBe('1 of 1');
    await expectAccessible(page, 'usage on Developer');
    await page.getByRole('button', { name: 'Upgrade to Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to the Business plan?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Move to Business' }).click();
    await page.getByRole('status').filter({ hasText: 'Moved from the Developer plan to the Business plan.' }).waitFor();
    await page.getByTestId('current-plan').filter({ hasText: 'Business' }).waitFor();
    expect(await page.getByTestId('meter-Members and invitations').textContent()).toBe('1 of 25');
    expect((await app.request('GET', '/v1/admin/usage', { token: owner.token })).body.plan).toBe('business');

    // Business: the editor is usable; a custom role with permissions from two areas.
    await goTo(page, 'Roles');
    await page.getByRole('button', { name: 'Create role' }).and(page.locator(':enabled')).waitFor();
    expect(await page.getByTestId('role-editor-reason').count()).toBe(0);
    await page.getByLabel('Name', { exact: true }).fill('auditor');
    await page.getByLabel('Description').fill('Reads the audit log and the members');
    const audit = page.getByRole('group', { name: 'Audit log' });
    await audit.getByRole('checkbox', { name: 'audit:read' }).check();
    await page.getByRole('group', { name: 'Members' }).getByRole('checkbox', { name: 'members:list' }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('status').filter({ hasText: 'Created the role auditor.' }).waitFor();
    await table.getByRole('row').filter({ hasText: 'auditor' }).getByText('custom').waitFor();
    const roles = await app.request('GET', '/v1/roles', { token: owner.token });
    expect(roles.body.roles.find((role: { name: string }) => role.name === 'auditor')).toMatchObject({
      description: 'Reads the audit log and the members',
      permissions: ['members:list', 'audit:read'],
      built_in: false,
    });
    expectCleanPage(ownerPage);
  });

  it('invites a viewer, who joins in a browser of their own and sees only what a viewer may', async () => {
    const { page } = ownerPage;
    await goTo(page, 'Invitations');
    await page.getByText('No pending invitation.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(invitee.email);
    expect(await page.getByLabel('Role', { exact: true }).inputValue()).toBe(BUILTIN_ROLE_IDS.viewer);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();

    // The link, shown once, with its copy button.
    const shown = page.getByRole('region', { name: `Invitation for ${invitee.email} (viewer)` });
    await shown.waitFor();
    const link = await shown.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/app/join\\?next=%2Faccept-invitation%3Ftoken%3Dbsi_`));
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await clipboard(page)).toBe(link);
    await page
      .getByRole('table', { name: /^Pending invitations/ })
      .getByText(invitee.email)
      .waitFor();
    const pending = await app.request('GET', '/v1/members/invitations', { token: owner.token });
    expect(pending.body.invitations).toEqual([expect.objectContaining({ email: invitee.email, role: 'viewer' })]);
    await expectAccessible(page, 'invitations with the link shown');
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'detached' });

    // The invitee opens the link in a browser of their own, at phone width, and creates their account.
    const url = new URL(link);
    invitee.page = await openDashboard(browser!, app, {
      path: url.pathname.replace(/^\/app/, '') + url.search,
      viewport: { width: 390, height: 844 },
    });
    const joining = invitee.page.page;
    await joining.getByRole('heading', { name: 'Join a team' }).waitFor();
    expect(await joining.getByLabel('Invitation token').inputValue()).toMatch(/^bsi_[\w-]+$/);
    await expectAccessible(joining, 'the join page');
    await joining.getByLabel('Your name').fill('Grace Hopper');
    await joining.getByLabel('Password').fill('correct horse battery');
    await joining.getByRole('button', { name: 'Create account and join' }).click();
    await joining.getByTestId('plan').waitFor();
    const banner = await joining.getByRole('banner').textContent();
    expect(banner).toContain(owner.tenant_name);
    expect(banner).toContain('Grace Hopper · viewer');
    invitee.token = (await sessionToken(joining))!;
    const me = await app.request('GET', '/v1/auth/me', { token: invitee.token });
    expect(me.body).toMatchObject({ email: invitee.email, tenant_id: owner.tenant_id, role: 'viewer' });
    invitee.userId = me.body.user_id;
    expect((await app.request('GET', '/v1/members/invitations', { token: owner.token })).body.invitations).toEqual([]);

    // A viewer: the pages it may not use are named with the permission; the controls say what they need.
    const navigation = joining.getByRole('navigation', { name: 'Dashboard' });
    await navigation.getByText('API keys (needs api_keys:manage)').waitFor();
    await navigation.getByText('Audit log (needs audit:read)').waitFor();
    await goTo(joining, 'Members');
    await joining
      .getByRole('table', { name: /^Members/ })
      .getByText(owner.email)
      .waitFor();
    await joining.getByText('Changing a member’s role needs members:update_role.').waitFor();
    await joining.getByText('Removing a member needs members:remove.').waitFor();
    expect(await joining.getByRole('button', { name: `Change role of ${owner.email}` }).isDisabled()).toBe(true);
    expect(await joining.getByRole('button', { name: `Remove ${owner.email}` }).isDisabled()).toBe(true);
    const overflow = await joining.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(joining, 'members as a viewer at phone width');
    await goTo(joining, 'Invitations');
    await joining.getByText('Inviting needs members:invite.').waitFor();
    expect(await joining.getByRole('button', { name: 'Invite', exact: true }).isDisabled()).toBe(true);
    await goTo(joining, 'Roles');
    await joining.getByText('Editing roles needs roles:manage.').waitFor();
    expect(await joining.getByRole('button', { name: 'Create role' }).isDisabled()).toBe(true);
    await goTo(joining, 'Usage and plan');
    await joining.getByText('Changing the plan needs billing:manage.').waitFor();
    expect(await joining.getByRole('button', { name: 'Upgrade to Enterprise' }).isDisabled()).toBe(true);
    // A page it may not use, asked for by its address (a client-side visit, as a link would make): the guard
    // names the permission.
    await joining.evaluate(() => {
      history.pushState(null, '', '/app/api-keys');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await joining.getByText('Your role (viewer) needs api_keys:manage.').waitFor();
    // The server decides too.
    const denied = await app.request('POST', '/v1/admin/api-keys', { token: invitee.token, body: { name: 'x' } });
    expect(denied.body.error).toBe("role 'viewer' lacks permission: api_keys:manage");
    expectCleanPage(invitee.page);
  });

  it('changes the new member’s role to the custom role', async () => {
    const { page } = ownerPage;
    await goTo(page, 'Members');
    const table = page.getByRole('table', { name: /^Members/ });
    await table.getByText(invitee.email).waitFor();
    await page.getByRole('button', { name: `Change role of ${invitee.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of Grace Hopper' });
    await dialog.waitFor();
    await dialog.getByLabel('New role').selectOption({ label: 'auditor' });
    await expectAccessible(page, 'the role change dialog');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await table.getByRole('row').filter({ hasText: invitee.email }).getByText('auditor').waitFor();
    const me = await app.request('GET', '/v1/auth/me', { token: invitee.token });
    expect(me.body).toMatchObject({ role: 'auditor', permissions: ['members:list', 'audit:read'] });
    expectCleanPage(ownerPage);
  });

  it('lets a person with an account accept an invitation while signed in', async () => {
    const person = await registerUser(app);
    const invited = await app.request('POST', '/v1/members/invitations', {
      token: owner.token,
      body: { email: person.email, role_id: BUILTIN_ROLE_IDS.verifier },
    });
    expect(invited.status).toBe(200);
    // The link as the invitations page makes it, opened by someone signed in to their own tenant: the join
    // page's guard sends them on to accept with their session.
    const search = new URLSearchParams({ next: `/accept-invitation?token=${invited.body.token}` });
    const accepting = await openDashboard(browser!, app, { token: person.token, path: `/join?${search}` });
    const { page } = accepting;
    await page.getByRole('heading', { name: 'Accept an invitation' }).waitFor();
    expect(await page.getByLabel('Invitation token').inputValue()).toBe(invited.body.token);
    await expectAccessible(page, 'the accept page');
    await page.getByRole('button', { name: 'Accept and join' }).click();
    await page.getByRole('banner').getByText(owner.tenant_name).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('verifier');
    const me = await app.request('GET', '/v1/auth/me', { token: (await sessionToken(page))! });
    expect(me.body).toMatchObject({ email: person.email, tenant_id: owner.tenant_id, role: 'verifier' });
    expect(me.body.tenants).toHaveLength(2);
    // The session in the tenant left behind was ended.
    await expect.poll(async () => (await app.request('GET', '/v1/auth/me', { token: person.token })).status).toBe(401);
    expectCleanPage(accepting);
    await accepting.close();
  });

  it('creates an API key shown once that works with the API, then revokes it and the API refuses it', async () => {
    const { page } = ownerPage;
    await goTo(page, 'API keys');
    await page.getByText('No API key yet.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('ci');
    const scopes = page.getByRole('group', { name: 'Scopes (from the permissions you hold)' });
    await scopes.getByRole('checkbox', { name: 'dids:list' }).check();
    await scopes.getByRole('checkbox', { name: 'credentials:verify' }).check();
    await page.getByLabel('Expires', { exact: true }).selectOption({ label: 'In 30 days' });
    await page.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('region', { name: 'Your new key ci' });
    await shown.waitFor();
    await shown.getByText('it is shown only once', { exact: false }).waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^bsk_live_[0-9a-f]{48}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await clipboard(page)).toBe(key);
    await expectAccessible(page, 'the API key form with the new key');

    // It works, within its scopes.
    const me = await app.request('GET', '/v1/auth/me', { token: key });
    expect(me.status).toBe(200);
    expect(me.body.permissions).toEqual(['credentials:verify', 'dids:list']);
    expect((await app.request('GET', '/v1/dids', { token: key })).status).toBe(200);
    const outOfScope = await app.request('GET', '/v1/admin/usage', { token: key });
    expect([outOfScope.status, outOfScope.body.error]).toEqual([403, 'API key missing scope: usage:read']);
    const listed = await app.request('GET', '/v1/admin/api-keys', { token: owner.token });
    expect(listed.body.api_keys).toHaveLength(1);
    const [apiKey] = listed.body.api_keys;
    expect(apiKey).toMatchObject({ name: 'ci', scopes: ['credentials:verify', 'dids:list'], revoked_at: null });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(new Date(apiKey.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    // Saved: the key leaves the page for good; the list shows its prefix and use.
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);
    const row = page
      .getByRole('table', { name: /^API keys/ })
      .getByRole('row')
      .filter({ hasText: 'ci' });
    await row.getByText(`${apiKey.prefix}…`).waitFor();
    await row.getByText('active').waitFor();

    // Revoked after a confirmation: the API refuses it from then on.
    await page.getByRole('button', { name: 'Revoke ci' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('revoked').waitFor();
    const after = await app.request('GET', '/v1/auth/me', { token: key });
    expect([after.status, after.body.error]).toEqual([401, 'unauthorized']);
    expect(
      (await app.request('GET', '/v1/admin/api-keys', { token: owner.token })).body.api_keys[0].revoked_at,
    ).not.toBeNull();
    expectCleanPage(ownerPage);
  });

  it('shows the service’s refusal of a downgrade the usage does not fit', async () => {
    const { page } = ownerPage;
    await goTo(page, 'Usage and plan');
    await page.getByTestId('current-plan').filter({ hasText: 'Business' }).waitFor();
    // Foreseen on the page…
    await page
      .getByText(
        'Your usage does not fit it: 3 members and pending invitations (it allows 1); 1 custom role (it has none).',
      )
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Downgrade to Developer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to the Developer plan?' });
    await dialog.getByRole('button', { name: 'Move to Developer' }).click();
    // …and refused by the service, in its words.
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toMatch(/^cannot move to the developer plan: /);
    const direct = await app.request('POST', '/v1/admin/billing/upgrade', {
      token: owner.token,
      body: { plan: 'developer' },
    });
    expect([direct.status, direct.body.error]).toEqual([400, text]);
    await expectAccessible(page, 'a refused downgrade');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await app.request('GET', '/v1/admin/usage', { token: owner.token })).body.plan).toBe('business');
    expectCleanPage(ownerPage);
  });

  it('shows the audit log of all this, filters it, and verifies its chain', async () => {
    const { page } = ownerPage;
    await goTo(page, 'Audit log');
    const table = page.getByRole('table', { name: /^Audit events/ });
    await table.getByText('api_key.revoked').waitFor();
    const api = await app.request('GET', '/v1/admin/audit-log', { token: owner.token });
    const actions: string[] = api.body.events.map((event: { action: string }) => event.action);
    for (const action of [
      'plan.changed',
      'role.created',
      'member.invited',
      'member.role_changed',
      'api_key.created',
      'api_key.revoked',
    ]) {
      expect(actions).toContain(action);
    }
    // Every event the API holds is a row, newest first; the actor by name.
    expect(await table.locator('tbody tr').count()).toBe(actions.length);
    expect(await table.locator('tbody tr').first().locator('td').nth(2).textContent()).toBe(actions[0]);
    await table.getByRole('row').filter({ hasText: 'role.created' }).getByText(owner.email, { exact: false }).waitFor();

    // A filter over the loaded page.
    await page.getByLabel('Action', { exact: true }).selectOption('member.role_changed');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const changed = table.locator('tbody tr');
    expect(await changed.textContent()).toMatch(/member Grace Hopper <grace-.*from: viewer/);
    expect(await changed.textContent()).toContain('to: auditor');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(actions.length);

    // The chain, verified by the service.
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    const verdict = page.getByTestId('chain-verdict');
    await verdict.waitFor();
    const verification = await app.request('GET', '/v1/admin/audit-log/verify', { token: owner.token });
    expect(verification.body.valid).toBe(true);
    expect(await verdict.textContent()).toBe(
      `The audit chain is intact: ${verification.body.events_checked} events checked, up to #${verification.body.head.seq} (hash ${verification.body.head.hash.slice(0, 12)}…).`,
    );
    await expectAccessible(page, 'the audit log, verified');
    expectCleanPage(ownerPage);
  });
});
