// A tenant's public trust list: GET /v1/trust/lists/{tenant_slug}, a JWT signed by the tenant's
// attester DID (its oldest active DID) listing the attestations in force, so relying parties outside the
// service can consume it offline. Cached like status lists: re-signed when its content changes or when it is
// TRUST_LIST_TTL_SECONDS old, with a strong ETag per rendering.
import { createHash } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { signCompactJws } from '../../lib/jws.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import { publicationBaseUrl } from '../dids/methods/index.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import { allAttestationsInForce } from './trust.repository.js';
import { findTenantBySlug } from '../tenants/tenants.repository.js';
import { oldestActiveDid } from '../dids/dids.repository.js';

export const TRUST_LIST_PATH = '/v1/trust/lists/';
export const TRUST_LIST_TTL_SECONDS = 300;
/** A list's lifetime (exp − iat): four cache periods, as status lists have. */
export const TRUST_LIST_VALIDITY_SECONDS = 4 * TRUST_LIST_TTL_SECONDS;
export const TRUST_LIST_MEDIA_TYPE = 'application/trust-list+jwt';

export type PublishedTrustList = { body: string; contentType: string; etag: string };

export function createTrustLists({
  prisma,
  issuerKeys,
  statusLists,
}: {
  prisma: PrismaClient;
  issuerKeys: IssuerKeys;
  statusLists: StatusListsService;
}) {
  const rendered = new Map<string, { fingerprint: string; iat: number; published: PublishedTrustList }>();

  /** The list of the tenant `slug` names, published at `baseUrl`; with `onlyTenant`, null for any other tenant's. */
  async function publish(
    slug: string,
    baseUrl: string,
    onlyTenant: string | null = null,
  ): Promise<PublishedTrustList | null> {
    const tenant = await findTenantBySlug(prisma, slug);
    if (!tenant || (onlyTenant !== null && tenant.id !== onlyTenant)) return null;
    const attester = await oldestActiveDid(prisma, tenant.id);
    if (!attester) return null;
    const now = new Date();
    const rows = await allAttestationsInForce(prisma, tenant.id, now);
    const url = `${baseUrl}${TRUST_LIST_PATH}${encodeURIComponent(tenant.slug)}`;
    const attestations = rows.map((row) => ({
      id: row.id,
      attester_did: row.attesterDid.did,
      subject_did: row.subjectDid,
      score: row.score,
      weight: row.weight,
      assurance_level: row.assuranceLevel,
      credential_types: row.credentialTypes,
      valid_from: row.validFrom.toISOString(),
      valid_until: row.validUntil?.toISOString() ?? null,
      status: {
        uri: statusLists.urlFor(row.statusListId, publicationBaseUrl(row.attesterDid.did, baseUrl)),
        index: row.statusIndex,
      },
    }));
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([attester.did, url, attestations]))
      .digest('base64url');
    const iat = Math.floor(now.getTime() / 1000);
    const cached = rendered.get(url);
    if (cached && cached.fingerprint === fingerprint && iat - cached.iat < TRUST_LIST_TTL_SECONDS) {
      return cached.published;
    }
    const key = await issuerKeys.signingKey(tenant.id, attester.did);
    const claims = {
      iss: key.did,
      sub: url,
      iat,
      exp: iat + TRUST_LIST_VALIDITY_SECONDS,
      ttl: TRUST_LIST_TTL_SECONDS,
      tenant: tenant.slug,
      attestations,
    };
    const body = signCompactJws({ alg: key.alg, typ: 'trust-list+jwt', kid: key.kid }, claims, key.sign);
    const published = { body, contentType: TRUST_LIST_MEDIA_TYPE, etag: `"${fingerprint.slice(0, 22)}.${iat}"` };
    if (rendered.size >= 10_000) rendered.delete(rendered.keys().next().value!);
    rendered.set(url, { fingerprint, iat, published });
    return published;
  }

  return { publish };
}
