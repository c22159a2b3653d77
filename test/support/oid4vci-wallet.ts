// A wallet written from OpenID4VCI 1.0 and RFC 9449 for the tests, with jose and node:crypto only (never the
// @openid4vc libraries the service uses): it reads an offer, the issuer's metadata, redeems the pre-authorized code
// (with a DPoP key, retrying once with the server's DPoP nonce, or as a bearer), fetches c_nonces and asks for
// credentials with `jwt` key proofs, polling the deferred credential endpoint when the issuer defers them. Each step
// can be bent by the tests of hostile wallets. For the authorization code flow: PKCE (RFC 7636) with node:crypto,
// the pushed request (RFC 9126), and a browser that follows Location headers with node:http.
import { createHash, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import * as jose from 'jose';
import { base58btc } from 'multiformats/bases/base58';
import type { HttpResult, TestApp } from './harness.js';

export type Alg = 'EdDSA' | 'ES256';

export type WalletKey = { alg: Alg; privateKey: KeyObject; publicJwk: jose.JWK; did: string; kid: string };

/** A fresh holder key (Ed25519 for EdDSA, P-256 for ES256) and its did:key (multicodec 0xed / 0x1200). */
export function walletKey(alg: Alg = 'ES256'): WalletKey {
  const { privateKey, publicKey } =
    alg === 'EdDSA' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as jose.JWK;
  const publicJwk =
    alg === 'EdDSA' ? { kty: 'OKP', crv: 'Ed25519', x: jwk.x } : { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
  let multikey: Buffer;
  if (alg === 'EdDSA') {
    multikey = Buffer.concat([Buffer.from([0xed, 0x01]), Buffer.from(jwk.x!, 'base64url')]);
  } else {
    const y = Buffer.from(jwk.y!, 'base64url');
    const point = Buffer.concat([Buffer.from([y[31]! & 1 ? 0x03 : 0x02]), Buffer.from(jwk.x!, 'base64url')]);
    multikey = Buffer.concat([Buffer.from([0x80, 0x24]), point]);
  }
  const fingerprint = base58btc.encode(multikey);
  const did = `did:key:${fingerprint}`;
  return { alg, privateKey, publicJwk, did, kid: `${did}#${fingerprint}` };
}

export const seconds = (date = new Date()) => Math.floor(date.getTime() / 1000);
const b64urlSha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A DPoP proof (RFC 9449 §4.2) for `method url`, with ath of `accessToken` and the server's nonce when given. */
export function dpopProof(
  key: WalletKey,
  method: string,
  url: string,
  options: { nonce?: string; accessToken?: string; jti?: string; iat?: number; header?: object } = {},
) {
  return new jose.SignJWT({
    htm: method,
    htu: url,
    jti: options.jti ?? randomUUID(),
    iat: options.iat ?? seconds(),
    ...(options.nonce && { nonce: options.nonce }),
    ...(options.accessToken && { ath: b64urlSha256(options.accessToken) }),
  })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: key.alg, jwk: key.publicJwk, ...options.header })
    .sign(key.privateKey);
}

/** A `jwt` key proof (OpenID4VCI 1.0 Appendix F.1): the key as `jwk`, or as a did:key `kid`. */
export function keyProof(
  key: WalletKey,
  options: {
    aud: string;
    nonce?: string;
    iat?: number;
    as?: 'jwk' | 'kid';
    typ?: string;
    header?: object;
    payload?: object;
  },
) {
  return new jose.SignJWT({
    aud: options.aud,
    iat: options.iat ?? seconds(),
    ...(options.nonce !== undefined && { nonce: options.nonce }),
    ...options.payload,
  })
    .setProtectedHeader({
      typ: options.typ ?? 'openid4vci-proof+jwt',
      alg: key.alg,
      ...(options.as === 'kid' ? { kid: key.kid } : { jwk: key.publicJwk }),
      ...options.header,
    })
    .sign(key.privateKey);
}

export type CredentialOffer = {
  credential_issuer: string;
  credential_configuration_ids: string[];
  grants: Record<
    string,
    { 'pre-authorized_code': string; tx_code?: { length?: number; input_mode?: string }; issuer_state?: string }
  >;
};

