// The rules of the feature pages (webhooks, trust, compliance, DIDComm, domains), and that the ones copied
// from the service (texts, syntaxes, the event catalogue, the plans with custom domains) still say what the
// service says.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/lib/messages';
import { settingsInput } from '../../../src/modules/compliance/compliance.inputs';
import { tenantAttestation } from '../../../src/modules/compliance/checks/records.checks';
import { PLANS } from '../../../src/modules/plans/plans';
import { createAttestationInput, DID_SYNTAX as SERVICE_DID_SYNTAX } from '../../../src/modules/trust/trust.inputs';
import {
  CLAIMS_RULE,
  countsSummary,
  evidenceLines,
  figureText,
  isAttestable,
  overallState,
  parsePersonalClaims,
  parseRotationDays,
  reportFileName,
  ROTATION_RULE,
} from './compliance.rules';
import { deliveryTone, parseBody, shortType } from './didcomm.rules';
import {
  checkOutcome,
  CUSTOM_DOMAIN_PLANS,
  didWebDocumentUrl,
  didWebOf,
  domainNameProblem,
  normaliseDomain,
  parseDidWebPath,
  PLAN_REQUIREMENT,
  planAllowsDomains,
} from './domains.rules';
import {
  attestationInput,
  DID_SYNTAX,
  parseCredentialTypes,
  parseScore,
  parseWeight,
  SCORE_RULE,
  WEIGHT_RULE,
  didRule,
  CREDENTIAL_TYPES_RULE,
} from './trust.rules';
import { EVENT_READ_PERMISSION, EVENT_TYPES } from '../vocabulary';
import {
  allEvents,
  areaState,
  attemptSummary,
  describeEvents,
  emptySelection,
  eventGroups,
  eventsToSelection,
  NO_EVENTS,
  privateUrlNote,
  selectionProblem,
  selectionToEvents,
  toggleArea,
  toggleType,
  urlHint,
  allEventsNeeds,
  initialSelection,
  unsubscribable,
} from './webhooks.rules';

