// The dashboard's OpenID pages end to end, in Chromium, against the real service in-process on the embedded
// database (or PostgreSQL): an admin creates a credential configuration through its form, offers it from the
// claims form made of it, sees the QR code and the link; a wallet written from the spec redeems the offer and the
// page shows the credential issued without a reload. Then a presentation request: its QR code and link, a holder
// presents that very credential, and the page shows the verdict and the disclosed claims as they arrive. An
// issuer, who may offer but not read configurations, offers by configuration id with the claims as JSON. A
// viewer sees the three pages' entries disabled, naming the permission each needs. The forms, the QR code with its
// link, and the verdict pass axe-core with no serious or critical finding (the lists and the detail pages are made
// of the same parts), and no page reports an error or a CSP violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectAccessible,
  expectCleanPage,
  launchChromium,
  openDashboard,
  screenshotsOnFailure,
  signInAs,
  type DashboardPage,
} from '../support/dashboard-browser.js';
import { tenantOnPlan, type RegisteredUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createWallet, walletKey } from '../support/oid4vci-wallet.js';
import { answer, openRequest, presentSdJwt } from '../support/oid4vp-wallet.js';

const VCT = 'https://credentials.example.com/degree';

let app: TestApp;
let browser: Browser | undefined;
let owner: RegisteredUser;
let issuerDid: string;
const opened: DashboardPage[] = [];
/** The credential the wallet received in the first test, and its holder key: presented in the second. */
let issued: { credential: string; holder: ReturnType<typeof walletKey> } | undefined;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
  // Startup: a second seat, for the viewer of the last test.
  owner = await tenantOnPlan(app, 'startup');
  const did = await app.request('POST', '/v1/dids', { token: owner.token, body: {} });
  expect(did.status, did.text).toBe(200);
  issuerDid = did.body.did;
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});
screenshotsOnFailure(() => browser, 'dashboard-openid');
beforeEach(async () => {
  await Promise.all(opened.splice(0).map((dashboard) => dashboard.close()));
});

async function open(path: string) {
  const dashboard = await openDashboard(browser!, app, { token: owner.token, path });
  opened.push(dashboard);
  await dashboard.page.getByRole('heading', { level: 1 }).first().waitFor();
  return dashboard;
}

const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const result = await app.graphql(query, variables, owner.token);
  expect(result.body.errors, JSON.stringify(result.body.errors)).toBeUndefined();
  return result.body.data;
};

