// The dashboard's feature pages end to end, in Chromium, against the real service in-process on the embedded
// database: on a Business tenant, a webhook endpoint added through the page and a test event
// received by a real receiver on loopback; a trust attestation made and revoked; a compliance framework
// adopted, its controls evaluated, one attested and a report issued; a DIDComm message sent to a did:key; a
// custom domain added, verified against a real DNS server on loopback, and a did:web on it. A Developer tenant
// sees adding a domain disabled with the plan it needs; a viewer sees the write controls disabled with the
// permission named. Each step checks what the page shows and what the API then holds; every page passes
// axe-core with no serious or critical finding, and no page reports an error or a CSP violation.
import type { Browser } from 'playwright-core';
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
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { tenantOnPlan, uniqueSuffix, type RegisteredUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { signatureValid, startReceiver, type Receiver } from '../support/webhook-receiver.js';

/** An Ed25519 did:key outside the service (W3C did:key test vector): it resolves, and has no service endpoint. */
const OUTSIDE_DID = 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH';

let app: TestApp;
let browser: Browser | undefined;
let dns: TestDnsServer;
let receiver: Receiver;
let business: RegisteredUser;
let issuerDid: string;
const opened: DashboardPage[] = [];

beforeAll(async () => {
  [dns, receiver] = await Promise.all([
    startDnsServer(),
    startReceiver(() => ({ status: 200, body: 'thanks, got it' })),
  ]);
  [app, browser] = await Promise.all([
    startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '300' } }),
    launchChromium(),
  ]);
  business = await tenantOnPlan(app, 'business');
  const did = await app.request('POST', '/v1/dids', { token: business.token, body: {} });
  expect(did.status).toBe(200);
  issuerDid = did.body.did;
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await Promise.all([receiver?.close(), dns?.close()]);
});
screenshotsOnFailure(() => browser, 'dashboard-features');
beforeEach(async () => {
  await Promise.all(opened.splice(0).map((dashboard) => dashboard.close()));
});

async function open(path: string, token = business.token, viewport?: { width: number; height: number }) {
  const dashboard = await openDashboard(browser!, app, { token, path, viewport });
  opened.push(dashboard);
  await dashboard.page.getByRole('heading', { level: 1 }).first().waitFor();
  return dashboard;
}

const gql = async (query: string, variables: Record<string, unknown> = {}, token = business.token) => {
  const result = await app.graphql(query, variables, token);
  expect(result.body.errors, JSON.stringify(result.body.errors)).toBeUndefined();
  return result.body.data;
};

