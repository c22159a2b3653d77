// The dashboard's credentials and verify pages end to end, in Chromium, against the real service in-process on
// the embedded database: a jwt_vc_json and a vc+sd-jwt with a disclosable claim issued through the
// form (the claims editor's own refusals first), both in the list and its filters, their pages with the
// decoded header, payload and disclosures, each verified on the verify page with every check, one revoked
// through its confirmation and then not verified; a viewer sees issuing and revoking disabled with the
// permission named. Each step checks what the page shows and what the API then holds; axe-core on every page.
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  expectAccessible,
  expectCleanPage,
  describeInBrowser,
  launchChromium,
  openDashboard,
  screenshotsOnFailure,
  signInAs,
  type DashboardPage,
} from '../support/dashboard-browser.js';
import { tenantOnPlan } from '../support/factories.js';
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
screenshotsOnFailure(() => browser, 'dashboard-credentials');
beforeEach(async () => {
  await Promise.all(opened.splice(0).map((dashboard) => dashboard.close()));
});

const CREDENTIAL_FIELDS = 'id format credentialType subjectId revokedAt credential';

async function createDid(token: string): Promise<string> {
  const created = await app.graphql('mutation { createDid(input: { keyType: Ed25519 }) { did } }', {}, token);
  expect(created.body.errors).toBeUndefined();
  return created.body.data.createDid.did;
}

async function listed(token: string, status?: 'active' | 'revoked') {
  const response = await app.graphql(
    `query ($status: CredentialStatus) { credentials(status: $status) { credentials { ${CREDENTIAL_FIELDS} } } }`,
    { status },
    token,
  );
  expect(response.body.errors).toBeUndefined();
  return response.body.data.credentials.credentials as {
    id: string;
    format: string;
    credentialType: string;
    subjectId: string | null;
    revokedAt: string | null;
    credential: string;
  }[];
}

/** The claims editor's row `number`, its controls found by their labels within it. */
const claimRow = (page: Page, number: number) => page.getByRole('group', { name: `Claim ${number}`, exact: true });

async function fillClaim(page: Page, number: number, name: string, value: string, type?: string) {
  if (number > 1) await page.getByRole('button', { name: 'Add a claim' }).click();
  const row = claimRow(page, number);
  // A new row takes the focus at its name.
  if (number > 1)
    expect(await row.getByLabel('Name').evaluate((element) => element === document.activeElement)).toBe(true);
  await row.getByLabel('Name').fill(name);
  if (type) await row.getByLabel('Type').selectOption(type);
  if (type === 'boolean') await row.getByLabel('Value').selectOption(value);
  else await row.getByLabel('Value').fill(value);
}

/** The JSON shown under a heading of a credential's page (its section is labelled by that heading too). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function jsonUnder(page: Page, heading: string): Promise<any> {
  return JSON.parse(
    (await page.getByRole('region', { name: heading, exact: true }).locator('pre.json').textContent())!,
  );
}

/** Verifies what the verify page's field holds: the verdict's words, and each check's cells. */
async function verifyOnPage(page: Page) {
  // The page clears an earlier verdict as it sends: once the answer is in, the verdict shown is its own.
  const answered = page.waitForResponse(
    (response) => response.request().postData()?.includes('VerifyCredential') ?? false,
  );
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await answered;
  const verdict = page.getByTestId('verdict');
  await verdict.waitFor();
  const checks = await page
    .getByRole('table', { name: 'Checks' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)));
  return { verdict: (await verdict.getByRole('heading').textContent())!.replace(/^[✓✗]\s*/, ''), checks };
}

// The owner's flow runs as steps on one page, each test picking up where the one before left it.
type OwnerFlow = {
  owner: DashboardPage & { token: string };
  did: string;
  jwt: string;
  jwtId: string;
  sdJwt: string;
  sdJwtId: string;
};
const flow: Partial<OwnerFlow> = {};
const step = () => flow as OwnerFlow;

