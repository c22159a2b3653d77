// vc+sd-jwt: SD-JWT VC (draft-ietf-oauth-sd-jwt-vc, RFC 9901), its status an IETF Token Status List reference.
//
// The SD-JWT VC rule on what may not be disclosed is @sd-jwt/sd-jwt-vc's. The disclosures and the payload's
// _sd digests are made here (packDisclosable, below), exactly as @sd-jwt/core's pack() makes them for a frame
// of top-level claim names; the issuer-signed JWT is the compact JWS that jwt_vc_json's credentials are
// (src/lib/jws.ts), and the SD-JWT its issuance form, `<JWT>~<D1>~…~<Dn>~` (RFC 9901 §4). The whole is byte for
// byte what SDJwtVcInstance.issue() gives for the same salts (test/unit/sd-jwt-vc-issue.test.ts), which did it
// in more than twice the CPU: async steps for synchronous work, JavaScript base64, the header and payload
// encoded twice. The library verifies and presents them as before.
import { createHash, randomBytes } from 'node:crypto';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { signCompactJws } from '../../../../lib/jws.js';
import type { SigningKey } from '../../../dids/signing-keys.js';
import { referencedTokenStatus } from '../../../status-lists/status-list.codec.js';
import type { IssueInput } from '../../credentials.inputs.js';
import type { IssueContext } from '../credential-format.js';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// SD-JWT salts: 128 bits from the CSPRNG (RFC 9901 §9.3), fresh for every disclosure. Cut from blocks of 4 KiB
// drawn at once (as Node's randomUUID does), each byte used once: one CSPRNG call per disclosure cost some 5 µs
// here, 15% of an SD-JWT issuance.
const SALT_BYTES = 16;
const SALT_BLOCK_BYTES = 4096;
let saltBlock = Buffer.alloc(0);
let saltOffset = 0;

function freshSalt(): string {
  if (saltOffset + SALT_BYTES > saltBlock.length) {
    saltBlock = randomBytes(SALT_BLOCK_BYTES);
    saltOffset = 0;
  }
  const salt = saltBlock.toString('base64url', saltOffset, saltOffset + SALT_BYTES);
  saltOffset += SALT_BYTES;
  return salt;
}

const HASH_ALG = 'sha-256';

/**
 * The payload with its named top-level claims made selectively disclosable (RFC 9901 §4.2): each becomes a
 * disclosure, base64url of the JSON array [salt, name, value], and the payload keeps the SHA-256 digests of
 * the disclosures in `_sd`, sorted so that their order says nothing of the claims'. What @sd-jwt/core's pack()
 * makes of a frame of top-level names, byte for byte (test/unit/sd-jwt-vc-issue.test.ts); pack() reached it
 * through async steps and JavaScript base64 for every disclosure, about half of an SD-JWT's own issuing CPU.
 */
function packDisclosable(payload: Record<string, unknown>, disclosable: readonly string[]) {
  const named = new Set(disclosable);
  const packed: Record<string, unknown> = {};
  const digests: string[] = [];
  const disclosures: string[] = [];
  for (const [name, value] of Object.entries(payload)) {
    if (!named.has(name)) {
      packed[name] = value;
      continue;
    }
    const disclosure = Buffer.from(JSON.stringify([freshSalt(), name, value]), 'utf8').toString('base64url');
    digests.push(createHash('sha256').update(disclosure, 'ascii').digest('base64url'));
    disclosures.push(disclosure);
  }
  if (digests.length > 0) packed._sd = digests.sort();
  return { packed, disclosures };
}

/**
 * The library's SD-JWT VC rule for a disclosure frame: iss, nbf, exp, cnf, vct and status are never
 * disclosable. The request's own validation already keeps them out of claims (credentials.inputs.ts); this
 * is the library's word on it too. It signs nothing here.
 */
class SdJwtVcRules extends SDJwtVcInstance {
  refuseReservedDisclosures(frame: object) {
    this.validateReservedFields(frame as never);
  }
}
const SD_JWT_VC_RULES = new SdJwtVcRules();

export function issueSdJwtVc(input: IssueInput, key: SigningKey, context: IssueContext): string {
  const claims = input.claims ?? {};
  const payload = {
    iss: context.issuerIdentifier ?? key.did,
    iat: seconds(context.issuedAt),
    ...(input.validFrom && { nbf: seconds(input.validFrom) }),
    ...(input.validUntil && { exp: seconds(input.validUntil) }),
    vct: input.vct!,
    ...(input.subjectId && { sub: input.subjectId }),
    ...(input.holderJwk && { cnf: { jwk: input.holderJwk } }),
    status: referencedTokenStatus({ uri: context.statusListUrl, index: context.statusIndex }),
    ...claims,
  };
  // Which claims a holder may withhold: the named ones, or by default every subject claim. vct, iss,
  // cnf, status and the time claims are never disclosable (draft-ietf-oauth-sd-jwt-vc §3.2.2).
  const disclosable = input.disclosable ?? Object.keys(claims);
  // A disclosure frame names the payload's selectively disclosable claims (its type is tied to the payload's
  // literal type, which a list of names computed at run time cannot satisfy).
  const frame = { _sd: disclosable } as never;
  SD_JWT_VC_RULES.refuseReservedDisclosures(frame);
  const { packed, disclosures } = packDisclosable(payload, disclosable);
  // x5c after the members every SD-JWT VC has, and only when the DID has a chain: without one the header is
  // byte for byte what it always was.
  const jwt = signCompactJws(
    { typ: input.sdJwtTyp ?? 'dc+sd-jwt', kid: key.kid, alg: key.alg, ...(context.x5c && { x5c: context.x5c }) },
    { ...packed, _sd_alg: HASH_ALG },
    key.sign,
  );
  return [jwt, ...disclosures].join('~') + '~';
}
