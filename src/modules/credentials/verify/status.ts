// Status references: VC-JWT credentials carry BitstringStatusListEntry objects (Bitstring Status List
// v1.0 §2.1); SD-JWT VCs carry status.status_list {idx, uri} (draft-ietf-oauth-status-list, "Referenced
// Token in JOSE"). The caller's checkStatus resolves them and judges them against the list (our own lists
// locally: status-lists.policy.ts).
import { failed, passed, skipped } from './checks.js';
import { isRecord } from './compact-jws.js';
import type { StatusAnswer, StatusReference } from '../../status-lists/status-reference.js';
import type { Check, VerifyOptions } from './verify.types.js';

/** References found in the credential, or a string saying why the status claim cannot be read. */
export type StatusReferences = StatusReference[] | string;

const isIndex = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function bitstringStatusReferences(credentialStatus: unknown): StatusReferences {
  if (credentialStatus === undefined) return [];
  const entries = Array.isArray(credentialStatus) ? credentialStatus : [credentialStatus];
  const references: StatusReference[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) return 'credentialStatus entry is not an object';
    if (entry.type !== 'BitstringStatusListEntry')
      return `unsupported credentialStatus type ${JSON.stringify(entry.type)}`;
    // statusListIndex is an integer "expressed as a string in base 10" (§2.1).
    const index =
      typeof entry.statusListIndex === 'string' && /^\d+$/.test(entry.statusListIndex)
        ? Number(entry.statusListIndex)
        : Number.NaN;
    if (!isIndex(index)) return 'credentialStatus.statusListIndex is not a base-10 integer string';
    if (typeof entry.statusListCredential !== 'string' || entry.statusListCredential === '') {
      return 'credentialStatus.statusListCredential is not a URL';
    }
    // Required (§2.1): it is what says which status the bit means, and it must match the list's (§3.2).
    if (typeof entry.statusPurpose !== 'string' || entry.statusPurpose === '') {
      return 'credentialStatus.statusPurpose is missing';
    }
    references.push({
      type: 'bitstring',
      uri: entry.statusListCredential,
      index,
      purpose: entry.statusPurpose,
    });
  }
  return references;
}

export function tokenStatusReferences(status: unknown): StatusReferences {
  if (status === undefined) return [];
  if (!isRecord(status)) return 'status is not an object';
  // Other status mechanisms may sit beside status_list; we understand only that one.
  if (status.status_list === undefined) return [];
  const list = status.status_list;
  if (!isRecord(list) || !isIndex(list.idx) || typeof list.uri !== 'string' || list.uri === '') {
    return 'status.status_list must be {idx: non-negative integer, uri: string}';
  }
  return [{ type: 'token', uri: list.uri, index: list.idx }];
}

/** Every reference must resolve to 'valid'; `issuer` is the credential's, whose lists they must be. */
export async function checkCredentialStatus(
  references: StatusReferences,
  issuer: string | null,
  checkStatus: VerifyOptions['checkStatus'],
): Promise<Check> {
  if (typeof references === 'string') return failed('status', references);
  if (references.length === 0) return skipped('status', 'the credential references no status list');
  if (!checkStatus) return skipped('status', 'no status resolver configured');
  for (const reference of references) {
    const entry = `${reference.uri} index ${reference.index}`;
    let answer: StatusAnswer;
    try {
      answer = await checkStatus(reference, issuer);
    } catch (error) {
      return failed('status', `status lookup for ${reference.uri} failed: ${(error as Error).message}`);
    }
    if (answer.status === 'revoked') return failed('status', `revoked (${entry})`);
    if (answer.status === 'invalid') return failed('status', `invalid status reference (${entry}): ${answer.reason}`);
    if (answer.status === 'unknown') return failed('status', `cannot confirm status (${entry}): ${answer.reason}`);
    // Only an explicit 'valid' passes, whatever a resolver outside the type checker's reach returns.
    if (answer.status !== 'valid') return failed('status', `cannot confirm status (${entry})`);
  }
  return passed('status', references.map((r) => `${r.uri} index ${r.index}: valid`).join('; '));
}
