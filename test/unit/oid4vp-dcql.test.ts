// The pure parts of OpenID4VP: what a DCQL query may ask (dcql.ts), what verified presentations prove against it,
// and the life of a request (verification-session.policy.ts). Examples from OpenID4VP 1.0 §6 and Appendix D.
import { describe, expect, it } from 'vitest';
import {
  DcqlQueryError,
  judgePresentations,
  parseDcqlQuery,
  shortFormQuery,
  vpTokenProblem,
  type VerifiedPresentation,
} from '../../src/modules/oid4vp/dcql.js';
import {
  answerVerdict,
  cancelProblem,
  effectiveStatus,
  expiryOf,
  REQUEST_LIFETIME_SECONDS,
} from '../../src/modules/oid4vp/verification-session.policy.js';

const PID = 'https://credentials.example.com/identity_credential';
const sd = (vct: string, claims: Record<string, unknown>, holderBound = true): VerifiedPresentation => ({
  format: 'dc+sd-jwt',
  payload: { iss: 'did:example:issuer', vct, ...claims },
  holderBound,
});

// OpenID4VP 1.0 Appendix D "credentials_alternatives", trimmed to two alternatives and the optional extra.
const ALTERNATIVES = parseDcqlQuery({
  credentials: [
    { id: 'pid', format: 'dc+sd-jwt', meta: { vct_values: [PID] }, claims: [{ path: ['given_name'] }] },
    { id: 'reduced', format: 'dc+sd-jwt', meta: { vct_values: ['urn:reduced'] }, claims: [{ path: ['family_name'] }] },
    { id: 'extra', format: 'dc+sd-jwt', meta: { vct_values: ['urn:rewards'] }, claims: [{ path: ['rewards_number'] }] },
  ],
  credential_sets: [{ options: [['pid'], ['reduced']] }, { required: false, options: [['extra']] }],
});

describe('a DCQL query', () => {
  it('is the package’s shape, with our formats only and no trusted_authorities', () => {
    expect(() => parseDcqlQuery({ credentials: [] })).toThrow(DcqlQueryError);
    expect(() =>
      parseDcqlQuery({
        credentials: [
          { id: 'a', format: 'dc+sd-jwt' },
          { id: 'a', format: 'dc+sd-jwt' },
        ],
      }),
    ).toThrow(/Duplicate credential query ids/);
    expect(() => parseDcqlQuery({ credentials: [{ id: 'm', format: 'mso_mdoc' }] })).toThrow(/supported: dc\+sd-jwt/);
    expect(() =>
      parseDcqlQuery({
        credentials: [
          {
            id: 'a',
            format: 'dc+sd-jwt',
            trusted_authorities: [{ type: 'aki', values: ['s9tIpPmhxdiuNkHMEWNpYim8S8Y'] }],
          },
        ],
      }),
    ).toThrow(/trusted_authorities is not supported/);
    // Holder binding is required unless the query says otherwise (§6.1).
    expect(ALTERNATIVES.credentials[0]!.require_cryptographic_holder_binding).toBe(true);
  });

  it('has a short form: one credential of a type with top-level claims (jwt_vc_json under credentialSubject)', () => {
    expect(
      shortFormQuery({ format: 'jwt_vc_json', type: 'UniversityDegreeCredential', claims: ['degree'] }),
    ).toMatchObject({
      credentials: [
        {
          id: 'credential',
          format: 'jwt_vc_json',
          meta: { type_values: [['UniversityDegreeCredential']] },
          claims: [{ path: ['credentialSubject', 'degree'] }],
        },
      ],
    });
    expect(shortFormQuery({ format: 'dc+sd-jwt', type: PID }).credentials[0]!.claims).toBeUndefined();
  });
});

describe('a vp_token against its query (§8.1)', () => {
  it('answers only asked queries, one presentation each unless multiple, as strings', () => {
    expect(vpTokenProblem(ALTERNATIVES, { pid: ['x'] })).toBeNull();
    expect(vpTokenProblem(ALTERNATIVES, { other: ['x'] })).toMatch(/did not ask for/);
    expect(vpTokenProblem(ALTERNATIVES, { pid: ['x', 'y'] })).toMatch(/takes one/);
    expect(vpTokenProblem(ALTERNATIVES, { pid: [{}] })).toMatch(/not a string/);
  });
});

