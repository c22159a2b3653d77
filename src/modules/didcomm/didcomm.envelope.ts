// DIDComm Messaging v2 envelopes (https://identity.foundation/didcomm-messaging/spec/v2.1/) through didcomm-node,
// the WASM build of the reference implementation (sicpa-dlab/didcomm-rust): we never write JOSE for DIDComm
// ourselves. This file adapts the library to the service: DID documents come from our DID methods, secrets are
// the private keys of one tenant's DIDs, and the library's errors become AppErrors with a clear text.
//
// Key agreement keys: an Ed25519 did:key agrees with the X25519 key derived from it (its document already lists
// it, did-key.ts); a P-256 did:key agrees with its own key (ECDH-ES / ECDH-1PU on P-256).
import { createHash, createPrivateKey } from 'node:crypto';
import didcommNode from 'didcomm-node';
import type { DIDDoc, DIDResolver, IMessage, Secret, SecretsResolver, UnpackMetadata } from 'didcomm-node';
import { badRequest } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import type { KeyType } from '../dids/signing-keys.js';

const { Message } = didcommNode;

/** The envelope kinds of the spec §§ 2.2–2.4 (authcrypt and anoncrypt are its two encryptions). */
export const PACKINGS = ['authcrypt', 'anoncrypt', 'signed', 'plaintext'] as const;
export type Packing = (typeof PACKINGS)[number];

/** Anoncrypt content encryption (spec § 5.1.4): A256GCM or XC20P with ECDH-ES+A256KW. */
export const ANONCRYPT_ENC = { A256GCM: 'A256gcmEcdhEsA256kw', XC20P: 'Xc20pEcdhEsA256kw' } as const;

/** The media types of the spec § 2.4 (IANA registrations of DIDComm v2). */
export const MEDIA_TYPES = {
  authcrypt: 'application/didcomm-encrypted+json',
  anoncrypt: 'application/didcomm-encrypted+json',
  signed: 'application/didcomm-signed+json',
  plaintext: 'application/didcomm-plain+json',
} as const satisfies Record<Packing, string>;

export type PlainMessage = IMessage;
export type DidcommSecret = Secret;
export type { DIDDoc as DidcommDidDoc };

/** A DID document as the service's methods write it (DID Core with embedded or referenced methods). */
type CoreDocument = {
  id: string;
  verificationMethod?: { id: string; type: string; controller: string; publicKeyJwk?: unknown }[];
  keyAgreement?: (string | { id: string })[];
  authentication?: (string | { id: string })[];
  service?: { id: string; type: string; serviceEndpoint: unknown }[];
};

/** A DID Core document in the shape the library reads (method ids in the relationships, methods listed once). */
export function toDidcommDoc(document: CoreDocument): DIDDoc {
  const methods = new Map<string, NonNullable<CoreDocument['verificationMethod']>[number]>();
  for (const method of document.verificationMethod ?? []) methods.set(method.id, method);
  const ids = (relation: CoreDocument['keyAgreement']) =>
    (relation ?? []).map((entry) => {
      if (typeof entry === 'string') return entry;
      methods.set(entry.id, entry as never);
      return entry.id;
    });
  const keyAgreement = ids(document.keyAgreement);
  const authentication = ids(document.authentication);
  return {
    id: document.id,
    keyAgreement,
    authentication,
    verificationMethod: [...methods.values()] as DIDDoc['verificationMethod'],
    service: (document.service ?? []) as DIDDoc['service'],
  };
}

/** A resolver over a function from DID to DID Core document (null: unknown). */
export function didcommResolver(resolve: (did: string) => Promise<CoreDocument | null>): DIDResolver {
  return {
    async resolve(did) {
      const document = await resolve(did);
      return document ? toDidcommDoc(document) : null;
    },
  };
}

export function secretsResolver(secrets: readonly Secret[]): SecretsResolver {
  const byId = new Map(secrets.map((secret) => [secret.id, secret]));
  return {
    get_secret: async (id) => byId.get(id) ?? null,
    find_secrets: async (ids) => ids.filter((id) => byId.has(id)),
  };
}

/**
 * The DIDComm secrets of one of our DIDs: its signing key under the signing kid, and its key agreement key
 * under the document's keyAgreement id. For Ed25519 that is X25519 with the scalar RFC 8032 § 5.1.5 derives
 * from the seed (SHA-512, low half; X25519 clamps it, RFC 7748 § 5), whose public key is the birational image of
 * the Ed25519 key that the document lists.
 */
export function secretsOfDid(
  keyType: KeyType,
  privateKeyPkcs8: Uint8Array,
  ids: { signingKid: string; keyAgreementKid: string; keyAgreementJwk: { x: string } },
): Secret[] {
  const jwk = createPrivateKey({ key: Buffer.from(privateKeyPkcs8), format: 'der', type: 'pkcs8' }).export({
    format: 'jwk',
  });
  const signing: Secret = { id: ids.signingKid, type: 'JsonWebKey2020', privateKeyJwk: jwk };
  if (keyType === 'P-256')
    return ids.keyAgreementKid === ids.signingKid ? [signing] : [signing, { ...signing, id: ids.keyAgreementKid }];
  const scalar = createHash('sha512').update(Buffer.from(jwk.d!, 'base64url')).digest().subarray(0, 32);
  scalar[0]! &= 248;
  scalar[31]! &= 127;
  scalar[31]! |= 64;
  return [
    signing,
    {
      id: ids.keyAgreementKid,
      type: 'JsonWebKey2020',
      privateKeyJwk: { kty: 'OKP', crv: 'X25519', x: ids.keyAgreementJwk.x, d: scalar.toString('base64url') },
    },
  ];
}

