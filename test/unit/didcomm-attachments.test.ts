// Which data subjects a DIDComm message's attachments carry credentials about (erasure finds messages by them).
import { describe, expect, it } from 'vitest';
import { attachmentSubjects, messageSubjects } from '../../src/modules/didcomm/didcomm.attachments.js';
import { erasureNotices } from '../../src/modules/didcomm/erasure-notices.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'EdDSA' })}.${b64url(payload)}.c2ln`;

describe('attachmentSubjects', () => {
  it('reads sub and vc.credentialSubject.id of a JWT credential, base64url or base64, and of an SD-JWT', () => {
    const vc = jwt({ sub: 'did:example:a', vc: { credentialSubject: [{ id: 'did:example:b' }, { name: 'x' }] } });
    const base64url = { id: '1', data: { base64: Buffer.from(vc).toString('base64url') } };
    expect(attachmentSubjects(base64url)).toEqual(['did:example:a', 'did:example:b']);
    expect(attachmentSubjects({ data: { base64: Buffer.from(vc).toString('base64') } })).toEqual([
      'did:example:a',
      'did:example:b',
    ]);
    const sdJwt = `${jwt({ sub: 'did:example:c', vct: 'x' })}~WyJzIiwibiIsInYiXQ~`;
    expect(attachmentSubjects({ data: { json: sdJwt } })).toEqual(['did:example:c']);
  });

  it('reads a JSON credential’s credentialSubject.id, as an object or as JSON text', () => {
    const credential = { type: ['VerifiableCredential'], credentialSubject: { id: 'did:example:d' } };
    expect(attachmentSubjects({ data: { json: credential } })).toEqual(['did:example:d']);
    expect(attachmentSubjects({ data: { json: JSON.stringify(credential) } })).toEqual(['did:example:d']);
  });

  it('finds nothing in links, text, malformed base64 or non-objects', () => {
    for (const attachment of [
      { data: { links: ['https://example.com/c'] } },
      { data: { json: 'hello' } },
      { data: { base64: '!!!' } },
      { data: { json: 42 } },
      null,
      'x',
      { data: { json: `${b64url({})}.bm90IGpzb24.c2ln` } },
    ]) {
      expect(attachmentSubjects(attachment)).toEqual([]);
    }
    expect(messageSubjects({})).toEqual([]);
    expect(messageSubjects({ attachments: 'nope' })).toEqual([]);
  });

  it('lists each subject of a message once', () => {
    const attachment = { data: { json: jwt({ sub: 'did:example:a' }) } };
    expect(messageSubjects({ attachments: [attachment, attachment] })).toEqual(['did:example:a']);
  });
});

describe('erasureNotices', () => {
  const attachment = { id: 'cred-1', format: 'jwt_vc_json', data: { json: jwt({ sub: 'did:example:s' }) } };
  const row = (over: Record<string, unknown>) =>
    ({
      id: 'row',
      direction: 'outbound',
      messageId: 'm1',
      fromDid: 'did:key:issuer',
      toDids: ['did:key:holder'],
      thid: null,
      delivery: 'inbox',
      plaintext: { attachments: [attachment] },
      ...over,
    }) as never;

  it('one per credential about the subject that reached a recipient whose copy was not erased with it', () => {
    expect(erasureNotices([row({})], 'did:example:s')).toEqual([
      {
        from: 'did:key:issuer',
        to: 'did:key:holder',
        thid: 'm1',
        body: {
          credential_id: 'cred-1',
          revocation_format: 'jwt_vc_json',
          comment: 'Revoked and erased at the request of its data subject (GDPR Art. 17).',
        },
      },
    ]);
    expect(erasureNotices([row({ delivery: 'delivered', thid: 't' })], 'did:example:s')[0]).toMatchObject({
      thid: 't',
    });
  });

  it('none for a copy erased too (same tenant), a message returned or failed, inbound, or another subject', () => {
    expect(erasureNotices([row({}), row({ direction: 'inbound', delivery: 'received' })], 'did:example:s')).toEqual([]);
    expect(erasureNotices([row({ delivery: 'returned' }), row({ delivery: 'failed' })], 'did:example:s')).toEqual([]);
    expect(erasureNotices([row({})], 'did:example:other')).toEqual([]);
  });
});