// Each polls the service every 2 s at first, and on a machine others share a step can take several times as long.
describeInBrowser('the OpenID pages in a browser', { timeout: 60_000 }, () => {
  it('OpenID4VCI: a configuration made through its form, an offer from its claims form, redeemed live', async () => {
    const dashboard = await open('/oid4vci/configurations');
    const { page } = dashboard;
    await page.getByText('No configuration yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'New configuration' }).click();
    await page.getByRole('heading', { name: 'New credential configuration' }).waitFor();

    // Refused before the service is asked: no id, no vct.
    await page.getByRole('button', { name: 'Create configuration' }).click();
    await page.getByText('A dc+sd-jwt credential needs its type (vct)', { exact: false }).waitFor();
    await page.getByLabel('Configuration id').fill('Degree');
    await page.getByLabel('Credential type (vct)').fill(VCT);
    expect(await page.getByLabel('Issuing DID').inputValue()).toBe(issuerDid);
    const first = page.getByRole('group', { name: 'Claim 1' });
    await first.getByLabel('Claim name').fill('given_name');
    await first.getByLabel('Display name').fill('Given name');
    await first.getByLabel('Mandatory').check();
    await page.getByRole('button', { name: 'Add a claim' }).click();
    const second = page.getByRole('group', { name: 'Claim 2' });
    await second.getByLabel('Claim name').fill('degree');
    await second.getByLabel('Display name').fill('Degree');
    await page.getByLabel('Credential name').fill('University degree');
    await page.getByLabel('Validity (seconds)').fill('31536000');
    await expectAccessible(page, 'the configuration form');
    await page.getByRole('button', { name: 'Create configuration' }).click();

    await page.getByRole('heading', { name: 'Credential configurations' }).waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Degree' }).waitFor();
    const stored = await gql(
      '{ oid4vciCredentialConfiguration(configurationId: "Degree") { format issuer vct claims display validitySeconds } }',
    );
    expect(stored.oid4vciCredentialConfiguration).toMatchObject({
      format: 'dc_sd_jwt',
      issuer: issuerDid,
      vct: VCT,
      validitySeconds: 31536000,
      display: [{ name: 'University degree', locale: 'en' }],
    });
    expect(stored.oid4vciCredentialConfiguration.claims).toMatchObject([
      { name: 'given_name', mandatory: true, display: [{ name: 'Given name' }] },
      { name: 'degree', mandatory: false, display: [{ name: 'Degree' }] },
    ]);

    // Changed through the same form: its id and format stay.
    await page.getByRole('table').getByRole('link', { name: 'Degree' }).click();
    await page.getByRole('heading', { name: 'Credential configuration Degree' }).waitFor();
    expect(await page.getByLabel('Configuration id').isDisabled()).toBe(true);
    expect(await page.getByRole('group', { name: 'Claim 2' }).getByLabel('Display name').inputValue()).toBe('Degree');
    await page.getByLabel('Validity (seconds)').fill('86400');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Credential configurations' }).waitFor();
    const changed = await gql(
      '{ oid4vciCredentialConfiguration(configurationId: "Degree") { validitySeconds claims display } }',
    );
    expect(changed.oid4vciCredentialConfiguration).toEqual({
      validitySeconds: 86400,
      claims: stored.oid4vciCredentialConfiguration.claims,
      display: stored.oid4vciCredentialConfiguration.display,
    });

    // The offer: from the navigation, a field per claim of the chosen configuration.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Credential offers' }).click();
    await page.getByRole('link', { name: 'New offer' }).click();
    await page.getByLabel('Credential', { exact: true }).selectOption('Degree');
    await page.getByLabel('Subject').fill('did:example:alice');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByText('Given name is mandatory: give a value.').waitFor();
    await page.getByLabel('Given name', { exact: true }).fill('Alice');
    await page.getByLabel('Degree', { exact: true }).fill('BSc Mathematics');
    await page.getByLabel('Ask the wallet for a code').check();
    await expectAccessible(page, 'the new offer’s claims form');
    await page.getByRole('button', { name: 'Create offer' }).click();

    const qr = page.getByRole('img', { name: 'QR code of the credential offer' });
    await qr.waitFor();
    expect(await qr.locator('path').count()).toBe(2);
    const link = (await page.getByTestId('wallet-link').textContent())!;
    expect(link).toMatch(/^openid-credential-offer:\/\/\?credential_offer_uri=/);
    await dashboard.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy offer link' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const txCode = (await page.getByTestId('tx-code').locator('code').textContent())!;
    expect(txCode).toMatch(/^\d{6}$/);
    await page.getByTestId('offer-state').and(page.locator('[data-state="offered"]')).waitFor();
    await expectAccessible(page, 'the offer created, its QR code and link');

    // A wallet redeems it; the page follows without a reload.
    const holder = walletKey('ES256');
    const received = await createWallet(app).receive(link, 'Degree', [holder], txCode);
    issued = { credential: received.credentials[0]!, holder };
    await page.locator('[data-testid="offer-state"][data-state="credential_issued"]').waitFor();
    expect(await page.getByTestId('offer-state').textContent()).toContain('Credential issued');
    expect(await page.getByTestId('tx-code').count()).toBe(1);
    const offers = await gql('{ oid4vciOffers { offers { state subjectId credentialIds } } }');
    expect(offers.oid4vciOffers.offers).toEqual([
      { state: 'credential_issued', subjectId: 'did:example:alice', credentialIds: [expect.any(String)] },
    ]);

    // The offer's own page, from the list.
    await page.getByRole('link', { name: 'open it' }).click();
    await page.getByRole('heading', { name: 'Credential offer' }).waitFor();
    await page.locator('[data-testid="offer-state"][data-state="credential_issued"]').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel the offer' }).count()).toBe(0);
    expectCleanPage(dashboard);
  });

  it('OpenID4VP: a request made through its form, the holder presents, the verdict arrives live', async () => {
    expect(issued, 'the first test issued the credential').toBeDefined();
    const dashboard = await open('/oid4vp');
    const { page } = dashboard;
    await page.getByText('No request yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'New request' }).click();
    await page.getByLabel('Credential type', { exact: true }).fill(VCT);
    await page.getByLabel('Claims', { exact: true }).fill('given_name');
    await page.getByLabel('Purpose').fill('Hiring check');
    await expectAccessible(page, 'the new presentation request form');
    await page.getByRole('button', { name: 'Create request' }).click();

    await page.getByRole('img', { name: 'QR code of the presentation request' }).waitFor();
    const link = (await page.getByTestId('wallet-link').textContent())!;
    expect(link).toMatch(/^openid4vp:\/\/\?client_id=decentralized_identifier%3Adid%3Akey%3A/);
    await page.locator('[data-testid="request-status"][data-status="pending"]').waitFor();

    // The holder's wallet opens the link and presents the given name only.
    const { request } = await openRequest(app, link, { post: true });
    const presentation = await presentSdJwt(issued!.credential, {
      disclose: ['given_name'],
      holderKey: issued!.holder,
      aud: request.client_id,
      nonce: request.nonce,
    });
    const answered = await answer(app, request, { credential: [presentation] });
    expect(answered.status, answered.text).toBe(200);

    await page.locator('[data-testid="request-status"][data-status="verified"]').waitFor();
    const verdict = page.getByTestId('presentation');
    await verdict.getByRole('heading', { name: 'credential: verified' }).waitFor();
    const disclosed = verdict.getByTestId('disclosed-claims');
    expect(await disclosed.locator('dt').allTextContents()).toEqual(['given_name']);
    expect(await disclosed.locator('dd').allTextContents()).toEqual(['Alice']);
    expect(
      await verdict.getByRole('table').getByRole('row').filter({ hasText: 'key_binding' }).textContent(),
    ).toContain('passed');
    expect(await page.getByTestId('request-holder').textContent()).toMatch(/^did:key:/);
    await expectAccessible(page, 'a verified presentation');

    const stored = await gql('{ oid4vpRequests { requests { status verified purpose holder } } }');
    expect(stored.oid4vpRequests.requests).toEqual([
      { status: 'verified', verified: true, purpose: 'Hiring check', holder: expect.stringMatching(/^did:key:/) },
    ]);
    // The list links to the request's page, which shows the same verdict.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Presentation requests' })
      .click();
    await page.getByRole('table').getByRole('link', { name: 'Hiring check' }).click();
    await page.locator('[data-testid="request-status"][data-status="verified"]').waitFor();
    await page.getByTestId('disclosed-claims').waitFor();
    expectCleanPage(dashboard);
  });

  it('an issuer (no oid4vci:manage) offers by configuration id and claims as JSON; configurations stay closed', async () => {
    const issuer = await signInAs(app, browser!, 'issuer', { owner, path: '/oid4vci/offers/new' });
    opened.push(issuer);
    const { page } = issuer;
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByText('Credential configurations (needs oid4vci:manage)').waitFor();
    await nav.getByRole('link', { name: 'Credential offers' }).waitFor();
    await page.getByLabel('Configuration id').fill('Degree');
    await page.getByLabel('Subject').fill('did:example:bob');
    await page.getByLabel('Claims (JSON)').fill('{"given_name": "Bob"}');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await page.getByRole('img', { name: 'QR code of the credential offer' }).waitFor();
    await page.locator('[data-testid="offer-state"][data-state="offered"]').waitFor();
    const offers = await gql('{ oid4vciOffers(state: offered) { offers { subjectId claims configurationIds } } }');
    expect(offers.oid4vciOffers.offers).toEqual([
      { subjectId: 'did:example:bob', claims: { Degree: { given_name: 'Bob' } }, configurationIds: ['Degree'] },
    ]);
    expectCleanPage(issuer);
  });

  it('a viewer sees the OpenID entries disabled, naming the permission, and cannot open their pages', async () => {
    const viewer = await signInAs(app, browser!, 'viewer', { owner, path: '/oid4vci/offers/new' });
    opened.push(viewer);
    const { page } = viewer;
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByText('Credential offers (needs credentials:issue)').waitFor();
    await nav.getByText('Credential configurations (needs oid4vci:manage)').waitFor();
    await nav.getByText('Presentation requests (needs credentials:verify)').waitFor();
    expect(
      await nav
        .getByRole('link', { name: /Credential offers|Credential configurations|Presentation requests/ })
        .count(),
    ).toBe(0);
    await page.getByText('Your role (viewer) needs credentials:issue.').waitFor();
    expect(await page.getByRole('button', { name: 'Create offer' }).count()).toBe(0);
    await expectAccessible(page, 'a viewer on the new offer page');
    expectCleanPage(viewer);
  });
});
