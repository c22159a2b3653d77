// vc+sd-jwt: SD-JWT VC (draft-ietf-oauth-sd-jwt-vc, RFC 9901), issued with @sd-jwt/sd-jwt-vc, its status an
// IETF Token Status List reference.
import { createHash, randomBytes } from 'node:crypto';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
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

const SD_JWT_CONFIG = {
  hasher: (data: string | ArrayBuffer) =>
    new Uint8Array(
      createHash('sha256')
        .update(typeof data === 'string' ? data : new Uint8Array(data))
        .digest(),
    ),
  hashAlg: 'sha-256',
  saltGenerator: freshSalt,
} as const;

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
  const signer = (data: string) => Buffer.from(key.sign(Buffer.from(data, 'ascii'))).toString('base64url');
  return new SDJwtVcInstance({ ...SD_JWT_CONFIG, signer, signAlg: key.alg }).issue(payload, frame, {
    header: { typ: input.sdJwtTyp ?? 'dc+sd-jwt', kid: key.kid },
  });
}
