// Issue Credential 3.0 over DIDComm: a credential issued with deliver_to reaches the holder's DID in an
// issue-credential message whose attachment, once unpacked, is the credential, verifying in did-jwt-vc and
// @sd-jwt/sd-jwt-vc; the issue needs didcomm:send as well, and a holder DID that cannot be reached is refused
// before anything is issued.
import { createHash } from 'node:crypto';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver } from 'did-resolver';
import * as jose from 'jose';
import { getResolver } from 'key-did-resolver';
import { base58btc } from 'multiformats/bases/base58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { registerUser, type RegisteredUser } from '../support/factories.js';
import { expectError } from '../support/contract.js';

const keyDidResolver = new Resolver(getResolver()) as unknown as Parameters<typeof verifyCredential>[1];
const ISSUE_CREDENTIAL = 'https://didcomm.org/issue-credential/3.0/issue-credential';

let app: TestApp;
let issuer: RegisteredUser;
let issuerDid: string;
let holder: RegisteredUser;
let holderDid: string;

async function ok(response: Promise<{ status: number; text: string; body: any }>) {
  const result = await response;
  expect(result.status, result.text).toBe(200);
  return result.body;
}

const createDid = async (tenant: RegisteredUser) =>
  (await ok(app.request('POST', '/v1/dids', { token: tenant.token, body: { key_type: 'Ed25519' } }))).did as string;

/** The credential the holder's inbox got in the issue-credential message of `messageId`'s thread. */
async function received(credentialId: string) {
  const { messages } = await ok(
    app.request('GET', `/v1/didcomm/messages?direction=inbound&type=${encodeURIComponent(ISSUE_CREDENTIAL)}`, {
      token: holder.token,
    }),
  );
  const message = messages.find((m: any) => m.message.attachments?.[0]?.id === credentialId);
  expect(message, 'the holder received it').toBeDefined();
  expect(message).toMatchObject({ did: holderDid, from: issuerDid, message: { type: ISSUE_CREDENTIAL } });
  const [attachment] = message.message.attachments;
  return { attachment, credential: Buffer.from(attachment.data.base64, 'base64url').toString('utf8') };
}

/** The Ed25519 public key a did:key names (multicodec 0xed01), as jose verifies with it. */
function didKeyPublicKey(did: string) {
  const raw = base58btc.decode(did.slice('did:key:'.length)).subarray(2);
  return jose.importJWK({ kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, 'EdDSA');
}

beforeAll(async () => {
  app = await startTestApp();
  issuer = await registerUser(app);
  issuerDid = await createDid(issuer);
  holder = await registerUser(app);
  holderDid = await createDid(holder);
});
afterAll(() => app?.close());

describe('POST /v1/credentials/issue with deliver_to', () => {
  it('jwt_vc_json: the holder’s inbox gets it in an issue-credential message; it verifies with did-jwt-vc', async () => {
    const issued = await ok(
      app.request('POST', '/v1/credentials/issue', {
        token: issuer.token,
        body: {
          format: 'jwt_vc_json',
          issuer: issuerDid,
          subject_id: holderDid,
          claims: { degree: 'BSc' },
          deliver_to: holderDid,
        },
      }),
    );
    expect(issued.delivery).toEqual({ message_id: expect.any(String), to: holderDid, status: 'inbox', detail: null });
    const { attachment, credential } = await received(issued.id);
    expect(attachment).toMatchObject({ media_type: 'application/jwt', format: 'jwt_vc_json' });
    expect(credential).toBe(issued.credential);
    const verified = await verifyCredential(credential, keyDidResolver);
    expect(verified.verifiableCredential.credentialSubject).toMatchObject({ id: holderDid, degree: 'BSc' });
    // The issuer's side: the message it sent.
    const sent = await ok(
      app.request('GET', `/v1/didcomm/messages/${issued.delivery.message_id}`, { token: issuer.token }),
    );
    expect(sent).toMatchObject({ direction: 'outbound', to: [holderDid], type: ISSUE_CREDENTIAL });
  });

  it('vc+sd-jwt over GraphQL: delivered, and it verifies with @sd-jwt/sd-jwt-vc', async () => {
    const result = await app.graphql(
      `mutation ($input: IssueCredentialInput!) { issueCredential(input: $input) { id credential delivery { messageId to status } } }`,
      {
        input: {
          format: 'vc_sd_jwt',
          issuer: issuerDid,
          vct: 'https://credentials.example.com/degree',
          claims: { degree: 'MSc' },
          deliverTo: holderDid,
        },
      },
      issuer.token,
    );
    expect(result.body.errors, result.text).toBeUndefined();
    const issued = result.body.data.issueCredential;
    expect(issued.delivery).toMatchObject({ to: holderDid, status: 'inbox' });
    const { attachment, credential } = await received(issued.id);
    expect(attachment).toMatchObject({ media_type: 'application/dc+sd-jwt', format: 'vc+sd-jwt' });
    expect(credential).toBe(issued.credential);
    const key = await didKeyPublicKey(issuerDid);
    const sdJwt = new SDJwtVcInstance({
      hasher: (data: string | ArrayBuffer) =>
        new Uint8Array(
          createHash('sha256')
            .update(typeof data === 'string' ? data : new Uint8Array(data))
            .digest(),
        ),
      hashAlg: 'sha-256',
      verifier: async (data, signature) => {
        try {
          await jose.compactVerify(`${data}.${signature}`, key);
          return true;
        } catch {
          return false;
        }
      },
      loadTypeMetadataFormat: false,
    });
    const verified = await sdJwt.verify(credential);
    expect(verified.payload).toMatchObject({ iss: issuerDid, vct: 'https://credentials.example.com/degree' });
  });

  it('without didcomm:send it is refused before anything is issued; so is a holder DID that cannot be reached', async () => {
    const key = await ok(
      app.request('POST', '/v1/admin/api-keys', {
        token: issuer.token,
        body: { scopes: ['credentials:issue', 'usage:read'] },
      }),
    );
    const before = await ok(app.request('GET', '/v1/admin/usage', { token: issuer.token }));
    const body = { format: 'jwt_vc_json', issuer: issuerDid, claims: { degree: 'BSc' }, deliver_to: holderDid };
    expectError(
      await app.request('POST', '/v1/credentials/issue', { token: key.key, body }),
      403,
      'API key missing scope: didcomm:send',
    );
    expectError(
      await app.request('POST', '/v1/credentials/issue', {
        token: issuer.token,
        body: { ...body, deliver_to: 'did:example:nobody-can-resolve-this' },
      }),
      400,
      'the recipient DID did:example:nobody-can-resolve-this could not be resolved',
    );
    const after = await ok(app.request('GET', '/v1/admin/usage', { token: issuer.token }));
    expect(after.credentials_issued_this_month).toBe(before.credentials_issued_this_month);
  });

  it('an issue without deliver_to answers as before: no delivery field', async () => {
    const issued = await ok(
      app.request('POST', '/v1/credentials/issue', {
        token: issuer.token,
        body: { format: 'jwt_vc_json', issuer: issuerDid, claims: { degree: 'BSc' } },
      }),
    );
    expect(issued).not.toHaveProperty('delivery');
  });
});