describe('webhooks: the event catalogue and the choice of types', () => {
  it('names each event type under its GraphQL enum name (the catalogue itself: test/unit/dashboard-feature-parity.test.ts)', () => {
    for (const [enumName, type] of Object.entries(EVENT_TYPES)) expect(type.replaceAll('.', '_')).toBe(enumName);
  });

  it('starts a new endpoint on every event, which the service accepts as it is', () => {
    expect(selectionProblem(allEvents())).toBeNull();
    expect(selectionToEvents(allEvents())).toEqual(['*']);
  });

  it('says how to receive on localhost in development only', () => {
    expect(privateUrlNote({ development: false, webhookPrivateUrls: false })).toBeNull();
    expect(privateUrlNote({ development: false, webhookPrivateUrls: true })).toBeNull();
    expect(privateUrlNote({ development: true, webhookPrivateUrls: false })).toMatch(
      /start the service with WEBHOOK_ALLOW_PRIVATE_URLS=true/,
    );
    expect(privateUrlNote({ development: true, webhookPrivateUrls: true })).toMatch(
      /delivers to localhost and private addresses \(WEBHOOK_ALLOW_PRIVATE_URLS=true\)/,
    );
  });

  it('groups the types by area, in catalogue order', () => {
    const groups = eventGroups(['credential.issued', 'did.created', 'credential.revoked', 'trust.attestation.created']);
    expect(groups).toEqual([
      { area: 'credential', types: ['credential.issued', 'credential.revoked'] },
      { area: 'did', types: ['did.created'] },
      { area: 'trust', types: ['trust.attestation.created'] },
    ]);
    expect(eventGroups().flatMap((group) => group.types)).toHaveLength(Object.keys(EVENT_TYPES).length);
  });

  it('sends ["*"] for all, else the chosen types in catalogue order, and refuses an empty choice', () => {
    let selection = emptySelection();
    expect(selectionProblem(selection)).toBe(NO_EVENTS);
    selection = toggleType(selection, 'did.created', true);
    selection = toggleType(selection, 'credential.issued', true);
    expect(selectionToEvents(selection)).toEqual(['credential.issued', 'did.created']);
    expect(selectionProblem(selection)).toBeNull();
    expect(selectionToEvents({ ...selection, all: true })).toEqual(['*']);
    expect(selectionToEvents(toggleType(selection, 'did.created', false))).toEqual(['credential.issued']);
  });

  it('turns a whole area on and off, and says when part of it is chosen', () => {
    const [credentials] = eventGroups(['credential.issued', 'credential.revoked']);
    let selection = toggleType(emptySelection(), 'credential.issued', true);
    expect(areaState(selection, credentials!)).toBe('some');
    selection = toggleArea(selection, credentials!, true);
    expect(areaState(selection, credentials!)).toBe('all');
    expect(areaState(toggleArea(selection, credentials!, false), credentials!)).toBe('none');
  });

  it('keeps a member to the types it may read: "all events" and each type need their read permission', () => {
    const everything = unsubscribable(Object.values(EVENT_READ_PERMISSION));
    expect(everything.size).toBe(0);
    expect(initialSelection(everything)).toEqual(allEvents());
    const refused = unsubscribable(['webhooks:manage', 'dids:list']);
    expect(refused.get('did.created')).toBeUndefined();
    expect(refused.get('member.invited')).toBe('members:list');
    expect(allEventsNeeds(refused)).toEqual(expect.arrayContaining(['credentials:list', 'members:list']));
    expect(new Set(allEventsNeeds(refused)).size).toBe(allEventsNeeds(refused).length);
    const first = initialSelection(refused);
    expect(first.all).toBe(false);
    // Every type the member may read (the DIDs' and the test event), none of the others.
    expect([...first.types].every((type) => !refused.has(type))).toBe(true);
    expect([...first.types]).toEqual(expect.arrayContaining(['did.created', 'did.deactivated', 'webhook.test']));
    expect(first.types.size + refused.size).toBe(Object.keys(EVENT_TYPES).length);
    // An area's box leaves the types the member may not choose alone.
    const [credentials] = eventGroups(['credential.issued', 'credential.revoked']);
    expect(toggleArea(emptySelection(), credentials!, true, refused).types.size).toBe(0);
  });

  it('reads an endpoint’s events back, and describes them', () => {
    expect(eventsToSelection(['*'])).toEqual({ all: true, types: new Set() });
    expect(eventsToSelection(['did.created']).types.has('did.created')).toBe(true);
    expect(describeEvents(['*'])).toBe('All events, including later ones');
    expect(describeEvents(['a.b', 'c.d'])).toBe('a.b, c.d');
    expect(describeEvents(['a.b', 'c.d', 'e.f', 'g.h', 'i.j'])).toBe('a.b, c.d, e.f and 2 more');
  });

  it('hints at a URL the service would refuse, and lets through what it judges itself', () => {
    expect(urlHint('')).toMatch(/Enter the URL/);
    expect(urlHint('hooks.example.com')).toMatch(/full URL/);
    expect(urlHint('ftp://hooks.example.com/x')).toMatch(/https/);
    expect(urlHint('https://user:pw@hooks.example.com/')).toMatch(/user name/);
    expect(urlHint('https://hooks.example.com/#x')).toMatch(/fragment/);
    expect(urlHint('https://hooks.example.com/credentials')).toBeNull();
    expect(urlHint(' http://127.0.0.1:8080/hooks ')).toBeNull();
  });

  it('sums up an attempt', () => {
    expect(attemptSummary({ status: 204, durationMs: 3, error: null })).toBe('HTTP 204 in 3 ms');
    expect(attemptSummary({ status: null, durationMs: 10000, error: 'timeout after 10000 ms' })).toBe(
      'No answer within 10000 ms: timed out',
    );
    // What failed, not "no answer": a TLS handshake that was refused answered quickly.
    expect(attemptSummary({ status: null, durationMs: 30, error: 'tls error (DEPTH_ZERO_SELF_SIGNED_CERT)' })).toBe(
      'TLS handshake failed after 30 ms: the certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
    expect(attemptSummary({ status: null, durationMs: 12, error: 'tls error (ERR_SSL_WRONG_VERSION_NUMBER)' })).toBe(
      'TLS handshake failed after 12 ms: ERR_SSL_WRONG_VERSION_NUMBER',
    );
    expect(attemptSummary({ status: null, durationMs: 2, error: 'connection refused' })).toBe(
      'Failed after 2 ms: connection refused',
    );
    expect(attemptSummary({ status: null, durationMs: null, error: null })).toBe('Not attempted yet');
  });
});

describe('trust: the attestation form', () => {
  it('uses the service’s texts and DID syntax', () => {
    expect(SCORE_RULE).toBe(MESSAGES.scoreOutOfRange);
    expect(WEIGHT_RULE).toBe(MESSAGES.weightOutOfRange);
    expect(DID_SYNTAX.source).toBe(SERVICE_DID_SYNTAX.source);
    const refused = createAttestationInput.safeParse({
      subjectDid: 'nope',
      score: 1,
      weight: 1,
      assuranceLevel: 'low',
      credentialTypes: ['1x'],
    });
    const texts = refused.error!.issues.map((issue) => issue.message);
    expect(texts).toContain(didRule('subject_did'));
    expect(texts).toContain(CREDENTIAL_TYPES_RULE);
  });

  it('reads score and weight as the contract bounds them', () => {
    for (const wrong of ['1.5', '-1', '101', '', 'x', '50%']) expect(parseScore(wrong).problem, wrong).toBe(SCORE_RULE);
    expect(parseScore('0').value).toBe(0);
    expect(parseScore(' 100 ').value).toBe(100);
    for (const wrong of ['-0.01', '1.01', '', 'one']) expect(parseWeight(wrong).problem, wrong).toBe(WEIGHT_RULE);
    expect(parseWeight('.25').value).toBe(0.25);
    expect(parseWeight('1').value).toBe(1);
  });

  it('reads credential types separated by commas or spaces; none is all', () => {
    expect(parseCredentialTypes('').value).toEqual([]);
    expect(parseCredentialTypes('KycCredential, UniversityDegreeCredential KycCredential').value).toEqual([
      'KycCredential',
      'UniversityDegreeCredential',
    ]);
    expect(parseCredentialTypes('Good, 9bad').problem).toContain('9bad');
  });

  it('makes the mutation’s input, leaving out what was not given, or names each problem', () => {
    const form = {
      attesterDid: '',
      subjectDid: ' did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH ',
      score: '80',
      weight: '0.5',
      assuranceLevel: 'high' as const,
      credentialTypes: '',
      evidence: '',
      validUntil: '',
    };
    expect(attestationInput(form)).toEqual({
      problems: null,
      input: { subjectDid: form.subjectDid.trim(), score: 80, weight: 0.5, assuranceLevel: 'high' },
    });
    const parsed = createAttestationInput.safeParse(attestationInput(form).input);
    expect(parsed.success).toBe(true);
    const wrong = attestationInput({ ...form, subjectDid: 'alice', score: '101', validUntil: 'soon' });
    expect(wrong.problems).toEqual({
      subjectDid: didRule('subject_did'),
      score: SCORE_RULE,
      validUntil: 'valid_until must be a date',
    });
    const full = attestationInput({
      ...form,
      attesterDid: 'did:key:z6Mk1',
      credentialTypes: 'KycCredential',
      evidence: ' audit ',
      validUntil: '2030-01-02',
    });
    expect(full.input).toMatchObject({
      attesterDid: 'did:key:z6Mk1',
      credentialTypes: ['KycCredential'],
      evidence: 'audit',
      validUntil: '2030-01-02T00:00:00.000Z',
    });
  });
});

describe('compliance: a framework summed up', () => {
  const counts = { met: 5, notMet: 2, partial: 1, attestation: 2 };

  it('is not met while a control is not met, partial while one is partial, else met', () => {
    expect(overallState(counts)).toBe('not_met');
    expect(overallState({ ...counts, notMet: 0 })).toBe('partial');
    expect(overallState({ ...counts, notMet: 0, partial: 0 })).toBe('met');
    expect(countsSummary(counts)).toBe('7 of 10 met or attested · 1 partial · 2 not met');
    expect(countsSummary({ met: 3, notMet: 0, partial: 0, attestation: 0 })).toBe('3 of 3 met or attested');
  });

  it('shows a partial share without rounding up to complete', () => {
    expect(figureText(0.75)).toBe('75 %');
    expect(figureText(0.9996)).toBe('99.9 %');
    expect(figureText(null)).toBeNull();
  });

  it('knows the controls only the tenant can attest, before and after it did', () => {
    const snapshot = { now: new Date('2026-11-24T00:00:00Z'), attestations: new Map() } as never;
    const context = { frameworkId: 'gdpr', controlId: 'breach-notification' };
    const before = tenantAttestation.evaluate(snapshot, {}, context);
    expect(isAttestable(before)).toBe(true);
    const attestation = {
      id: 'a',
      statement: 's',
      actorUserId: 'u',
      actorApiKeyId: null,
      createdAt: new Date('2026-11-01T00:00:00Z'),
    };
    const after = tenantAttestation.evaluate(
      { ...(snapshot as object), attestations: new Map([['gdpr/breach-notification', attestation]]) } as never,
      {},
      context,
    );
    expect(after.state).toBe('attestation');
    expect(isAttestable(after)).toBe(true);
    expect(isAttestable({ state: 'met', evidence: { active_dids: 2 } })).toBe(false);
  });

  it('puts evidence into lines', () => {
    expect(evidenceLines({ active_dids: 2, oldest: null, ids: ['a', 'b'] })).toEqual([
      { name: 'active dids', value: '2' },
      { name: 'oldest', value: 'none' },
      { name: 'ids', value: '["a","b"]' },
    ]);
    expect(evidenceLines(null)).toEqual([]);
  });

  it('reads the settings with the service’s texts', () => {
    expect(parsePersonalClaims('name, birthdate\nname').claims).toEqual(['name', 'birthdate']);
    expect(parsePersonalClaims('').claims).toEqual([]);
    expect(parsePersonalClaims('full name!').problem).toBe(CLAIMS_RULE);
    expect(settingsInput.safeParse({ personalClaims: ['bad name'] }).error!.issues[0]!.message).toBe(CLAIMS_RULE);
    expect(parseRotationDays('365')).toEqual({ days: 365, problem: null });
    for (const wrong of ['29', '1826', '30.5', '']) expect(parseRotationDays(wrong).problem, wrong).toBe(ROTATION_RULE);
    expect(settingsInput.safeParse({ keyRotationDays: 29 }).error!.issues[0]!.message).toBe(ROTATION_RULE);
  });

  it('names a report’s files', () => {
    expect(reportFileName({ framework: 'gdpr', createdAt: '2026-11-24T18:55:10.925Z' }, 'html')).toBe(
      'gdpr-report-2026-11-24.html',
    );
  });
});

describe('DIDComm: the message form', () => {
  it('takes a JSON object as the body; empty is {}', () => {
    expect(parseBody('')).toEqual({ body: {}, problem: null });
    expect(parseBody('{"content":"hi"}')).toEqual({ body: { content: 'hi' }, problem: null });
    expect(parseBody('[1]').problem).toBe('body must be a JSON object');
    expect(parseBody('{').problem).toMatch(/^body is not JSON/);
  });

  it('says whether a delivery went well, and shortens type URIs', () => {
    expect(deliveryTone('inbox')).toBe('good');
    expect(deliveryTone('returned')).toBe('neutral');
    expect(deliveryTone('failed')).toBe('bad');
    expect(shortType('https://didcomm.org/basicmessage/2.0/message')).toBe('basicmessage 2.0 message');
    expect(shortType('urn:x')).toBe('urn:x');
  });
});

describe('domains: names, plans, verification and did:web', () => {
  it('explains what is wrong with a name (the service’s rule itself: test/unit/dashboard-feature-parity.test.ts)', () => {
    expect(domainNameProblem('credentials.example.com')).toBeNull();
    expect(domainNameProblem('example')).toMatch(/two or more labels/);
    expect(domainNameProblem('*.example.com')).toMatch(/wildcard/);
    expect(domainNameProblem('10.0.0.1')).toMatch(/IP address/);
  });

  it('reads what a person pastes as a name', () => {
    expect(normaliseDomain(' HTTPS://Credentials.Example.com/path?q#f ')).toBe('credentials.example.com');
    expect(normaliseDomain('example.com.')).toBe('example.com');
  });

  it('knows the plans with custom domains, and the service’s refusal on the others', () => {
    const plans = Object.values(PLANS);
    expect([...CUSTOM_DOMAIN_PLANS].sort()).toEqual(
      plans
        .filter((plan) => plan.customDomains)
        .map((plan) => plan.name)
        .sort(),
    );
    for (const plan of plans) expect(planAllowsDomains(plan.name), plan.name).toBe(plan.customDomains);
    expect(PLAN_REQUIREMENT.toLowerCase()).toBe(MESSAGES.customDomainsNotInPlan);
  });

  it('says what a verification found', () => {
    const expected = 'credential-service-verification=abc';
    expect(checkOutcome('verified', { found: [expected], error: null }, expected)).toMatch(/^Verified/);
    expect(checkOutcome('pending', { found: [], error: 'NXDOMAIN' }, expected)).toBe('Pending: NXDOMAIN.');
    expect(checkOutcome('pending', { found: [], error: null }, expected)).toBe(
      'Pending: no TXT record at that name yet.',
    );
    expect(checkOutcome('pending', { found: ['other'], error: null }, expected)).toBe(
      'Pending: found “other”, not the expected value.',
    );
  });

  it('makes the did:web a domain and path name, with the service’s path rule', () => {
    expect(parseDidWebPath(' /issuers/degrees/ ')).toEqual({ segments: ['issuers', 'degrees'], problem: null });
    expect(parseDidWebPath('')).toEqual({ segments: [], problem: null });
    for (const wrong of ['a/../b', 'a b', 'a/'.repeat(9) + 'a', 'é'])
      expect(parseDidWebPath(wrong).problem, wrong).not.toBeNull();
    expect(didWebOf('credentials.example.com', [])).toBe('did:web:credentials.example.com');
    expect(didWebOf('credentials.example.com', ['issuers', 'degrees'])).toBe(
      'did:web:credentials.example.com:issuers:degrees',
    );
    expect(didWebDocumentUrl('c.example.com', [])).toBe('https://c.example.com/.well-known/did.json');
    expect(didWebDocumentUrl('c.example.com', ['a'])).toBe('https://c.example.com/a/did.json');
  });
});