// A browser's steps wait on the service and on rendering: on a machine others share, a test can take several times
// its usual few seconds (as in dashboard.test.ts).
describeInBrowser('the feature pages in a browser', { timeout: 60_000 }, () => {
  it('webhooks: adds an endpoint (secret shown once, copied), sends it a test event, shows the delivery, disables it', async () => {
    const dashboard = await open('/webhooks');
    const { page } = dashboard;
    await page.getByText('No endpoint yet.', { exact: false }).waitFor();

    // The form starts on every event (a first submit as it opens is accepted); outside production it says how
    // to receive on localhost, and this deployment allows it.
    expect(await page.getByRole('radio', { name: 'All events, including types added later' }).isChecked()).toBe(true);
    expect(await page.getByTestId('private-url-note').textContent()).toMatch(/WEBHOOK_ALLOW_PRIVATE_URLS=true/);
    // Narrowed to a choice, an empty one is refused before the service is asked.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('radio', { name: 'Only the types chosen below' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose at least one event type' }).waitFor();
    await page.getByRole('group', { name: 'DIDs', exact: true }).getByLabel('All of DIDs').check();
    await page.getByRole('group', { name: 'Credentials', exact: true }).getByLabel('credential.issued').check();
    await page.getByLabel('Description (optional)').fill('Our integration');
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const secretBox = page.getByTestId('secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await dashboard.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy signing secret' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'webhooks, the secret shown once');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await secretBox.count()).toBe(0);

    const link = page.getByRole('table').getByRole('link', { name: receiver.url });
    await link.waitFor();
    const held = await gql('{ webhooks { webhooks { id url events description enabled } } }');
    expect(held.webhooks.webhooks).toEqual([
      {
        id: expect.any(String),
        url: receiver.url,
        events: [
          'credential.issued',
          'did.created',
          'did.deactivated',
          'did.certificate_chain.set',
          'did.certificate_chain.removed',
        ],
        description: 'Our integration',
        enabled: true,
      },
    ]);

    // Its page: a test event, which the receiver gets signed with that secret, and the delivery in the log.
    await link.click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    await page.getByRole('button', { name: 'Send a test event' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Delivered: HTTP 200' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('thanks, got it');
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).type).toBe('webhook.test');
    expect(signatureValid(receiver.received[0]!, secret)).toBe(true);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByText('Succeeded').waitFor();
    await row.getByText('HTTP 200', { exact: false }).waitFor();
    await expectAccessible(page, 'a webhook endpoint with a delivery');

    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByRole('button', { name: 'Enable', exact: true }).waitFor();
    const after = await gql(
      'query($id: String!) { webhook(id: $id) { enabled } webhookDeliveries(id: $id) { deliveries { eventType state lastStatus } } }',
      {
        id: held.webhooks.webhooks[0].id,
      },
    );
    expect(after.webhook.enabled).toBe(false);
    expect(after.webhookDeliveries.deliveries).toEqual([
      { eventType: 'webhook.test', state: 'succeeded', lastStatus: 200 },
    ]);
    expectCleanPage(dashboard);
  });

  it('trust: attests a DID by the tenant’s DID, sets the policy, revokes the attestation', async () => {
    const dashboard = await open('/trust');
    const { page } = dashboard;
    await page.getByText('No attestation matches.', { exact: false }).waitFor();
    const slug = business.tenant_slug;
    expect(await page.getByRole('link', { name: `/v1/trust/lists/${slug}` }).getAttribute('href')).toBe(
      `/v1/trust/lists/${slug}`,
    );

    await page.getByLabel('Attester (your DID that signs)').selectOption(issuerDid);
    await page.getByRole('textbox', { name: 'Subject DID' }).fill(OUTSIDE_DID);
    await page.getByLabel('Score (0–100)', { exact: true }).fill('101');
    await page.getByLabel('Weight (0.0–1.0)').fill('0.5');
    await page.getByRole('button', { name: 'Attest', exact: true }).click();
    // The service's own text, before asking it; the field is marked and focused.
    await page.getByText('score must be 0-100').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await page.getByLabel('Score (0–100)', { exact: true }).fill('80');
    await page.getByLabel('Assurance level', { exact: true }).selectOption('high');
    await page.getByLabel('Credential types (optional)').fill('KycCredential');
    await page.getByRole('button', { name: 'Attest', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Attested' }).waitFor();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: OUTSIDE_DID });
    await row.getByText('Active', { exact: true }).waitFor();
    await expectAccessible(page, 'trust, one attestation');
    const held = await gql(
      '{ trustAttestations { attestations { id subjectDid attesterDid score weight assuranceLevel credentialTypes status } } }',
    );
    expect(held.trustAttestations.attestations).toEqual([
      {
        id: expect.any(String),
        subjectDid: OUTSIDE_DID,
        attesterDid: issuerDid,
        score: 80,
        weight: 0.5,
        assuranceLevel: 'high',
        credentialTypes: ['KycCredential'],
        status: 'active',
      },
    ]);

    await page.getByLabel('Lowest score (0–100)').fill('70');
    await page.getByLabel('Fail credentials from issuers nobody attested').check();
    await page.getByRole('button', { name: 'Save the policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: score at least 70' }).waitFor();
    expect((await gql('{ trustPolicy { minScore minAssuranceLevel requireAttestedIssuer } }')).trustPolicy).toEqual({
      minScore: 70,
      minAssuranceLevel: 'substantial',
      requireAttestedIssuer: true,
    });

    await row.getByRole('button', { name: `Revoke the attestation of ${OUTSIDE_DID}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this attestation?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Revoked', { exact: true }).waitFor();
    // (A revoked attestation is "not found" by id, as the contract says of revoked things: it is in the list.)
    const revoked = (await gql('{ trustAttestations(status: revoked) { attestations { id status revokedAt } } }'))
      .trustAttestations;
    expect(revoked.attestations).toEqual([
      { id: held.trustAttestations.attestations[0].id, status: 'revoked', revokedAt: expect.any(String) },
    ]);
    expectCleanPage(dashboard);
  });

  it('compliance: adopts GDPR, shows its controls evaluated, attests one, issues a report', async () => {
    const dashboard = await open('/compliance');
    const { page } = dashboard;
    await page.getByRole('link', { name: 'GDPR', exact: true }).waitFor();
    await expectAccessible(page, 'compliance');
    await page.getByRole('button', { name: 'Adopt GDPR' }).click();
    await page.getByRole('button', { name: 'Unadopt GDPR' }).waitFor();
    const frameworks = await gql('{ complianceFrameworks { id adopted } }');
    expect(frameworks.complianceFrameworks.filter((framework: { adopted: boolean }) => framework.adopted)).toEqual([
      { id: 'gdpr', adopted: true },
    ]);

    await page.getByRole('link', { name: 'GDPR', exact: true }).click();
    await page.getByTestId('standing').waitFor();
    const held = (await gql('{ complianceFramework(id: "gdpr") { controls { id state summary } } }'))
      .complianceFramework.controls;
    // Every control is shown with the state and summary the API evaluates.
    const shown = await page.locator('[data-control]').evaluateAll((items) =>
      items.map((item) => ({
        id: item.getAttribute('data-control'),
        state: item.querySelector('.badge')?.textContent,
        summary: item.querySelector('.control-summary')?.textContent,
      })),
    );
    const label = { met: 'Met', not_met: 'Not met', partial: 'Partial', attestation: 'Attested' } as Record<
      string,
      string
    >;
    expect(shown).toEqual(
      held.map((control: { id: string; state: string; summary: string }) => ({
        ...control,
        state: label[control.state],
      })),
    );
    const breach = page.locator('[data-control="breach-notification"]');
    expect(await breach.getByText('To do:').count()).toBe(1);
    await expectAccessible(page, 'a framework’s controls');
    await breach.getByLabel('Your statement').fill('Our incident procedure notifies the authority within 72 hours.');
    await breach.getByRole('button', { name: 'Record the attestation' }).click();
    await breach.locator('.badge').filter({ hasText: 'Attested' }).waitFor();
    const attested = (await gql('{ complianceFramework(id: "gdpr") { controls { id state } } }')).complianceFramework
      .controls;
    expect(attested.find((control: { id: string }) => control.id === 'breach-notification').state).toBe('attestation');

    await page.getByRole('link', { name: '← All frameworks' }).click();
    await page.getByLabel('Framework', { exact: true }).selectOption('gdpr');
    await page.getByRole('button', { name: 'Issue a report' }).click();
    const issued = page.getByRole('status').filter({ hasText: 'Issued' });
    await issued.getByRole('link').click();
    await page.getByRole('heading', { name: 'Controls as issued' }).waitFor();
    const reports = (await gql('{ complianceReports { reports { id framework issuerDid } } }')).complianceReports
      .reports;
    expect(reports).toEqual([{ id: expect.any(String), framework: 'gdpr', issuerDid }]);
    expect(new URL(page.url()).pathname).toBe(`/app/compliance/reports/${reports[0].id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the signed credential (JWT)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^gdpr-report-\d{4}-\d{2}-\d{2}\.jwt$/);
    await expectAccessible(page, 'a compliance report');
    expectCleanPage(dashboard);
  });

  it('DIDComm: sends a basic message to an outside did:key and shows it returned, then listed', async () => {
    const dashboard = await open('/didcomm');
    const { page } = dashboard;
    await page.getByText('No message matches.', { exact: false }).waitFor();
    await page.getByLabel('From (your DID)').selectOption(issuerDid);
    await page.getByLabel("To (the recipient's DID)").fill(OUTSIDE_DID);
    await page.getByLabel('Body (a JSON object)').fill('{"content": "Hello from the dashboard"}');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const outcome = page.getByTestId('send-outcome');
    await outcome.getByText('Returned to you').waitFor();
    await page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: OUTSIDE_DID })
      .getByText('basicmessage 2.0 message')
      .waitFor();
    const held = await gql('{ didcommMessages { messages { direction did to type delivery message } } }');
    expect(held.didcommMessages.messages).toEqual([
      {
        direction: 'outbound',
        did: issuerDid,
        to: [OUTSIDE_DID],
        type: 'https://didcomm.org/basicmessage/2.0/message',
        delivery: 'returned',
        message: expect.objectContaining({ from: issuerDid, body: { content: 'Hello from the dashboard' } }),
      },
    ]);
    await expectAccessible(page, 'DIDComm, one sent');
    expectCleanPage(dashboard);
  });

  it('domains: adds one with its TXT record, verifies it against DNS, creates a did:web on it', async () => {
    const dashboard = await open('/domains');
    const { page } = dashboard;
    await page.getByText('No domain yet.').waitFor();
    const domain = `credentials-${uniqueSuffix()}.example.com`;
    await page.getByLabel('Domain name').fill(`https://${domain.toUpperCase()}/`);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const added = page.getByRole('status').filter({ hasText: `Added ${domain}` });
    await added.waitFor();
    const name = await added.getByTestId('txt-name').textContent();
    const value = (await added.getByTestId('txt-value').textContent())!;
    const held = (await gql('{ domains { id domain status verification { name value } } }')).domains;
    expect(held).toEqual([
      {
        id: expect.any(String),
        domain,
        status: 'pending',
        verification: { name: `_credential-service.${domain}`, value },
      },
    ]);
    expect(name).toBe(`_credential-service.${domain}`);
    await expectAccessible(page, 'domains, one pending');

    const card = page.locator(`[data-domain="${domain}"]`);
    await card.getByRole('button', { name: `Verify now: ${domain}` }).click();
    await card.getByTestId('verify-outcome').getByText('Pending:', { exact: false }).waitFor();
    dns.setTxt(name!, ['v=spf1 -all', value]);
    await card.getByRole('button', { name: `Verify now: ${domain}` }).click();
    await card.getByTestId('verify-outcome').getByText('Verified', { exact: false }).waitFor();
    await card.locator('.badge').filter({ hasText: 'verified' }).waitFor();
    expect((await gql('{ domains { status verifiedAt } }')).domains[0]).toMatchObject({
      status: 'verified',
      verifiedAt: expect.any(String),
    });

    await card.getByLabel('Path (optional)').fill('issuers/degrees');
    await card.getByRole('button', { name: 'Create did:web' }).click();
    const didWeb = `did:web:${domain}:issuers:degrees`;
    await card.getByRole('status').getByRole('link', { name: didWeb }).waitFor();
    const dids = (await gql('{ dids(status: active) { dids { did } } }')).dids.dids.map(
      (row: { did: string }) => row.did,
    );
    expect(dids).toContain(didWeb);
    await expectAccessible(page, 'domains, one verified');
    expectCleanPage(dashboard);
  });

  it('on the Developer plan, adding a domain is disabled with the plan it needs, as the API says', async () => {
    const developer = await tenantOnPlan(app, 'developer');
    const dashboard = await open('/domains', developer.token);
    const { page } = dashboard;
    const requirement = page.getByTestId('plan-requirement');
    await requirement.waitFor();
    expect(await requirement.textContent()).toBe(
      'Custom domains require the Business or Enterprise plan; this tenant is on the Developer plan.',
    );
    expect(await page.getByRole('button', { name: 'Add domain' }).isDisabled()).toBe(true);
    const refused = await app.request('POST', '/v1/domains', {
      token: developer.token,
      body: { domain: 'x.example.com' },
    });
    expect([refused.status, refused.body.error]).toEqual([
      403,
      'custom domains require the business or enterprise plan',
    ]);
    expect((await gql('{ domains { id } }', {}, developer.token)).domains).toEqual([]);
    await expectAccessible(page, 'domains on the Developer plan');
    expectCleanPage(dashboard);
  });

  it('a viewer sees the write controls disabled with the permission named, and the pages fit a phone', async () => {
    // axe at phone width on the first page; the others were checked above as the owner sees them.
    const viewer = await signInAs(app, browser!, 'viewer', { path: '/trust', viewport: { width: 390, height: 844 } });
    opened.push(viewer);
    const { page } = viewer;
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByText('Webhooks (needs webhooks:manage)').waitFor();
    await nav.getByText('Domains (needs domains:manage)').waitFor();

    await page.getByText('Attesting needs trust:write.').waitFor();
    expect(await page.getByRole('button', { name: 'Attest', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save the policy' }).isDisabled()).toBe(true);
    await page.getByText('Setting the policy needs trust:write.').waitFor();
    await expectAccessible(page, 'trust as a viewer, phone width');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await nav.getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('button', { name: 'Adopt GDPR' }).waitFor();
    expect(await page.getByRole('button', { name: 'Adopt GDPR' }).isDisabled()).toBe(true);
    expect(await page.getByText('Adopting needs compliance:manage').count()).toBe(7);
    await page.getByText('Changing the settings needs compliance:manage.').waitFor();
    await page.getByText('Issuing a report needs compliance:manage.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await nav.getByRole('link', { name: 'DIDComm' }).click();
    await page.getByText('Sending a message needs didcomm:send.').waitFor();
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // What the page says, the API holds: the viewer may not send.
    const refused = await app.graphql(
      'mutation($input: SendDidcommMessageInput!) { sendDidcommMessage(input: $input) { id } }',
      { input: { from: OUTSIDE_DID, to: OUTSIDE_DID, type: 'https://didcomm.org/basicmessage/2.0/message' } },
      viewer.token,
    );
    expect(refused.body.errors[0].message).toBe("role 'viewer' lacks permission: didcomm:send");
    expectCleanPage(viewer);
  });
});