// Steps of a flow in a real browser: ~3-6 s each on a quiet machine, but three times that when the machine's
// other work starves Chromium; the suite's 30 s would then fail a step that is only slow.
describeInBrowser('the credentials pages in a browser', { timeout: 60_000 }, () => {
  it('issues a jwt_vc_json through the form, once the claims editor’s refusals are corrected', async () => {
    // The Developer plan's 10 requests a minute (burst 20) would not last the flow: Startup allows 100 (200).
    const registered = await tenantOnPlan(app, 'startup');
    const owner = {
      ...(await openDashboard(browser!, app, { token: registered.token, path: '/credentials' })),
      token: registered.token,
    };
    flow.owner = owner;
    const { page, token } = owner;
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const did = await createDid(token);
    flow.did = did;
    await page.getByText('No credential issued yet.').waitFor();
    await expectAccessible(page, 'credentials, empty');

    // jwt_vc_json, with the editor's refusals first: a reserved name, a duplicate, a JSON error.
    await page.getByRole('link', { name: 'Issue a credential' }).click();
    await page.getByRole('heading', { name: 'Issue a credential', level: 1 }).waitFor();
    // The tenant's only active DID is the issuer.
    await page.locator('#issuer option', { hasText: did }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Issuer DID').inputValue()).toBe(did);
    await page.getByLabel('Credential types').fill('UniversityDegreeCredential');
    await page.getByLabel('Subject id').fill('did:example:ada');
    await fillClaim(page, 1, 'degree', 'BSc');
    await fillClaim(page, 2, 'iss', 'me');
    await fillClaim(page, 3, 'address', '{"city": "London",}', 'json');
    await fillClaim(page, 4, 'degree', 'MSc');
    await page.getByRole('button', { name: 'Issue credential' }).click();
    await page.getByRole('alert').filter({ hasText: 'Correct the marked fields' }).waitFor();
    expect(await claimRow(page, 2).getByText('iss is a reserved claim name; choose another.').count()).toBe(1);
    expect(await claimRow(page, 3).locator('.field-error').textContent()).toMatch(/^Not valid JSON: /);
    expect(await claimRow(page, 4).getByText('Another claim is named degree; names must be unique.').count()).toBe(1);
    // The focus is on the first field to correct.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await claimRow(page, 1).getByLabel('Name').getAttribute('id'),
    );
    await expectAccessible(page, 'the issue form with problems');
    await claimRow(page, 4).getByRole('button', { name: 'Remove claim 4' }).click();
    await claimRow(page, 2).getByLabel('Name').fill('year');
    await claimRow(page, 2).getByLabel('Type').selectOption('number');
    await claimRow(page, 2).getByLabel('Value').fill('2026');
    // What only the service checks (how deep claims nest) is refused in its own words.
    const deep = '{"a": '.repeat(20) + '1' + '}'.repeat(20);
    await claimRow(page, 3).getByLabel('Value').fill(deep);
    await page.getByRole('button', { name: 'Issue credential' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^claims must be nested at most 16 levels deep$/ })
      .waitFor();
    expect(await listed(token)).toEqual([]);
    await claimRow(page, 3).getByLabel('Value').fill('{"city": "London", "geo": {"lat": 51.5}}');
    await fillClaim(page, 4, 'honours', 'true', 'boolean');
    await page.getByRole('button', { name: 'Issue credential' }).click();
    const issued = page.getByRole('heading', { name: 'Issued: UniversityDegreeCredential (jwt_vc_json)' });
    await issued.waitFor();
    const jwt = await page.getByLabel('The credential').inputValue();
    expect(jwt.split('.')).toHaveLength(3);
    await page.getByRole('button', { name: 'Copy the credential' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(jwt);
    const [first] = await listed(token);
    expect(first).toMatchObject({
      format: 'jwt_vc_json',
      credentialType: 'UniversityDegreeCredential',
      subjectId: 'did:example:ada',
      revokedAt: null,
      credential: jwt,
    });
    Object.assign(flow, { jwt, jwtId: first!.id });
  });

  it('issues a vc+sd-jwt with a disclosable claim and a holder key, shows it decoded, verifies it and a presentation', async () => {
    const { owner, did } = step();
    const { page, token } = owner;
    const holder = await generateKeyPair('ES256');
    const holderJwk = await exportJWK(holder.publicKey);
    // vc+sd-jwt: degree disclosable, name always shown, bound to the holder's key.
    await page.getByRole('radio', { name: /^vc\+sd-jwt/ }).check();
    await page.getByLabel('Credential type (vct)').fill('https://example.com/degree');
    await fillClaim(page, 1, 'degree', 'MSc');
    await fillClaim(page, 2, 'name', 'Ada Lovelace');
    await claimRow(page, 2).getByLabel('Disclosable').uncheck();
    await page.getByLabel('Holder key (optional)').fill(JSON.stringify(holderJwk));
    await expectAccessible(page, 'the issue form for vc+sd-jwt');
    await page.getByRole('button', { name: 'Issue credential' }).click();
    await page.getByRole('heading', { name: 'Issued: https://example.com/degree (vc+sd-jwt)' }).waitFor();
    const sdJwt = await page.getByLabel('The credential').inputValue();
    expect(sdJwt.split('~')).toHaveLength(3); // the issuer JWT, one disclosure, no key binding JWT
    const held = await listed(token);
    expect(held.map((credential) => credential.format)).toEqual(['vc_sd_jwt', 'jwt_vc_json']);
    expect(held[0]!.credential).toBe(sdJwt);
    Object.assign(flow, { sdJwt, sdJwtId: held[0]!.id });

    // Its page: the disclosure decoded, the always-shown claim in the payload.
    await page.getByRole('link', { name: 'Open its page' }).click();
    await page.getByRole('heading', { name: 'Disclosures' }).waitFor();
    const disclosures = page.getByRole('table', { name: /Each disclosure decoded/ });
    expect(await disclosures.locator('tbody tr td').allTextContents()).toEqual(['degree', '"MSc"', expect.any(String)]);
    const sdPayload = await jsonUnder(page, 'Issuer-signed JWT: payload');
    expect(sdPayload).toMatchObject({
      vct: 'https://example.com/degree',
      iss: did,
      name: 'Ada Lovelace',
      _sd: [expect.any(String)],
      cnf: { jwk: holderJwk },
    });
    expect(sdPayload.degree).toBeUndefined();
    expect(await page.locator('.facts').getByText('active').count()).toBe(1);
    await expectAccessible(page, 'a vc+sd-jwt credential');

    // Verified, handed over to the verify page.
    await page.getByRole('link', { name: 'Verify it' }).click();
    await page.getByRole('heading', { name: 'Verify a credential' }).waitFor();
    expect(await page.getByLabel('Credential', { exact: true }).inputValue()).toBe(sdJwt);
    const sdVerdict = await verifyOnPage(page);
    expect(sdVerdict.verdict).toBe('Verified');
    expect(sdVerdict.checks).toEqual(
      expect.arrayContaining([
        ['signature', 'passed', expect.any(String)],
        ['disclosures', 'passed', expect.any(String)],
        ['status', 'passed', expect.any(String)],
        ['key_binding', 'skipped', 'cnf present but no KB-JWT: presentation without holder binding'],
      ]),
    );
    expect(JSON.parse((await page.getByLabel('Claims', { exact: true }).textContent())!)).toEqual({
      degree: 'MSc',
      name: 'Ada Lovelace',
    });
    await expectAccessible(page, 'the verify page, verified');

    // The holder presents it without the degree, with a key binding JWT for this verifier and nonce.
    const presented = `${sdJwt.split('~')[0]}~`;
    const kbJwt = await new SignJWT({
      aud: 'https://verifier.example',
      nonce: 'n-0451',
      sd_hash: createHash('sha256').update(presented).digest('base64url'),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'kb+jwt' })
      .setIssuedAt()
      .sign(holder.privateKey);
    await page.getByLabel('Credential', { exact: true }).fill(presented + kbJwt);
    await page.getByLabel('Audience (vc+sd-jwt)').fill('https://verifier.example');
    await page.getByLabel('Nonce (vc+sd-jwt)').fill('n-0451');
    const bound = await verifyOnPage(page);
    expect(bound.verdict).toBe('Verified');
    expect(bound.checks).toContainEqual(['key_binding', 'passed', 'holder key verified']);
    expect(JSON.parse((await page.getByLabel('Claims', { exact: true }).textContent())!)).toEqual({
      name: 'Ada Lovelace',
    });
    await page.getByLabel('Nonce (vc+sd-jwt)').fill('n-replayed');
    const replayed = await verifyOnPage(page);
    expect(replayed.verdict).toBe('Not verified');
    expect(replayed.checks).toContainEqual(['key_binding', 'failed', 'KB-JWT nonce does not match']);
  });

  it('lists both, filters by format, decodes the jwt_vc_json, and verifies it pasted', async () => {
    const { owner, did, jwt } = step();
    const { page } = owner;
    // The list: both, and the service's format filter.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Credentials' }).click();
    const table = page.getByRole('table', { name: /Credentials, page 1/ });
    await table.getByRole('link', { name: 'UniversityDegreeCredential' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await page.getByLabel('Format').selectOption('vc_sd_jwt');
    // The page of the new filter replaces the table once it has come.
    await table.getByRole('link', { name: 'UniversityDegreeCredential' }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: 'https://example.com/degree' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await expectAccessible(page, 'credentials, filtered');
    await page.getByLabel('Format').selectOption('');

    // The jwt_vc_json's page: header and payload decoded; pasted into the verify page: verified.
    await table.getByRole('link', { name: 'UniversityDegreeCredential' }).click();
    await page.getByRole('heading', { name: 'JOSE header' }).waitFor();
    expect(await jsonUnder(page, 'JOSE header')).toMatchObject({ alg: 'EdDSA', kid: expect.stringContaining(did) });
    const payload = await jsonUnder(page, 'Payload');
    expect(payload).toMatchObject({ iss: did, sub: 'did:example:ada' });
    expect(payload.vc.credentialSubject).toEqual({
      id: 'did:example:ada',
      degree: 'BSc',
      year: 2026,
      address: { city: 'London', geo: { lat: 51.5 } },
      honours: true,
    });
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Verify' }).click();
    await page.getByLabel('Credential', { exact: true }).fill(jwt);
    expect((await verifyOnPage(page)).verdict).toBe('Verified');
  });

  it('revokes through its page after a confirmation; verified again, it fails; the list shows it revoked', async () => {
    const { owner, jwtId, sdJwtId } = step();
    const { page, token } = owner;
    const table = page.getByRole('table', { name: /Credentials, page 1/ });
    // Back from the verify page to the jwt_vc_json's; revoked there after confirming.
    await page.goBack();
    await page.getByRole('button', { name: 'Revoke this credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this credential?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the revocation dialog');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.facts').getByText('revoked').waitFor();
    // Verified again: not verified, and the status check says why.
    expect((await listed(token, 'revoked')).map((credential) => credential.id)).toEqual([jwtId]);
    expect((await listed(token, 'active')).map((credential) => credential.id)).toEqual([sdJwtId]);
    await page.getByRole('link', { name: 'Verify it' }).click();
    const after = await verifyOnPage(page);
    expect(after.verdict).toBe('Not verified');
    expect(after.checks).toContainEqual(['status', 'failed', expect.stringMatching(/^revoked \(/)]);

    // The list shows it revoked, and its page (which the service no longer answers by id) still opens.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Credentials' }).click();
    await page.getByLabel('Status').selectOption('revoked');
    await table.getByRole('link', { name: 'https://example.com/degree' }).waitFor({ state: 'detached' });
    await table.getByRole('link', { name: 'UniversityDegreeCredential' }).waitFor();
    expect(await table.locator('tbody .badge').allTextContents()).toEqual(['revoked']);
    await table.getByRole('link', { name: 'UniversityDegreeCredential' }).click();
    await page.getByText('The service no longer returns this credential by its id').waitFor();
    await page.getByRole('heading', { name: 'JOSE header' }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke this credential' }).count()).toBe(0);
    expectCleanPage(owner);
  });

  it('fits a phone: the issue form, the verify page and the list at 390 px wide', async () => {
    const { token } = step().owner;
    const phone = await openDashboard(browser!, app, {
      token,
      path: '/credentials/issue',
      viewport: { width: 390, height: 844 },
    });
    opened.push(phone);
    const { page } = phone;
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.getByRole('group', { name: 'Claim 1', exact: true }).waitFor();
    expect(await overflow(), 'the issue form').toBeLessThanOrEqual(0);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Verify' }).click();
    await page.getByLabel('Credential', { exact: true }).waitFor();
    expect(await overflow(), 'the verify page').toBeLessThanOrEqual(0);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Credentials' }).click();
    await page.getByRole('table').getByRole('link').first().waitFor();
    expect(await overflow(), 'the list').toBeLessThanOrEqual(0);
    expectCleanPage(phone);
  });

  it('shows a viewer issuing and revoking disabled, with the permission named', async () => {
    // The tenant's owner issues a credential; then a viewer, invited by the owner, opens the list.
    const owner = await tenantOnPlan(app, 'startup');
    const did = await createDid(owner.token);
    const issued = await app.graphql(
      'mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id } }',
      { input: { format: 'jwt_vc_json', issuer: did, type: ['MembershipCredential'], claims: { member: true } } },
      owner.token,
    );
    expect(issued.body.errors).toBeUndefined();
    const viewer = await signInAs(app, browser!, 'viewer', { owner, path: '/credentials' });
    opened.push(viewer);
    const { page } = viewer;
    const table = page.getByRole('table', { name: /Credentials, page 1/ });
    await table.getByRole('link', { name: 'MembershipCredential' }).waitFor();
    expect(await page.getByRole('button', { name: 'Issue a credential' }).isDisabled()).toBe(true);
    await page.getByText('Issuing a credential needs credentials:issue.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.getByText('Verify (needs credentials:verify)').count()).toBe(1);
    await expectAccessible(page, 'credentials as a viewer');

    await table.getByRole('link', { name: 'MembershipCredential' }).click();
    await page.getByRole('heading', { name: 'JOSE header' }).waitFor();
    const revoke = page.getByRole('button', { name: 'Revoke this credential' });
    expect(await revoke.isDisabled()).toBe(true);
    expect(await revoke.getAttribute('title')).toBe('Revoking needs credentials:revoke');
    await page.getByText('Revoking needs credentials:revoke.').waitFor();
    expect(await page.getByRole('link', { name: 'Verify it' }).count()).toBe(0);
    await expectAccessible(page, 'a credential as a viewer');

    await page.goto('/app/credentials/issue');
    await page.getByText('Your role (viewer) needs credentials:issue.').waitFor();
    // Nothing was issued or revoked by the viewer's visit.
    const held = await app.graphql(`{ credentials { credentials { id revokedAt } } }`, {}, viewer.token);
    expect(held.body.data.credentials.credentials).toEqual([
      { id: issued.body.data.issueCredential.id, revokedAt: null },
    ]);
    expectCleanPage(viewer);
  });
});
