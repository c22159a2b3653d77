// A wallet written from OpenID4VP 1.0 for the tests, on jose and node:crypto (never @openid4vc/*, which the
// service uses): it opens an openid4vp:// link, fetches and checks the signed request object (RFC 9101; §5.10
// with POST), makes presentations (an SD-JWT+KB with only the asked disclosures, RFC 9901 §4.3; a VP JWT for
// jwt_vc_json, Appendix B.1.3.1) and answers at the response_uri (direct_post, or direct_post.jwt encrypted to
// the request's key with ECDH-ES, §8.3). Holder and outside-issuer keys are did:key Ed25519 or a P-256 JWK.
import { createHash, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { CompactEncrypt, SignJWT, compactVerify, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { base58btc } from 'multiformats/bases/base58';
import type { HttpResult, TestApp } from './harness.js';

export type DidKeyHolder = { did: string; kid: string; privateKey: KeyObject; publicJwk: JWK };

/** A fresh Ed25519 did:key with its private key (did:key §3.1: multicodec 0xed01, base58btc). */
export function newDidKey(): DidKeyHolder {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const fingerprint = base58btc.encode(Buffer.concat([Buffer.from([0xed, 0x01]), raw]));
  const did = `did:key:${fingerprint}`;
  return { did, kid: `${did}#${fingerprint}`, privateKey, publicJwk: publicKey.export({ format: 'jwk' }) as JWK };
}

/** A holder key for an SD-JWT's cnf (P-256, as HAIP asks of KB-JWTs). */
export function newHolderKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicJwk: publicKey.export({ format: 'jwk' }) as JWK };
}

/** The public key of an Ed25519 did:key URL. */
function ed25519JwkOfDidKey(didUrl: string): JWK {
  const fingerprint = didUrl.split('#')[0]!.slice('did:key:'.length);
  const bytes = base58btc.decode(fingerprint);
  if (bytes[0] !== 0xed || bytes[1] !== 0x01) throw new Error(`not an Ed25519 did:key: ${didUrl}`);
  return { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes.subarray(2)).toString('base64url') };
}

export type RequestObject = {
  client_id: string;
  response_uri: string;
  response_mode: 'direct_post' | 'direct_post.jwt';
  response_type: string;
  nonce: string;
  state: string;
  dcql_query: any;
  client_metadata: any;
  wallet_nonce?: string;
  aud?: string;
};

/** The path (and query) of an absolute URL of the service, for app.request on whichever instance. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/**
 * Opens an openid4vp:// link on `app` (§5): by reference, fetches the request object (POST with wallet metadata
 * and a wallet_nonce when `post`) and checks it as a wallet must (typ, signature by the client_id's DID, the
 * client_id of the link, the wallet_nonce); by value (redirect_uri client), reads its parameters.
 */
