// Publishing status lists (public, unauthenticated) and answering status questions about our own lists.
// A rendering is signed by the DID that issued into the list and cached until the list's version changes.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { signCompactJws } from '../../lib/jws.js';
import { isUuid } from '../../lib/pagination.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import {
  bitstringStatusListCredential,
  bitstringStatusListJwtClaims,
  encodeBitstring,
  encodeTokenStatusList,
  isSet,
  tokenStatusListClaims,
} from './status-list.codec.js';
import { findStatusList } from './status-lists.repository.js';
import { createIndexReservations } from './index-reservations.js';

export const STATUS_LIST_PATH = '/v1/status-lists/';
/** How long relying parties may cache a list: also the Token Status List `ttl` (draft §5.1). */
export const STATUS_LIST_TTL_SECONDS = 300;

export type PublishedStatusList = { body: string; contentType: string; etag: string; lastModified: Date };

export type StatusListsDeps = {
  prisma: PrismaClient;
  issuerKeys: IssuerKeys;
  /** The service's public base URL (known once the server listens when not configured). */
  publicBaseUrl: () => string;
};

export function createStatusListsService({ prisma, issuerKeys, publicBaseUrl }: StatusListsDeps) {
  const rendered = new Map<string, { version: number; published: PublishedStatusList }>();
  const urlFor = (listId: string) => `${publicBaseUrl()}${STATUS_LIST_PATH}${listId}`;

  const reservations = createIndexReservations(prisma);

  async function allocate(tenantId: string, didId: string, format: 'bitstring' | 'token') {
    const { listId, index } = await reservations.next(tenantId, didId, format);
    return { listId, index, url: urlFor(listId) };
  }

  async function publish(listId: string): Promise<PublishedStatusList | null> {
    if (!isUuid(listId)) return null;
    const list = await findStatusList(prisma, listId);
    if (!list) return null;
    const cached = rendered.get(list.id);
    if (cached && cached.version === list.version) return cached.published;
    const key = await issuerKeys.signingKey(list.tenantId, list.did.did);
    const now = new Date();
    const iat = Math.floor(now.getTime() / 1000);
    let body: string;
    let contentType: string;
    if (list.format === 'bitstring') {
      const credential = bitstringStatusListCredential({
        id: urlFor(list.id),
        issuer: list.did.did,
        validFrom: now,
        encodedList: encodeBitstring(list.bits),
        statusPurpose: 'revocation',
      });
      const { header, claims } = bitstringStatusListJwtClaims(credential, {
        iss: key.did,
        kid: key.kid,
        alg: key.alg,
        iat,
      });
      body = signCompactJws(header, claims, key.sign);
      contentType = 'application/vc+jwt';
    } else {
      const { header, claims } = tokenStatusListClaims({
        sub: urlFor(list.id),
        iss: key.did,
        iat,
        ttl: STATUS_LIST_TTL_SECONDS,
        lst: encodeTokenStatusList(list.bits),
        alg: key.alg,
        kid: key.kid,
      });
      body = signCompactJws(header, claims, key.sign);
      contentType = 'application/statuslist+jwt';
    }
    const published = { body, contentType, etag: `"${list.id}.${list.version}"`, lastModified: list.updatedAt };
    rendered.set(list.id, { version: list.version, published });
    return published;
  }

  /** The status of an entry of one of our own lists; 'unknown' for any other URI (we fetch nothing). */
  async function statusOf(uri: string, index: number): Promise<'valid' | 'revoked' | 'unknown'> {
    const prefix = publicBaseUrl() + STATUS_LIST_PATH;
    if (!uri.startsWith(prefix)) return 'unknown';
    const listId = uri.slice(prefix.length);
    if (!isUuid(listId)) return 'unknown';
    const list = await findStatusList(prisma, listId);
    if (!list || !Number.isInteger(index) || index < 0 || index >= list.size) return 'unknown';
    return isSet(list.format, list.bits, index) ? 'revoked' : 'valid';
  }

  return { allocate, publish, statusOf, urlFor };
}

export type StatusListsService = ReturnType<typeof createStatusListsService>;
