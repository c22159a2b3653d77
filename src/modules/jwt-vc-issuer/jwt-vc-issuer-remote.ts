// JWT VC Issuer Metadata of issuers elsewhere (SD-JWT VC §4), fetched when an SD-JWT VC with an https `iss` is
// verified: from the well-known URL of its `iss` (the segment inserted before the path, §4), through
// src/lib/outbound/remote-json.ts (the webhook SSRF rules, a deadline, a size cap, no redirect, kept for its max-age).
// The document must name exactly that issuer (§4.3); its keys come by value (jwks) or from its jwks_uri, fetched the
// same way.
import type { JWK } from 'jose';
import { createRemoteJson, RemoteJsonError } from '../../lib/outbound/remote-json.js';
import { wellKnownUrl, WELL_KNOWN } from '../oid4vci/issuer-identifier.js';

export const MAX_METADATA_BYTES = 64 * 1024;

/** §4: an https URL with a host, no query, no fragment (and no userinfo, which the SSRF rules refuse anyway). */
export function isHttpsIssuer(iss: string): boolean {
  let url: URL;
  try {
    url = new URL(iss);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.search === '' && !iss.includes('#');
}

type Jwks = { keys: JWK[] };
type Metadata = { issuer: string; jwks?: Jwks; jwksUri?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JWK Set's keys, public members only (RFC 7517 §5): a published private part is not ours to use. */
function asJwks(body: unknown): Jwks {
  if (!isObject(body) || !Array.isArray(body.keys)) throw new Error('not a JWK Set (no keys array)');
  const keys = body.keys.filter(isObject).map((key) => {
    const { kty, crv, x, y, n, e, kid, alg } = key;
    return Object.fromEntries(
      Object.entries({ kty, crv, x, y, n, e, kid, alg }).filter(([, value]) => typeof value === 'string'),
    ) as JWK;
  });
  return { keys };
}

function asMetadata(body: unknown, issuer: string): Metadata {
  if (!isObject(body)) throw new Error('the metadata is not a JSON object');
  // §4.3: a document of another issuer MUST NOT be used.
  if (body.issuer !== issuer) {
    throw new Error(`the metadata is the issuer ${JSON.stringify(body.issuer ?? null)}'s, not ${issuer}'s`);
  }
  const hasJwks = body.jwks !== undefined;
  const hasUri = body.jwks_uri !== undefined;
  if (hasJwks === hasUri) throw new Error('the metadata must hold either jwks or jwks_uri (SD-JWT VC §4.2)');
  if (hasUri) {
    if (typeof body.jwks_uri !== 'string') throw new Error('jwks_uri is not a string');
    return { issuer, jwksUri: body.jwks_uri };
  }
  return { issuer, jwks: asJwks(body.jwks) };
}

export type RemoteJwtVcIssuer = {
  /** The keys the issuer publishes; throws Error saying why when they cannot be had. */
  keys(issuer: string): Promise<JWK[]>;
};

export function createRemoteJwtVcIssuer(options: {
  allowPrivate: boolean;
  timeoutMs: number;
  now?: () => number;
}): RemoteJwtVcIssuer {
  const common = { ...options, maxBytes: MAX_METADATA_BYTES };
  const metadata = createRemoteJson({ ...common, accept: 'application/json', parse: asMetadata });
  const jwkSets = createRemoteJson({
    ...common,
    accept: 'application/jwk-set+json, application/json',
    parse: (body) => asJwks(body),
  });
  return {
    async keys(issuer) {
      try {
        const document = await metadata.get(issuer, () => new URL(wellKnownUrl(issuer, WELL_KNOWN.jwtVcIssuer)));
        if (document.jwks) return document.jwks.keys;
        const uri = document.jwksUri!;
        return (await jwkSets.get(uri, () => new URL(uri))).keys;
      } catch (error) {
        if (error instanceof RemoteJsonError || error instanceof TypeError) throw new Error(error.message);
        throw error;
      }
    },
  };
}
