// A credential's pointer into a status list, as a verifier reads it from the credential, and what the list
// answers about it. Defined here, beside the lists, so that the credential formats and the verifier depend on
// the status lists and never the reverse.
import type { StatusListFormat } from './status-list.codec.js';

export type StatusReference = {
  /** Which list the credential expects: a Bitstring Status List or a Token Status List. */
  type: StatusListFormat;
  uri: string;
  index: number;
  /** BitstringStatusListEntry.statusPurpose (REC §2.1, required there); token references carry none. */
  purpose?: string;
};

/** A status resolver's answer. 'invalid': the list refutes the reference (another kind of list, another
 * purpose, another issuer's, an index outside it); 'unknown': the list cannot be consulted. Both fail. */
export type StatusAnswer =
  | { status: 'valid' }
  | { status: 'revoked' }
  | { status: 'invalid'; reason: string }
  | { status: 'unknown'; reason: string };
