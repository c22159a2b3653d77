// Publishing status lists (public, unauthenticated) and answering status questions about our own lists.
// A rendering is signed by the DID that issued into the list and cached until the list's version changes or
// it is STATUS_LIST_TTL_SECONDS old, so that a served Token Status List always has most of its `exp` ahead.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { signCompactJws } from '../../lib/jws.js';
import { isUuid } from '../../lib/pagination.js';
import { sharedReads } from '../../lib/shared-reads.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import {
  bitstringStatusListCredential,
  bitstringStatusListJwtClaims,
  encodeBitstring,
  encodeTokenStatusList,
  isSet,
  STATUS_LIST_PURPOSE,
  tokenStatusListClaims,
  type StatusListFormat,
} from './status-list.codec.js';
import { findPublishedStatusList, findStatusListEntry, findStatusListVersion } from './status-lists.repository.js';
import type { PreparedSql } from '../../db/database.js';
import { judgeStatus } from './status-lists.policy.js';
import { createIndexReservations } from './index-reservations.js';
import type { StatusAnswer, StatusReference } from './status-reference.js';

export const STATUS_LIST_PATH = '/v1/status-lists/';
/** How long relying parties may cache a list: also the Token Status List `ttl` (draft §5.1). */
export const STATUS_LIST_TTL_SECONDS = 300;
/**
 * A Status List Token's lifetime, `exp` − `iat` (draft §5.1 recommends `exp`): four cache periods. A relying
 * party that refreshes every `ttl` always holds an unexpired token (we re-sign at least every `ttl`), while a
 * stale copy (one from before a revocation, replayed or cached too long) stops being accepted after 20 min.
 */
export const STATUS_LIST_VALIDITY_SECONDS = 4 * STATUS_LIST_TTL_SECONDS;

export type PublishedStatusList = { body: string; contentType: string; etag: string; lastModified: Date };

export type StatusListsDeps = {
  prisma: PrismaClient;
  sql: PreparedSql;
  issuerKeys: IssuerKeys;
  /**
   * The configured public base URL (known once the server listens when not configured): for callers that have
   * no request's (src/http/public-base-url.ts), and for recognising our own lists when verifying.
   */
  publicBaseUrl: () => string;
  /** The tenant holding a host as a verified custom domain: lists are ours under its https:// URL too. */
  hostHolder?: (host: string) => Promise<string | null>;
  /**
   * The tenant whose credential issuer identifier an https `iss` is (jwt-vc-issuer-metadata.ts tenantOf): a
   * credential that names it as issuer speaks through any list of that tenant's DIDs.
   */
  identifierTenant?: (issuer: string) => Promise<string | null>;
};

