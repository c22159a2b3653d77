// JWT VC Issuer Metadata (SD-JWT VC §4): `{issuer, jwks}` at the well-known URL of a tenant's credential issuer
// identifier, so a wallet or verifier that takes an https `iss` finds the keys its SD-JWT VCs are signed with
// without resolving a DID. Every active DID of the tenant is a key, its kid the DID URL our JWS headers carry. Public:
// the keys are public by nature, as DID documents are.
import { createHash } from 'node:crypto';
import type { JWK } from 'jose';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { didMethodOfStored } from '../dids/methods/index.js';
import { SIGNING_ALG, type KeyType } from '../dids/signing-keys.js';
import { credentialIssuerIdentifier, ISSUER_PATH_PREFIX, WELL_KNOWN } from '../oid4vci/issuer-identifier.js';
import { findTenantBySlug } from '../tenants/tenants.repository.js';

/** A tenant's issuer on the service's own host: /.well-known/jwt-vc-issuer/oid4vci/{slug} (RFC 8615 insertion). */
export const JWT_VC_ISSUER_TENANT_PREFIX = `${WELL_KNOWN.jwtVcIssuer}${ISSUER_PATH_PREFIX}`;
/** How long verifiers may keep it (SD-JWT VC §3: an explicit freshness lifetime); a new DID shows within this. */
export const JWT_VC_ISSUER_TTL_SECONDS = 300;

export type JwtVcIssuerMetadata = { issuer: string; jwks: { keys: JWK[] } };
type TenantOfHost = (host: string) => Promise<string | null>;
export type PublishedMetadata = { metadata: JwtVcIssuerMetadata; etag: string };

export function createJwtVcIssuerMetadata(prisma: PrismaClient) {
  async function render(tenantId: string, issuer: string): Promise<PublishedMetadata> {
    const dids = await prisma.did.findMany({
      where: { tenantId, deactivatedAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { did: true, keyType: true, publicJwk: true },
    });
    const keys = dids.map(({ did, keyType, publicJwk }): JWK => {
      const { kty, crv, x, y } = publicJwk as JWK;
      return {
        kid: didMethodOfStored(did).verificationMethodId(did),
        kty,
        crv,
        x,
        ...(y !== undefined && { y }),
        alg: SIGNING_ALG[keyType as KeyType],
        use: 'sig',
      };
    });
    const metadata: JwtVcIssuerMetadata = { issuer, jwks: { keys } };
    // A strong validator of exactly these bytes (RFC 9110 §8.8.3, sendJson writes JSON.stringify's): it changes when a
    // DID comes or goes.
    const digest = createHash('sha256').update(JSON.stringify(metadata)).digest('base64url');
    return { metadata, etag: `"${digest.slice(0, 27)}"` };
  }

  async function identifierTenant(
    issuer: string,
    configuredBaseUrl: string,
    tenantOfHost: TenantOfHost,
  ): Promise<string | null> {
    const prefix = `${configuredBaseUrl.replace(/\/+$/, '')}${ISSUER_PATH_PREFIX}`;
    if (issuer.startsWith(prefix)) {
      const slug = issuer.slice(prefix.length);
      return /^[a-z0-9-]+$/.test(slug) ? ((await findTenantBySlug(prisma, slug))?.id ?? null) : null;
    }
    const host = /^https:\/\/([a-z0-9.-]+)$/.exec(issuer)?.[1];
    return host ? tenantOfHost(host) : null;
  }

  return {
    /** On the service's own host: the tenant named by the slug, or null. */
    async forSlug(slug: string, configuredBaseUrl: string): Promise<PublishedMetadata | null> {
      const tenant = await findTenantBySlug(prisma, slug);
      return tenant && render(tenant.id, credentialIssuerIdentifier(configuredBaseUrl, tenant.slug, false));
    },
    /** On a tenant's verified custom domain, which is its issuer identifier. */
    forDomain: (tenantId: string, host: string) => render(tenantId, `https://${host}`),
    /**
     * The tenant whose credential issuer identifier `issuer` is, on this service: {configured}/oid4vci/{slug}, or
     * https://{a verified custom domain}; null when it is not one of ours, or names no tenant.
     */
    tenantOf: identifierTenant,
    /**
     * The keys of an issuer identifier of ours, read here rather than fetched from ourselves (as our own did:web
     * documents are); null when `issuer` is not one of ours.
     */
    async ownKeys(issuer: string, configuredBaseUrl: string, tenantOfHost: TenantOfHost): Promise<JWK[] | null> {
      const tenantId = await identifierTenant(issuer, configuredBaseUrl, tenantOfHost);
      return tenantId ? (await render(tenantId, issuer)).metadata.jwks.keys : null;
    },
  };
}

export type JwtVcIssuerMetadataService = ReturnType<typeof createJwtVcIssuerMetadata>;