/** A PKCE pair (RFC 7636 §4.1, §4.2): a 43-character verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export type BrowserHop = { url: string; status: number; location: string | null; body: string };

/** One GET as a browser makes it (node:http), redirects not followed. */
export function browserGet(url: string): Promise<BrowserHop> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'GET', headers: { accept: 'text/html' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          url,
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A browser following Location headers from `url` (RFC 9110 §15.4) until an answer that is not a redirect. */
export async function followRedirects(url: string, maxHops = 10): Promise<BrowserHop[]> {
  const hops: BrowserHop[] = [];
  let next: string | null = url;
  while (next !== null) {
    if (hops.length === maxHops)
      throw new Error(`more than ${maxHops} redirects: ${hops.map((h) => h.url).join(' → ')}`);
    const hop = await browserGet(next);
    hops.push(hop);
    next = hop.status >= 300 && hop.status < 400 && hop.location ? new URL(hop.location, hop.url).toString() : null;
  }
  return hops;
}

const PRE_AUTHORIZED = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

export type WalletOptions = {
  /** The wallet's DPoP key; null or absent: a bearer wallet. */
  dpop?: WalletKey | null;
  /** The issuer's public base URL (PUBLIC_BASE_URL): default the app's own address. */
  publicBase?: string;
  /** Which instance of the service serves a request for `url` (several behind one PUBLIC_BASE_URL); default `app`. */
  route?: (url: string) => TestApp;
};

/** The wallet's view of one issuer, through the test app (absolute URLs of the issuer are requested by path). */
export function createWallet(defaultApp: TestApp, options: WalletOptions = {}) {
  const base = options.publicBase ?? defaultApp.url;
  const pathOf = (url: string) => {
    if (!url.startsWith(base)) throw new Error(`${url} is not under ${base}`);
    return url.slice(base.length);
  };
  /** The instance that serves `url` (or the path of one). */
  const via = (url: string) => options.route?.(url) ?? defaultApp;
  const app = {
    request: (method: string, path: string, request?: Parameters<TestApp['request']>[2]) =>
      via(path).request(method, path, request),
  };
  let dpopNonce: string | undefined;
  const rememberNonce = (response: HttpResult) => {
    dpopNonce = response.headers.get('dpop-nonce') ?? dpopNonce;
    return response;
  };

  async function offerFrom(offerUri: string): Promise<CredentialOffer> {
    const url = new URL(offerUri);
    if (url.protocol !== 'openid-credential-offer:') throw new Error(`not an offer URI: ${offerUri}`);
    const byReference = url.searchParams.get('credential_offer_uri');
    if (!byReference) return JSON.parse(url.searchParams.get('credential_offer')!);
    const response = await app.request('GET', pathOf(byReference));
    if (response.status !== 200) throw new Error(`offer: ${response.status} ${response.text}`);
    return response.body;
  }

  /** RFC 8615 path insertion: scheme://host/.well-known/<name><path of the identifier>. */
  async function metadata(issuer: string, name = 'openid-credential-issuer') {
    const url = new URL(issuer);
    const path = url.pathname === '/' ? '' : url.pathname;
    const response = await app.request('GET', `/.well-known/${name}${path}`);
    if (response.status !== 200) throw new Error(`metadata: ${response.status} ${response.text}`);
    return response.body;
  }

  /** The token request; with a DPoP key, sent once without a nonce and once more with the one the server gives. */
  async function tokenRequest(
    tokenEndpoint: string,
    code: string,
    txCode?: string,
    extra: Record<string, string> = {},
  ) {
    const body = new URLSearchParams({ grant_type: PRE_AUTHORIZED, 'pre-authorized_code': code, ...extra });
    if (txCode !== undefined) body.set('tx_code', txCode);
    return formTokenRequest(tokenEndpoint, body);
  }

  /** The authorization code grant's token request (RFC 6749 §4.1.3, RFC 7636 §4.5), DPoP as tokenRequest. */
  async function authorizationCodeTokenRequest(
    tokenEndpoint: string,
    parameters: { code: string; code_verifier: string; redirect_uri: string; client_id: string },
  ) {
    return formTokenRequest(tokenEndpoint, new URLSearchParams({ grant_type: 'authorization_code', ...parameters }));
  }

  /** A pushed authorization request (RFC 9126 §2.1): the parameters form-encoded. */
  async function pushAuthorizationRequest(parEndpoint: string, parameters: Record<string, string>) {
    const body = new URLSearchParams(parameters).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    return app.request('POST', pathOf(parEndpoint), { rawBody: body, headers });
  }

  async function formTokenRequest(tokenEndpoint: string, body: URLSearchParams) {
    const send = async () => {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (options.dpop) headers.dpop = await dpopProof(options.dpop, 'POST', tokenEndpoint, { nonce: dpopNonce });
      return rememberNonce(await app.request('POST', pathOf(tokenEndpoint), { rawBody: body.toString(), headers }));
    };
    const first = await send();
    if (options.dpop && first.status === 400 && first.body?.error === 'use_dpop_nonce') return send();
    return first;
  }

  async function nonce(nonceEndpoint: string): Promise<string> {
    const response = rememberNonce(await app.request('POST', pathOf(nonceEndpoint)));
    if (response.status !== 200) throw new Error(`nonce: ${response.status} ${response.text}`);
    return response.body.c_nonce;
  }

  /** POSTs a request to a protected endpoint with the access token (and a DPoP proof bound to it). */
  async function credentialRequest(credentialEndpoint: string, accessToken: string, body: unknown) {
    const headers: Record<string, string> = {
      authorization: `${options.dpop ? 'DPoP' : 'Bearer'} ${accessToken}`,
    };
    if (options.dpop) {
      headers.dpop = await dpopProof(options.dpop, 'POST', credentialEndpoint, { nonce: dpopNonce, accessToken });
    }
    return rememberNonce(await app.request('POST', pathOf(credentialEndpoint), { body, headers }));
  }

  /**
   * The Deferred Credential Request (OpenID4VCI 1.0 §9.1) of a transaction_id, with the access token of the
   * credential request that got it: 200 with the credentials, or 202 with the transaction_id and an interval.
   */
  const deferredRequest = (deferredEndpoint: string, accessToken: string, transactionId: string) =>
    credentialRequest(deferredEndpoint, accessToken, { transaction_id: transactionId });

  /**
   * The pre-authorized flow up to the credential response, whatever it is (§8.3: 200 with credentials, or 202 with a
   * transaction_id and interval for a deferred issuance), for the tests to look at.
   */
  async function ask(offerUri: string, configurationId: string, keys: WalletKey[], txCode?: string) {
    const offer = await offerFrom(offerUri);
    const issuerMetadata = await metadata(offer.credential_issuer);
    const asMetadata = await metadata(offer.credential_issuer, 'oauth-authorization-server');
    const token = await tokenRequest(
      asMetadata.token_endpoint,
      offer.grants[PRE_AUTHORIZED]!['pre-authorized_code'],
      txCode,
    );
    if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
    const cNonce = await nonce(issuerMetadata.nonce_endpoint);
    const proofs = await Promise.all(keys.map((key) => keyProof(key, { aud: offer.credential_issuer, nonce: cNonce })));
    const response = await credentialRequest(issuerMetadata.credential_endpoint, token.body.access_token, {
      credential_configuration_id: configurationId,
      proofs: { jwt: proofs },
    });
    return {
      offer,
      issuerMetadata,
      asMetadata,
      token: token.body as { access_token: string; token_type: string; expires_in: number },
      response,
    };
  }

  /**
   * The whole pre-authorized flow for one configuration: offer, metadata, token, c_nonce, one proof per key.
   * Answers the credentials, and what the steps returned for the tests to look at.
   */
  async function receive(offerUri: string, configurationId: string, keys: WalletKey[], txCode?: string) {
    const { response, ...steps } = await ask(offerUri, configurationId, keys, txCode);
    if (response.status !== 200) throw new Error(`credential: ${response.status} ${response.text}`);
    return {
      ...steps,
      response: response.body as { credentials: { credential: string }[]; notification_id: string },
      credentials: (response.body.credentials as { credential: string }[]).map((entry) => entry.credential),
    };
  }

  return {
    offerFrom,
    metadata,
    tokenRequest,
    authorizationCodeTokenRequest,
    pushAuthorizationRequest,
    nonce,
    credentialRequest,
    deferredRequest,
    ask,
    receive,
    /** The last DPoP-Nonce the issuer gave, and the wallet's DPoP key (null: a bearer wallet). */
    get dpopNonce() {
      return dpopNonce;
    },
    dpopKey: options.dpop ?? null,
  };
}

export type Wallet = ReturnType<typeof createWallet>;