export function createStatusListsService({
  prisma,
  sql,
  issuerKeys,
  publicBaseUrl,
  hostHolder,
  identifierTenant,
}: StatusListsDeps) {
  // Keyed by the URL a list is published at: its renderings name that URL (`id`, `sub`).
  const rendered = new Map<string, { version: number; iat: number; published: PublishedStatusList }>();
  const urlFor = (listId: string, baseUrl = publicBaseUrl()) => `${baseUrl}${STATUS_LIST_PATH}${listId}`;

  const reservations = createIndexReservations(prisma);
  // Relying parties fetch a popular list many at a time: they share version reads (each still sees every change
  // committed before it asked), one round trip for a burst instead of one each.
  const listVersion = sharedReads((listId: string) => findStatusListVersion(sql, listId));

  /** The next index of the issuer's list of `format`, and the list's URL under `baseUrl`. */
  async function allocate(tenantId: string, didId: string, format: StatusListFormat, baseUrl = publicBaseUrl()) {
    const { listId, index } = await reservations.next(tenantId, didId, format);
    return { listId, index, url: urlFor(listId, baseUrl) };
  }

  /** The list signed by its DID, as published at `baseUrl` (the request's: the URL its credentials carry). */
  async function publish(
    listId: string,
    baseUrl = publicBaseUrl(),
    onlyTenant: string | null = null,
  ): Promise<PublishedStatusList | null> {
    if (!isUuid(listId)) return null;
    const url = urlFor(listId, baseUrl);
    const now = new Date();
    const iat = Math.floor(now.getTime() / 1000);
    // A fresh rendering is served after a look at the list's version alone: the full row (its 16 KiB of bits)
    // is read only to render anew.
    const cached = rendered.get(url);
    if (cached && iat - cached.iat < STATUS_LIST_TTL_SECONDS) {
      const current = await listVersion(listId);
      // On a tenant's custom domain, only that tenant's lists are published.
      if (!current || (onlyTenant !== null && current.tenantId !== onlyTenant)) return null;
      if (current.version === cached.version) return cached.published;
    }
    const list = await findPublishedStatusList(prisma, listId);
    if (!list || (onlyTenant !== null && list.tenantId !== onlyTenant)) return null;
    const key = await issuerKeys.signingKey(list.tenantId, list.did.did);
    let body: string;
    let contentType: string;
    if (list.format === 'bitstring') {
      const credential = bitstringStatusListCredential({
        id: url,
        issuer: list.did.did,
        validFrom: now,
        encodedList: encodeBitstring(list.bits),
        statusPurpose: STATUS_LIST_PURPOSE,
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
        sub: url,
        iss: key.did,
        iat,
        exp: iat + STATUS_LIST_VALIDITY_SECONDS,
        ttl: STATUS_LIST_TTL_SECONDS,
        lst: encodeTokenStatusList(list.bits),
        alg: key.alg,
        kid: key.kid,
      });
      body = signCompactJws(header, claims, key.sign);
      contentType = 'application/statuslist+jwt';
    }
    // A re-signed rendering is new bytes (iat, exp) even when the list is not: a new strong ETag.
    const etag = `"${list.id}.${list.version}.${iat}"`;
    const published = { body, contentType, etag, lastModified: list.updatedAt };
    rendered.set(url, { version: list.version, iat, published });
    return published;
  }

  /**
   * A credential's status reference judged against one of our own lists (status-lists.policy.ts); any other
   * URI is 'unknown', as we fetch nothing on a caller's behalf. Judged from the database row, not from its
   * signed rendering: publish() renders exactly this row (its format, STATUS_LIST_PURPOSE, its bits), signed
   * by the row's DID, so the row states what the signature would, without signing and parsing a JWT per
   * verification. It is also the current list, so "unexpired" holds by construction: `exp` bounds how long
   * others may rely on a copy, and we hold no copy.
   * Our lists are those under the configured base URL, and a tenant's under https://<its verified domain>,
   * whichever host the verify request came in on.
   */
  async function statusOf(reference: StatusReference, issuer: string | null): Promise<StatusAnswer> {
    const prefix = publicBaseUrl() + STATUS_LIST_PATH;
    let listId: string | null = null;
    let domainTenant: string | null = null;
    if (reference.uri.startsWith(prefix)) listId = reference.uri.slice(prefix.length);
    else {
      const onDomain = /^https:\/\/([a-z0-9.-]+)(\/v1\/status-lists\/.*)$/.exec(reference.uri);
      domainTenant = onDomain && hostHolder ? await hostHolder(onDomain[1]!) : null;
      if (domainTenant !== null) listId = onDomain![2]!.slice(STATUS_LIST_PATH.length);
    }
    if (listId === null) {
      return { status: 'unknown', reason: 'not a status list of this service, and others are not fetched' };
    }
    const list = isUuid(listId) ? await findStatusListEntry(sql, listId, reference.index) : null;
    if (!list || (domainTenant !== null && list.tenantId !== domainTenant)) {
      return { status: 'unknown', reason: 'no such status list' };
    }
    // The one byte holding the entry stands in for the list: entry i is in byte i / 8 in both formats.
    const isSetInByte = (index: number) => {
      // As reading the whole list would: an index that is no entry of it is an error, never "not set".
      if (list.entryByte === null) throw new RangeError(`status list index ${index} is outside the list`);
      return isSet(list.format, Uint8Array.of(list.entryByte), index % 8);
    };
    // A credential issued under the tenant's issuer identifier (SD-JWT VC with an https iss) is signed by one of
    // its DIDs: a list of any of them is the issuer's own.
    const asIssuer =
      issuer?.startsWith('https://') && identifierTenant && (await identifierTenant(issuer)) === list.tenantId
        ? list.issuerDid
        : issuer;
    return judgeStatus(
      { format: list.format, issuerDid: list.issuerDid, size: list.size, isSet: isSetInByte },
      reference,
      asIssuer,
    );
  }

  return { allocate, publish, statusOf, urlFor };
}

export type StatusListsService = ReturnType<typeof createStatusListsService>;
