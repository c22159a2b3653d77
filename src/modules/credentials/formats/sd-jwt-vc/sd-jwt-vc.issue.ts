// vc+sd-jwt: SD-JWT VC (draft-ietf-oauth-sd-jwt-vc, RFC 9901), its status an IETF Token Status List reference.
//
// The disclosures, their digests and the payload's _sd arrays come from @sd-jwt/core's pack(), and the SD-JWT
// VC rule on what may not be disclosed from @sd-jwt/sd-jwt-vc. The issuer-signed JWT is the compact JWS that
// jwt_vc_json's credentials are (src/lib/jws.ts), and the SD-JWT its issuance form, `<JWT>~<D1>~…~<Dn>~`
// (RFC 9901 §4). SDJwtVcInstance.issue() does the same around pack() in some 30 µs more per credential on a
// 2-core host (async steps for synchronous work, the header and payload encoded twice), a quarter of an
// SD-JWT's issuing CPU; the library verifies and presents them as before.
import { createHash, randomBytes } from 'node:crypto';
import { pack } from '@sd-jwt/core';
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
const hasher = {
  alg: HASH_ALG,
  hasher: (data: string | ArrayBuffer) =>
    new Uint8Array(
      createHash('sha256')
        .update(typeof data === 'string' ? data : new Uint8Array(data))
        .digest(),
    ),
};
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

export async function issueSdJwtVc(input: IssueInput, key: SigningKey, context: IssueContext): Promise<string> {
  const claims = input.claims ?? {};
  const payload = {
    iss: key.did,
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
  const { packedClaims, disclosures } = await pack(payload, frame, hasher, freshSalt);
  const jwt = signCompactJws(
    { typ: input.sdJwtTyp ?? 'dc+sd-jwt', kid: key.kid, alg: key.alg },
    { ...packedClaims, _sd_alg: HASH_ALG },
    key.sign,
  );
  return [jwt, ...disclosures.map((disclosure) => disclosure.encode())].join('~') + '~';
}