describe('verified presentations against the query (§6.4, §8.6)', () => {
  it('one option of a required credential set satisfies it; the optional set may go unanswered', () => {
    const judged = judgePresentations(ALTERNATIVES, { reduced: [sd('urn:reduced', { family_name: 'Doe' })] });
    expect(judged).toMatchObject({ satisfied: true, reason: null });
    expect(judged.checks.reduced).toEqual([
      { name: 'query', status: 'passed', detail: 'matches credential query reduced' },
    ]);
  });

  it('names the required set no presentation answers', () => {
    const judged = judgePresentations(ALTERNATIVES, { extra: [sd('urn:rewards', { rewards_number: 7 })] });
    expect(judged.satisfied).toBe(false);
    expect(judged.reason).toBe('no verified presentation answers credential set 0 (options: pid | reduced)');
  });

  it('names a claim not disclosed, or not a requested value, by its path and never its value', () => {
    const query = parseDcqlQuery({
      credentials: [
        {
          id: 'pid',
          format: 'dc+sd-jwt',
          meta: { vct_values: [PID] },
          claims: [{ path: ['address', 'country'], values: ['NL'] }, { path: ['given_name'] }],
        },
      ],
    });
    const judged = judgePresentations(query, {
      pid: [sd(PID, { address: { country: 'SECRET-DE' }, given_name: 'Ada' })],
    });
    expect(judged.satisfied).toBe(false);
    expect(judged.checks.pid![0]).toMatchObject({ status: 'failed' });
    expect(judged.reason).toMatch(/requested claims are missing: address\.country not disclosed/);
    expect(JSON.stringify(judged)).not.toContain('SECRET-DE');
  });

  it('holds a wrong type and a missing holder proof against the presentation', () => {
    const judged = judgePresentations(ALTERNATIVES, { pid: [sd('urn:other', { given_name: 'Ada' })] });
    expect(judged.checks.pid![0]!.detail).toMatch(/vct is not one the query asks for/);
    const unbound = judgePresentations(ALTERNATIVES, { pid: [sd(PID, { given_name: 'Ada' }, false)] });
    expect(unbound.checks.pid![0]!.detail).toMatch(/requires the holder’s proof/);
  });

  it('claim_sets: one combination disclosed in full suffices (§6.4.1)', () => {
    const query = parseDcqlQuery({
      credentials: [
        {
          id: 'pid',
          format: 'dc+sd-jwt',
          meta: { vct_values: [PID] },
          claims: [
            { id: 'a', path: ['age_over_18'] },
            { id: 'b', path: ['birthdate'] },
          ],
          claim_sets: [['a'], ['b']],
        },
      ],
    });
    expect(judgePresentations(query, { pid: [sd(PID, { birthdate: '1815-12-10' })] }).satisfied).toBe(true);
    expect(judgePresentations(query, { pid: [sd(PID, { name: 'x' })] }).reason).toMatch(/no claim set of the query/);
  });

  it('a jwt_vc_json is matched on its VC: type_values and paths under credentialSubject', () => {
    const query = shortFormQuery({ format: 'jwt_vc_json', type: 'UniversityDegreeCredential', claims: ['degree'] });
    const vc = (types: string[], subject: Record<string, unknown>): VerifiedPresentation => ({
      format: 'jwt_vc_json',
      payload: { vc: { type: types, credentialSubject: subject } },
      holderBound: true,
    });
    expect(
      judgePresentations(query, {
        credential: [vc(['VerifiableCredential', 'UniversityDegreeCredential'], { degree: 'BSc' })],
      }).satisfied,
    ).toBe(true);
    expect(judgePresentations(query, { credential: [vc(['VerifiableCredential'], { degree: 'BSc' })] }).reason).toMatch(
      /type is not one the query asks for/,
    );
  });
});

describe('the life of a request', () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it('takes an answer while pending and in time; late, it expires; answered or cancelled, it is closed', () => {
    expect(answerVerdict({ status: 'pending', expiresAt: at(1) }, now)).toEqual({ kind: 'accept' });
    expect(answerVerdict({ status: 'pending', expiresAt: at(0) }, now)).toEqual({ kind: 'expired' });
    expect(effectiveStatus({ status: 'pending', expiresAt: at(-1) }, now)).toBe('expired');
    for (const status of ['received', 'verified', 'failed'] as const) {
      expect(answerVerdict({ status, expiresAt: at(60) }, now)).toEqual({
        kind: 'closed',
        reason: 'the request has been answered already',
      });
    }
    expect(answerVerdict({ status: 'cancelled', expiresAt: at(60) }, now)).toMatchObject({
      reason: 'the request was cancelled',
    });
    expect(answerVerdict({ status: 'expired', expiresAt: at(-60) }, now)).toMatchObject({ kind: 'closed' });
  });

  it('is cancelled only while pending; lives the default lifetime unless told', () => {
    expect(cancelProblem({ status: 'pending', expiresAt: at(60) }, now)).toBeNull();
    expect(cancelProblem({ status: 'verified', expiresAt: at(60) }, now)).toBe(
      'the request is verified: only a pending one can be cancelled',
    );
    expect(cancelProblem({ status: 'pending', expiresAt: at(-1) }, now)).toBe(
      'the request is expired: only a pending one can be cancelled',
    );
    expect(expiryOf(now, null)).toEqual(at(REQUEST_LIFETIME_SECONDS.default));
    expect(expiryOf(now, 30)).toEqual(at(30));
  });
});
