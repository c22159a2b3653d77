// The OpenID pages' rules: the QR code taken apart safely, how often a followed page asks again, a
// configuration's form, the claims form made from a configuration, and the presentation request's form.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { OFFER_TTL_SECONDS, TX_CODE_LENGTH } from '../../../src/modules/oid4vci/offer-session.policy';
import { REQUEST_LIFETIME_SECONDS } from '../../../src/modules/oid4vp/verification-session.policy';
import { qrCodeOf } from '../../../src/lib/qr-code';
import { formatSeconds, pollDelay, qrDrawingOf } from './openid.rules';
import {
  claimLabel,
  claimSpecsOf,
  configurationFormOf,
  configurationInputOf,
  emptyConfigurationForm,
  newConfigurationClaimRow,
  OFFER_TTL_SECONDS as PAGE_OFFER_TTL,
  offerClaimRowsOf,
  offerInputOf,
  TX_CODE_LENGTH as PAGE_TX_CODE_LENGTH,
  type OfferForm,
} from './oid4vci.rules';
import {
  disclosedClaims,
  emptyRequestForm,
  REQUEST_LIFETIME_SECONDS as PAGE_LIFETIME,
  requestInputOf,
} from './oid4vp.rules';

describe('the QR code the service draws', () => {
  it('is taken apart into its viewBox and paths, for the page to draw itself', async () => {
    const { svg } = await qrCodeOf('openid-credential-offer://?credential_offer_uri=https%3A%2F%2Fexample.com%2Fo%2F1');
    const drawing = qrDrawingOf(svg);
    expect(drawing).not.toBeNull();
    expect(drawing!.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(drawing!.shapes).toEqual([
      { d: expect.stringMatching(/^M0 0h\d+v\d+H0z$/), fill: '#ffffff' },
      { d: expect.stringMatching(/^M/), stroke: '#000000' },
    ]);
    // The library's other output options give the same shapes.
    const plain = await QRCode.toString('x', { type: 'svg' });
    expect(qrDrawingOf(plain)).not.toBeNull();
  });

  it('is refused whole when it holds anything but paths of moves and lines in plain colours', () => {
    const ok = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 3"><path stroke="#000" d="M0 0.5h3"/></svg>';
    expect(qrDrawingOf(ok)).toEqual({ viewBox: '0 0 3 3', shapes: [{ d: 'M0 0.5h3', stroke: '#000' }] });
    const hostile = [
      ok.replace('</svg>', '<script>alert(1)</script></svg>'),
      ok.replace('<path', '<image href="https://evil.example/x.png"/><path'),
      ok.replace('stroke="#000"', 'stroke="url(https://evil.example)"'),
      ok.replace('d="M0 0.5h3"', 'd="javascript:alert(1)"'),
      ok.replace(' viewBox="0 0 3 3"', ''),
      ok.replace('M0 0.5h3', 'M0 0.5h3"/><foreignObject>'),
      '<div>not svg</div>',
      '',
    ];
    for (const svg of hostile) expect(qrDrawingOf(svg), svg).toBeNull();
    // Attributes besides d, fill and stroke are not kept: a handler never reaches the page.
    const handler = ok.replace('<path ', '<path onclick="alert(1)" ');
    expect(qrDrawingOf(handler)).toEqual(qrDrawingOf(ok));
  });
});

describe('following an offer or a request live', () => {
  it('asks every 2 s at first, then every 5 s, then every 15 s', () => {
    expect(pollDelay(0, null)).toBe(2_000);
    expect(pollDelay(29_999, null)).toBe(2_000);
    expect(pollDelay(30_000, null)).toBe(5_000);
    expect(pollDelay(300_000, null)).toBe(15_000);
  });

  it('asks less often as the tenant’s bucket runs low', () => {
    expect(pollDelay(0, { limit: 20, remaining: 19 })).toBe(2_000);
    expect(pollDelay(0, { limit: 20, remaining: 9 })).toBe(6_000);
    expect(pollDelay(0, { limit: 20, remaining: 4 })).toBe(15_000);
    expect(pollDelay(400_000, { limit: 20, remaining: 9 })).toBe(15_000);
    expect(pollDelay(0, { limit: 0, remaining: 0 })).toBe(2_000);
  });

  it('says a lifetime as people read it', () => {
    expect([90, 600, 7200, 86400 * 3, 86400 * 2 + 7200].map(formatSeconds)).toEqual([
      '90 s',
      '10 min',
      '2 h',
      '3 d',
      '2 d 2 h',
    ]);
  });
});

describe('the pages’ bounds', () => {
  it('are the service’s', () => {
    expect(PAGE_OFFER_TTL).toEqual({ min: OFFER_TTL_SECONDS.min, max: OFFER_TTL_SECONDS.max });
    expect(PAGE_TX_CODE_LENGTH).toEqual({ min: TX_CODE_LENGTH.min, max: TX_CODE_LENGTH.max });
    expect(PAGE_LIFETIME).toEqual({ min: REQUEST_LIFETIME_SECONDS.min, max: REQUEST_LIFETIME_SECONDS.max });
  });
});

const STORED_CLAIMS = [
  {
    name: 'given_name',
    mandatory: true,
    display: [
      { name: 'Vorname', locale: 'de' },
      { name: 'Given name', locale: 'en' },
    ],
  },
  { name: 'degree', display: [{ name: 'Degree' }] },
  { name: 'student_id', disclosable: false },
  { notAClaim: true },
];

describe('a configuration’s claims', () => {
  it('are read from what the service stores, labelled by locale, then English, then the first, then the name', () => {
    const specs = claimSpecsOf(STORED_CLAIMS);
    expect(specs.map((spec) => spec.name)).toEqual(['given_name', 'degree', 'student_id']);
    expect(specs.map((spec) => claimLabel(spec))).toEqual(['Given name', 'Degree', 'student_id']);
    expect(claimLabel(specs[0]!, 'de-AT')).toBe('Vorname');
    expect(specs[2]).toMatchObject({ mandatory: false, disclosable: false });
    expect(claimSpecsOf(null)).toEqual([]);
  });
});

describe('the new offer’s claims form', () => {
  const form = (change: Partial<OfferForm> = {}): OfferForm => ({
    configurationId: 'Degree',
    rows: offerClaimRowsOf(STORED_CLAIMS),
    claimsJson: null,
    subjectId: 'did:example:alice',
    askTxCode: false,
    txCodeLength: '',
    txCodeInputMode: 'numeric',
    txCodeDescription: '',
    expiresIn: '',
    ...change,
  });
  const filled = (values: Record<string, string>, types: Record<string, 'number' | 'boolean' | 'json'> = {}) =>
    form().rows.map((row) => ({ ...row, value: values[row.name] ?? '', type: types[row.name] ?? row.type }));

  it('is a field per claim of the configuration, in its order, empty', () => {
    expect(form().rows.map((row) => [row.name, row.label, row.mandatory, row.value])).toEqual([
      ['given_name', 'Given name', true, ''],
      ['degree', 'Degree', false, ''],
      ['student_id', 'student_id', false, ''],
    ]);
  });

  it('sends the filled claims, typed, under the configuration, with the transaction code and expiry asked for', () => {
    const outcome = offerInputOf(
      form({
        rows: filled({ given_name: 'Alice', student_id: '1234' }, { student_id: 'number' }),
        askTxCode: true,
        txCodeLength: '8',
        txCodeDescription: ' By SMS ',
        expiresIn: '600',
      }),
    );
    expect(outcome).toEqual({
      ok: true,
      input: {
        configurationIds: ['Degree'],
        subjectId: 'did:example:alice',
        claims: { Degree: { given_name: 'Alice', student_id: 1234 } },
        txCode: { input_mode: 'numeric', length: 8, description: 'By SMS' },
        expiresIn: 600,
      },
    });
  });

  it('names each problem before the service is asked: a mandatory claim empty, a bad value, bounds', () => {
    const outcome = offerInputOf(
      form({
        rows: filled({ degree: '{nope' }, { degree: 'json' }),
        subjectId: ' ',
        askTxCode: true,
        txCodeLength: '3',
        expiresIn: '59',
      }),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toEqual({
      subjectId: expect.any(String),
      txCodeLength: 'The code is 4 to 12 characters long.',
      expiresIn: 'Expiry must be a whole number of seconds from 60 to 604800.',
    });
    expect(outcome.claimProblems.get('given_name')).toBe('Given name is mandatory: give a value.');
    expect(outcome.claimProblems.get('degree')).toMatch(/^Not valid JSON/);
    expect(offerInputOf(form({ configurationId: '' })).ok).toBe(false);
  });

  it('without readable configurations, takes the claims as one JSON object', () => {
    expect(offerInputOf(form({ rows: [], claimsJson: '{"name": "Ada"}' }))).toMatchObject({
      ok: true,
      input: { claims: { Degree: { name: 'Ada' } } },
    });
    expect(offerInputOf(form({ rows: [], claimsJson: '[1]' }))).toMatchObject({
      ok: false,
      problems: { claimsJson: expect.any(String) },
    });
  });
});

describe('a configuration’s form', () => {
  const base = () => ({
    ...emptyConfigurationForm('did:key:z6Mk'),
    configurationId: 'Degree',
    vct: 'https://credentials.example.com/degree',
    claims: [
      newConfigurationClaimRow({ name: 'given_name', displayName: 'Given name', mandatory: true }),
      newConfigurationClaimRow({ name: 'student_id', disclosable: false }),
      newConfigurationClaimRow(),
    ],
    displayName: 'University degree',
    backgroundColor: '#12107c',
    validitySeconds: '3600',
  });

  it('makes the create input of a dc+sd-jwt configuration (empty rows skipped)', () => {
    expect(configurationInputOf(base())).toEqual({
      ok: true,
      input: {
        configurationId: 'Degree',
        format: 'dc_sd_jwt',
        issuer: 'did:key:z6Mk',
        vct: 'https://credentials.example.com/degree',
        claims: [
          { name: 'given_name', mandatory: true, disclosable: true, display: [{ name: 'Given name', locale: 'en' }] },
          { name: 'student_id', mandatory: false, disclosable: false },
        ],
        display: [{ name: 'University degree', locale: 'en', background_color: '#12107c' }],
        validitySeconds: 3600,
        bindingMethods: ['jwk'],
        proofAlgs: ['EdDSA', 'ES256'],
      },
    });
  });

  it('makes a jwt_vc_json one with its VC types, without disclosable flags', () => {
    const outcome = configurationInputOf({
      ...base(),
      format: 'jwt_vc_json',
      vct: '',
      types: 'MembershipCredential, StaffCredential',
      bindingMethods: ['did_key'],
      validitySeconds: '',
    });
    expect(outcome).toMatchObject({
      ok: true,
      input: { types: ['MembershipCredential', 'StaffCredential'], validitySeconds: null, bindingMethods: ['did_key'] },
    });
    if (outcome.ok) {
      expect(outcome.input.vct).toBeUndefined();
      expect(outcome.input.claims!.every((claim) => claim.disclosable === undefined)).toBe(true);
    }
  });

  it('names what the service would refuse', () => {
    const rows = [
      newConfigurationClaimRow({ name: 'iss' }),
      newConfigurationClaimRow({ name: 'a' }),
      newConfigurationClaimRow({ name: 'a' }),
    ];
    const outcome = configurationInputOf({
      ...base(),
      configurationId: '-bad',
      vct: '',
      claims: rows,
      displayName: '',
      validitySeconds: '10',
      proofAlgs: [],
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(Object.keys(outcome.problems).sort()).toEqual([
      'configurationId',
      'displayName',
      'proofAlgs',
      'validitySeconds',
      'vct',
    ]);
    expect([...outcome.claimProblems.values()]).toEqual([
      'iss is a reserved claim name; choose another.',
      'Another claim is named a; names must be unique.',
      'Another claim is named a; names must be unique.',
    ]);
    expect(configurationInputOf({ ...base(), format: 'jwt_vc_json', bindingMethods: ['jwk'] })).toMatchObject({
      ok: false,
      problems: { bindingMethods: 'A jwt_vc_json credential binds to a did:key only.' },
    });
  });

  it('of a stored configuration, gives back the same input', () => {
    const created = configurationInputOf(base());
    if (!created.ok) throw new Error('expected a valid form');
    const stored = {
      ...created.input,
      vct: created.input.vct ?? null,
      types: [],
      claims: created.input.claims,
      display: created.input.display,
      validitySeconds: created.input.validitySeconds ?? null,
      bindingMethods: ['jwk'],
      proofAlgs: ['EdDSA', 'ES256'],
    };
    expect(configurationInputOf(configurationFormOf(stored))).toEqual(created);
  });
});

describe('the presentation request’s form', () => {
  it('short form: a type and claims by name', () => {
    expect(
      requestInputOf({
        ...emptyRequestForm(),
        type: ' https://x.example/degree ',
        claims: 'name, degree',
        purpose: 'Hiring',
        expiresIn: '120',
      }),
    ).toEqual({
      ok: true,
      input: {
        credential: { format: 'dc_sd_jwt', type: 'https://x.example/degree', claims: ['name', 'degree'] },
        responseMode: 'direct_post_jwt',
        purpose: 'Hiring',
        expiresIn: 120,
      },
    });
    expect(requestInputOf({ ...emptyRequestForm(), type: '', claims: 'address.street' })).toMatchObject({
      ok: false,
      problems: { type: expect.any(String), claims: expect.stringContaining('address.street') },
    });
    expect(requestInputOf({ ...emptyRequestForm(), type: 'T', expiresIn: '3601' })).toMatchObject({ ok: false });
  });

  it('a DCQL query as JSON', () => {
    const dcql = { credentials: [{ id: 'pid', format: 'dc+sd-jwt', meta: { vct_values: ['urn:pid'] } }] };
    expect(
      requestInputOf({
        ...emptyRequestForm(),
        mode: 'dcql',
        dcql: JSON.stringify(dcql),
        did: 'did:key:z6Mk',
        responseMode: 'direct_post',
      }),
    ).toEqual({
      ok: true,
      input: { dcqlQuery: dcql, responseMode: 'direct_post', did: 'did:key:z6Mk' },
    });
    for (const text of ['', '[]', '{"no": 1}', '{']) {
      expect(requestInputOf({ ...emptyRequestForm(), mode: 'dcql', dcql: text }), text).toMatchObject({ ok: false });
    }
  });

  it('shows the claims a presentation disclosed, by pointer', () => {
    const claims = { name: 'Ada', address: { 'a/b': 1, street: 'Dorset St' } };
    expect(disclosedClaims(claims, ['/name', '/address/street', '/address/a~1b'])).toEqual([
      ['/name', 'Ada'],
      ['/address/street', 'Dorset St'],
      ['/address/a~1b', 1],
    ]);
    expect(disclosedClaims({ name: 'Ada' }, [])).toEqual([['/name', 'Ada']]);
    expect(disclosedClaims(null, null)).toEqual([]);
  });
});
