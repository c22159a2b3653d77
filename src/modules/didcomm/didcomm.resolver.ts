// The DID documents DIDComm packing reads: every did:key (ours or not) through our DID methods, and did:peer:2
// (https://identity.foundation/peer-did-method-spec/#method-2-multiple-inception-key-without-doc), the method
// DIDComm agents use most, because it carries the DIDCommMessaging service endpoint in the DID itself and a
// did:key cannot. Resolving either is a pure function of the string: no network fetch.
import { varint } from 'multiformats';
import { base58btc } from 'multiformats/bases/base58';
import { didMethodOf } from '../dids/methods/index.js';
import { didcommResolver } from './didcomm.envelope.js';

type Method = { id: string; type: 'JsonWebKey2020'; controller: string; publicKeyJwk: Record<string, string> };
type Document = {
  id: string;
  verificationMethod: Method[];
  keyAgreement: string[];
  authentication: string[];
  service: { id: string; type: string; serviceEndpoint: unknown }[];
};

const ED25519_PUB = 0xed;
const X25519_PUB = 0xec;
const PEER_2 = /^did:peer:2((?:\.[AEVIDS][A-Za-z0-9_=-]+)+)$/;

/** The DID Core document of a DID we can resolve for DIDComm, or null. */
export async function didcommDocument(did: string): Promise<Document | Record<string, unknown> | null> {
  if (did.startsWith('did:peer:2')) return peer2Document(did);
  const method = didMethodOf(did);
  if (!method) return null;
  const result = await method.resolve(did);
  return (result.didDocument as Record<string, unknown> | null) ?? null;
}

export const didcommDidResolver = didcommResolver(didcommDocument as Parameters<typeof didcommResolver>[0]);

/** did:peer:2: `.E` key agreement and `.V` authentication multikeys, `.S` base64url services (abbreviated JSON). */
export function peer2Document(did: string): Document | null {
  const match = PEER_2.exec(did);
  if (!match || did.length > 4096) return null;
  const document: Document = { id: did, verificationMethod: [], keyAgreement: [], authentication: [], service: [] };
  let keys = 0;
  for (const element of match[1]!.slice(1).split('.')) {
    const purpose = element[0];
    const value = element.slice(1);
    if (purpose === 'S') {
      const service = decodeService(value);
      if (!service) return null;
      const index = document.service.length;
      document.service.push({ ...service, id: `${did}#${index === 0 ? 'service' : `service-${index}`}` });
      continue;
    }
    const jwk = jwkOfMultikey(value);
    if (!jwk) return null;
    const id = `${did}#key-${++keys}`;
    document.verificationMethod.push({ id, type: 'JsonWebKey2020', controller: did, publicKeyJwk: jwk });
    if (purpose === 'E' && jwk.crv === 'X25519') document.keyAgreement.push(id);
    else if (purpose === 'V' && jwk.crv === 'Ed25519') document.authentication.push(id);
  }
  return document;
}

function jwkOfMultikey(multibase: string): Record<string, string> | null {
  try {
    const bytes = base58btc.decode(multibase);
    const [code, length] = varint.decode(bytes);
    const key = bytes.subarray(length);
    if (key.length !== 32) return null;
    const x = Buffer.from(key).toString('base64url');
    if (code === X25519_PUB) return { kty: 'OKP', crv: 'X25519', x };
    if (code === ED25519_PUB) return { kty: 'OKP', crv: 'Ed25519', x };
    return null;
  } catch {
    return null;
  }
}

/** The spec's abbreviations: t → type ("dm" → DIDCommMessaging), s → serviceEndpoint, r → routingKeys, a → accept. */
function decodeService(value: string): { type: string; serviceEndpoint: unknown } | null {
  try {
    const raw = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;
    const type = raw.t ?? raw.type;
    const endpoint = raw.s ?? raw.serviceEndpoint;
    const expand = (inner: unknown) =>
      typeof inner === 'object' && inner !== null
        ? {
            uri: (inner as Record<string, unknown>).uri,
            accept: (inner as Record<string, unknown>).a ?? (inner as Record<string, unknown>).accept ?? [],
            routing_keys: (inner as Record<string, unknown>).r ?? (inner as Record<string, unknown>).routingKeys ?? [],
          }
        : { uri: inner, accept: [], routing_keys: [] };
    return { type: type === 'dm' ? 'DIDCommMessaging' : String(type), serviceEndpoint: expand(endpoint) };
  } catch {
    return null;
  }
}
