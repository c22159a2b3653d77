// Whether a credential's status reference holds against the list it names: the checks of Bitstring Status
// List v1.0 §3.2 (Validate Algorithm) and of draft-ietf-oauth-status-list's validation of a Referenced Token,
// as they apply to a list we hold. A credential its issuer signed can still point anywhere, so each of these
// is what stands between a forged reference and a `valid` answer.
import { STATUS_LIST_PURPOSE, type StatusListFormat } from './status-list.codec.js';
import type { StatusAnswer, StatusReference } from './status-reference.js';

export type StatusListFacts = {
  format: StatusListFormat;
  /** The DID that signs the list's renderings: the one that issued into it. */
  issuerDid: string;
  size: number;
  /** Whether the entry at an index below `size` is set (the list's bits, read as its format numbers them). */
  isSet: (index: number) => boolean;
};

const KIND: Record<StatusListFormat, string> = {
  bitstring: 'a Bitstring Status List',
  token: 'a Token Status List',
};
const EXPECTED_BY: Record<StatusListFormat, string> = {
  bitstring: 'a BitstringStatusListEntry',
  token: 'status.status_list',
};

export function judgeStatus(list: StatusListFacts, reference: StatusReference, issuer: string | null): StatusAnswer {
  // The two formats number bits differently (status-list.codec.ts), so a cross-format reference reads a bit
  // that no credential of that index owns.
  if (reference.type !== list.format) {
    return invalid(
      `${EXPECTED_BY[reference.type]} must point at ${KIND[reference.type]}; this is ${KIND[list.format]}`,
    );
  }
  // REC §3.2: the entry's statusPurpose must be the list's (a suspension entry read against a
  // revocation list would make "not revoked" pass for "not suspended"). Token lists have no purpose.
  if (reference.type === 'bitstring' && reference.purpose !== STATUS_LIST_PURPOSE) {
    if (reference.purpose === undefined) return invalid('the entry has no statusPurpose');
    return invalid(
      `statusPurpose ${JSON.stringify(reference.purpose)} differs from the list's "${STATUS_LIST_PURPOSE}"`,
    );
  }
  // Only the issuer's own list speaks for its credentials. We sign each list with the DID that issued into
  // it, so "signed by the issuer" is "the list's DID is the issuer's": a list of another DID would not verify
  // with the issuer's key, and is that DID's word, not the issuer's.
  if (issuer === null) return invalid('the credential names no issuer for the list to belong to');
  if (list.issuerDid !== issuer) {
    return invalid(`the list belongs to ${list.issuerDid}, not to the credential's issuer ${issuer}`);
  }
  // REC §3.2 STATUS_RANGE_ERROR; the draft likewise refuses an index beyond the list.
  if (reference.index >= list.size)
    return invalid(`index ${reference.index} is outside the list (0..${list.size - 1})`);
  return { status: list.isSet(reference.index) ? 'revoked' : 'valid' };
}

const invalid = (reason: string): StatusAnswer => ({ status: 'invalid', reason });