export type PackOptions = {
  packing: Packing;
  /** The sender DID: authcrypt encrypts from it, signed signs with it. */
  from: string;
  to: string;
  resolver: DIDResolver;
  secrets: SecretsResolver;
  anoncryptEnc?: keyof typeof ANONCRYPT_ENC;
};

/** Packs a plaintext message; returns the envelope as JSON text and the recipient keys it was encrypted to. */
export async function pack(plain: PlainMessage, options: PackOptions): Promise<{ envelope: string; toKids: string[] }> {
  const message = new Message(plain);
  try {
    switch (options.packing) {
      case 'plaintext':
        return { envelope: await message.pack_plaintext(options.resolver), toKids: [] };
      case 'signed': {
        const [envelope] = await message.pack_signed(options.from, options.resolver, options.secrets);
        return { envelope, toKids: [] };
      }
      default: {
        const [envelope, metadata] = await message.pack_encrypted(
          options.to,
          options.packing === 'authcrypt' ? options.from : null,
          null,
          options.resolver,
          options.secrets,
          {
            forward: false,
            enc_alg_anon: ANONCRYPT_ENC[options.anoncryptEnc ?? 'XC20P'],
          },
        );
        return { envelope, toKids: metadata.to_kids };
      }
    }
  } catch (error) {
    throw libraryError(error, 'pack');
  } finally {
    message.free();
  }
}

export type Unpacked = { message: PlainMessage; metadata: UnpackMetadata; packing: Packing };

/** Unpacks (decrypts and/or verifies) an envelope with the given secrets; a failure is a 400 with the reason. */
export async function unpack(envelope: string, resolver: DIDResolver, secrets: SecretsResolver): Promise<Unpacked> {
  let message: InstanceType<typeof Message>;
  let metadata: UnpackMetadata;
  try {
    [message, metadata] = await Message.unpack(envelope, resolver, secrets, {});
  } catch (error) {
    throw libraryError(error, 'unpack');
  }
  try {
    const plain = message.as_value();
    assertAddressingConsistent(plain, metadata);
    const packing: Packing = metadata.encrypted
      ? metadata.authenticated && metadata.encrypted_from_kid
        ? 'authcrypt'
        : 'anoncrypt'
      : metadata.non_repudiation
        ? 'signed'
        : 'plaintext';
    return { message: plain, metadata, packing };
  } finally {
    message.free();
  }
}

/**
 * DIDComm v2.1, Message Layer Addressing Consistency (spec/v2.1/#message-layer-addressing-consistency):
 * `from` MUST be the DID of the skid in an encrypted message and of the signer's kid in a signed one, and a
 * mismatch MUST be an error. The library proves only the keys: without this, a key of A could deliver a
 * message claiming to be from B, stored as B's and answered to B. Anoncrypt proves no sender: its `from` is
 * a claim only, and nothing is answered on it (didcomm.service.ts).
 */
function assertAddressingConsistent(message: PlainMessage, metadata: UnpackMetadata) {
  const didOf = (kid: string) => kid.split('#')[0];
  if (metadata.encrypted_from_kid && message.from !== didOf(metadata.encrypted_from_kid)) {
    throw badRequest(MESSAGES.didcommFromNotSkid);
  }
  if (metadata.sign_from && message.from !== didOf(metadata.sign_from)) {
    throw badRequest(MESSAGES.didcommFromNotSigner);
  }
}

/** The library's error names (didcomm-rust ErrorKind) as our answers. */
const REASONS: Record<string, string> = {
  DIDCommDIDNotResolved: 'a DID could not be resolved',
  DIDCommDIDUrlNotFound: 'a key the envelope names is not in its DID document',
  DIDCommSecretNotFound: 'no key of the recipient can open this envelope',
  DIDCommMalformed: 'the envelope is malformed or could not be decrypted or verified',
  DIDCommNoCompatibleCrypto: 'the sender and recipient have no key agreement keys of a common curve',
  DIDCommUnsupported: 'the envelope uses a key type or algorithm this service does not support',
  DIDCommIllegalArgument: 'the message is not valid DIDComm',
  DIDCommMessageUntrusted: 'the message cannot be trusted',
};

export class DidcommLibraryError extends Error {
  constructor(
    readonly kind: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'DidcommLibraryError';
  }
}

function libraryError(error: unknown, step: 'pack' | 'unpack') {
  const name = error instanceof Error ? error.name : '';
  const reason = REASONS[name];
  if (!reason) return error; // IoError, InvalidState: our bug or an outage, a 500 with the cause logged
  const detail = error instanceof Error ? error.message : String(error);
  const answer = badRequest(`DIDComm ${step} failed: ${reason} (${detail})`);
  (answer as { cause?: unknown }).cause = new DidcommLibraryError(name, detail);
  return answer;
}
