// judgeStatus: a status reference against the list it names (src/modules/status-lists/status-lists.policy.ts).
import { describe, expect, it } from 'vitest';
import { judgeStatus, type StatusListFacts } from '../../src/modules/status-lists/status-lists.policy.js';
import { isSet, pgBitFor, STATUS_LIST_SIZE } from '../../src/modules/status-lists/status-list.codec.js';

const ISSUER = 'did:key:z6MkIssuer';
const URI = 'https://vc.example/v1/status-lists/1';

/** A list of `format` with entry `revoked` set, as PostgreSQL's set_bit would leave it. */
function list(format: 'bitstring' | 'token', revoked = 1234): StatusListFacts {
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  const bit = pgBitFor(format, revoked);
  bits[bit >> 3]! |= 1 << (bit & 7);
  return { format, issuerDid: ISSUER, size: STATUS_LIST_SIZE, isSet: (index) => isSet(format, bits, index) };
}
const bitstring = (index: number, purpose?: string) => ({ type: 'bitstring' as const, uri: URI, index, purpose });
const token = (index: number) => ({ type: 'token' as const, uri: URI, index });

describe('judgeStatus', () => {
  it('answers valid or revoked for a matching reference of either kind', () => {
    expect(judgeStatus(list('bitstring'), bitstring(1234, 'revocation'), ISSUER)).toEqual({ status: 'revoked' });
    expect(judgeStatus(list('bitstring'), bitstring(1235, 'revocation'), ISSUER)).toEqual({ status: 'valid' });
    expect(judgeStatus(list('token'), token(1234), ISSUER)).toEqual({ status: 'revoked' });
    expect(judgeStatus(list('token'), token(0), ISSUER)).toEqual({ status: 'valid' });
  });

  it('refuses a reference to the other kind of list', () => {
    expect(judgeStatus(list('token'), bitstring(0, 'revocation'), ISSUER)).toEqual({
      status: 'invalid',
      reason: 'a BitstringStatusListEntry must point at a Bitstring Status List; this is a Token Status List',
    });
    expect(judgeStatus(list('bitstring'), token(0), ISSUER)).toEqual({
      status: 'invalid',
      reason: 'status.status_list must point at a Token Status List; this is a Bitstring Status List',
    });
  });

  it('refuses a statusPurpose other than the list’s, or none', () => {
    expect(judgeStatus(list('bitstring'), bitstring(0, 'suspension'), ISSUER)).toEqual({
      status: 'invalid',
      reason: 'statusPurpose "suspension" differs from the list\'s "revocation"',
    });
    expect(judgeStatus(list('bitstring'), bitstring(0), ISSUER)).toEqual({
      status: 'invalid',
      reason: 'the entry has no statusPurpose',
    });
  });

  it('refuses the list of another issuer, and a credential without one', () => {
    expect(judgeStatus(list('token'), token(0), 'did:key:z6MkOther')).toEqual({
      status: 'invalid',
      reason: `the list belongs to ${ISSUER}, not to the credential's issuer did:key:z6MkOther`,
    });
    expect(judgeStatus(list('token'), token(0), null)).toMatchObject({ status: 'invalid' });
  });

  it('refuses an index outside the list', () => {
    expect(judgeStatus(list('token'), token(STATUS_LIST_SIZE), ISSUER)).toEqual({
      status: 'invalid',
      reason: `index ${STATUS_LIST_SIZE} is outside the list (0..${STATUS_LIST_SIZE - 1})`,
    });
    expect(judgeStatus(list('bitstring'), bitstring(STATUS_LIST_SIZE - 1, 'revocation'), ISSUER)).toEqual({
      status: 'valid',
    });
  });
});