export async function openRequest(
  app: TestApp,
  link: string,
  options: { post?: boolean } = {},
): Promise<{ request: RequestObject; jwt: string | null }> {
  const url = new URL(link);
  if (url.protocol !== 'openid4vp:') throw new Error(`not an openid4vp link: ${link}`);
  const clientId = url.searchParams.get('client_id')!;
  const requestUri = url.searchParams.get('request_uri');
  if (!requestUri) {
    const request = Object.fromEntries(url.searchParams) as Record<string, string>;
    return {
      request: {
        ...(request as unknown as RequestObject),
        dcql_query: JSON.parse(request.dcql_query!),
        client_metadata: JSON.parse(request.client_metadata!),
      },
      jwt: null,
    };
  }
  const walletNonce = options.post ? randomBytes(16).toString('base64url') : undefined;
  const fetched = options.post
    ? await app.request('POST', pathOf(requestUri), {
        rawBody: new URLSearchParams({
          wallet_metadata: JSON.stringify({ vp_formats_supported: { 'dc+sd-jwt': {}, jwt_vc_json: {} } }),
          wallet_nonce: walletNonce!,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/oauth-authz-req+jwt' },
      })
    : await app.request('GET', pathOf(requestUri));
  if (fetched.status !== 200) throw new Error(`request_uri answered ${fetched.status}: ${fetched.text}`);
  if (fetched.headers.get('content-type') !== 'application/oauth-authz-req+jwt')
    throw new Error(`request_uri content type ${fetched.headers.get('content-type')}`);
  const jwt = fetched.text;
  const header = decodeProtectedHeader(jwt);
  if (header.typ !== 'oauth-authz-req+jwt') throw new Error(`request object typ ${header.typ}`);
  // decentralized_identifier: the kid is a verification method of the client_id's DID (§5.9.3).
  const did = clientId.slice('decentralized_identifier:'.length);
  if (!clientId.startsWith('decentralized_identifier:') || !header.kid?.startsWith(`${did}#`))
    throw new Error(`kid ${header.kid} is not a key of ${clientId}`);
  await compactVerify(jwt, await importJWK(ed25519JwkOfDidKey(header.kid), 'EdDSA'));
  const request = decodeJwt(jwt) as unknown as RequestObject;
  if (request.client_id !== clientId) throw new Error('client_id of the link and the request object differ');
  if (request.wallet_nonce !== walletNonce) throw new Error('the request object does not carry our wallet_nonce');
  return { request, jwt };
}

const sha256b64 = (text: string) => createHash('sha256').update(text, 'ascii').digest('base64url');

type Disclosure = { encoded: string; name: string | null; value: unknown };

/** An issued SD-JWT's parts (RFC 9901 §4): the issuer-signed JWT and its disclosures, decoded. */
export function splitIssued(sdJwt: string): { jwt: string; disclosures: Disclosure[] } {
  const [jwt, ...rest] = sdJwt.split('~');
  const disclosures = rest
    .filter((part) => part !== '')
    .map((encoded) => {
      const array = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown[];
      return { encoded, name: array.length === 3 ? (array[1] as string) : null, value: array.at(-1) };
    });
  return { jwt: jwt!, disclosures };
}

/**
 * An SD-JWT+KB (RFC 9901 §4.3): the issuer-signed JWT, the disclosures of `disclose` only, and a KB-JWT over them
 * with aud, nonce, iat and sd_hash, signed by `holderKey` (null: no KB-JWT, the SD-JWT ending in "~").
 */
export async function presentSdJwt(
  sdJwt: string,
  options: {
    disclose: string[];
    holderKey: { privateKey: KeyObject } | null;
    aud: string;
    nonce: string;
    iat?: number;
    alg?: string;
  },
): Promise<string> {
  const { jwt, disclosures } = splitIssued(sdJwt);
  const chosen = disclosures.filter(
    (disclosure) => disclosure.name !== null && options.disclose.includes(disclosure.name),
  );
  const presented = [jwt, ...chosen.map((disclosure) => disclosure.encoded)].join('~') + '~';
  if (!options.holderKey) return presented;
  const kbJwt = await new SignJWT({
    aud: options.aud,
    nonce: options.nonce,
    sd_hash: sha256b64(presented),
  })
    .setProtectedHeader({ typ: 'kb+jwt', alg: options.alg ?? 'ES256' })
    .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
    .sign(options.holderKey.privateKey);
  return presented + kbJwt;
}

/** A VC Data Model 1.1 presentation as a JWT (Appendix B.1.3.1): iss the holder, aud, nonce, vp with the VC. */
export async function presentJwtVc(
  credential: string,
  holder: DidKeyHolder,
  options: { aud: string; nonce: string },
): Promise<string> {
  return new SignJWT({
    nonce: options.nonce,
    vp: {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiablePresentation'],
      verifiableCredential: [credential],
    },
  })
    .setProtectedHeader({ typ: 'JWT', alg: 'EdDSA', kid: holder.kid })
    .setIssuer(holder.did)
    .setAudience(options.aud)
    .setIssuedAt()
    .setJti(`urn:uuid:${randomUUID()}`)
    .sign(holder.privateKey);
}

/**
 * An SD-JWT VC issued outside the service, by a did:key whose key the test holds: every claim selectively
 * disclosable, the holder's key in cnf.
 */
export async function issueOutside(
  issuer: DidKeyHolder,
  options: { vct: string; claims: Record<string, unknown>; holderJwk: JWK; exp?: number; sub?: string },
): Promise<string> {
  const disclosures = Object.entries(options.claims).map(([name, value]) =>
    Buffer.from(JSON.stringify([randomBytes(16).toString('base64url'), name, value]), 'utf8').toString('base64url'),
  );
  const jwt = await new SignJWT({
    iss: issuer.did,
    vct: options.vct,
    cnf: { jwk: options.holderJwk },
    _sd: disclosures.map((disclosure) => sha256b64(disclosure)).sort(),
    _sd_alg: 'sha-256',
    ...(options.sub && { sub: options.sub }),
    ...(options.exp !== undefined && { exp: options.exp }),
  })
    .setProtectedHeader({ typ: 'dc+sd-jwt', alg: 'EdDSA', kid: issuer.kid })
    .setIssuedAt(options.exp !== undefined ? options.exp - 3600 : undefined)
    .sign(issuer.privateKey);
  return [jwt, ...disclosures].join('~') + '~';
}

/**
 * Answers at the request's response_uri on `app` (§8.2): direct_post posts vp_token and state; direct_post.jwt
 * posts `response`, a JWE of them to the request's key (ECDH-ES, `enc`, kid the key's). `parameters` replaces the
 * answer's (an error response, say).
 */
export async function answer(
  app: TestApp,
  request: RequestObject,
  vpToken: Record<string, string[]> | null,
  options: { parameters?: Record<string, unknown>; enc?: 'A128GCM' | 'A256GCM'; plain?: boolean } = {},
): Promise<HttpResult> {
  const parameters = options.parameters ?? { vp_token: vpToken, state: request.state };
  let form: Record<string, string>;
  if (request.response_mode === 'direct_post.jwt' && !options.plain) {
    const jwk = request.client_metadata.jwks.keys[0] as JWK;
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(parameters)))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: options.enc ?? 'A256GCM', kid: jwk.kid })
      .encrypt(await importJWK(jwk, 'ECDH-ES'));
    form = { response: jwe };
  } else {
    form = Object.fromEntries(
      Object.entries(parameters).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
  }
  return postForm(app, request.response_uri, form);
}

export const postForm = (app: TestApp, url: string, form: Record<string, string>) =>
  app.request('POST', pathOf(url), {
    rawBody: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
