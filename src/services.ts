// The services of the application, wired once at start-up and handed to every request's context.
import type { Database } from './db/database.js';
import type { Config } from './config.js';
import type { Logger } from './lib/logger.js';
import type { RateLimits } from './http/rate-limits.js';
import { createPublicBaseUrl } from './http/public-base-url.js';
import type { KeyEncryption } from './lib/key-encryption.js';
import type { AccessEvents } from './auth/access-events.js';
import { createCredentialsService } from './modules/credentials/credentials.service.js';
import { createIdempotencyService } from './modules/idempotency/idempotency.service.js';
import { createVerificationService } from './modules/credentials/verification.service.js';
import { isPublishedFor, resolveDid } from './modules/dids/methods/index.js';
import { createDidsService } from './modules/dids/dids.service.js';
import { createIssuerKeys } from './modules/dids/issuer-keys.js';
import { createStatusListsService } from './modules/status-lists/status-lists.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createPasswordHasher } from './modules/auth/password.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAuditChainer } from './modules/audit/audit-pending.js';
import { createInvitationsService } from './modules/members/invitations.service.js';
import { createMembersService } from './modules/members/members.service.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { createTenantsService } from './modules/tenants/tenants.service.js';
import { createUsageService } from './modules/usage/usage.service.js';
import type { CredentialActivity } from './modules/credentials/credential-activity.js';
import { createWebhookDispatcher, type DispatcherOptions } from './modules/webhooks/delivery/dispatcher.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import { createTrustService } from './modules/trust/trust.service.js';
import { createTrustAnchors } from './modules/trust/trust-anchors.js';
import { createEventsService } from './modules/events/events.service.js';
import { createComplianceService } from './modules/compliance/compliance.service.js';
import { createDataSubjectsService } from './modules/compliance/data-subjects.service.js';
import { createDidcommService } from './modules/didcomm/didcomm.service.js';
import { createCredentialDelivery } from './modules/didcomm/credential-delivery.js';
import { dataSubjectRequestStats } from './modules/compliance/data-subjects.repository.js';
import { createTxtResolver } from './modules/domains/dns-txt.js';
import { createDomainsService } from './modules/domains/domains.service.js';
import { createVerifiedHosts } from './modules/domains/verified-hosts.js';
import { createOwnDids } from './modules/dids/own-dids.js';
import { createRemoteDidWeb } from './modules/dids/methods/did-web/did-web-remote.js';
import { createJwtVcIssuerMetadata } from './modules/jwt-vc-issuer/jwt-vc-issuer-metadata.js';
import { createRemoteJwtVcIssuer } from './modules/jwt-vc-issuer/jwt-vc-issuer-remote.js';
import { createCertificateChains } from './modules/dids/certificates/certificate-chains.js';
import { createDidCertificatesService } from './modules/dids/certificates/did-certificates.service.js';
import { createOid4vciService } from './modules/oid4vci/oid4vci.service.js';
import { createConfigurationsService } from './modules/oid4vci/configurations.service.js';
import { createOid4vciProtocol } from './modules/oid4vci/oid4vci.protocol.js';
import { createAuthorizationService } from './modules/oid4vci/authorization.service.js';
import { createAuthorizationSettingsService } from './modules/oid4vci/authorization-settings.service.js';
import { createDeferredClaims } from './modules/oid4vci/deferred.service.js';
import { systemClock, type Clock } from './modules/jobs/clock.js';
import { createOid4vpService } from './modules/oid4vp/oid4vp.service.js';
import { createOid4vpProtocol } from './modules/oid4vp/oid4vp.protocol.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(
  { prisma, sql, lockingSql }: Pick<Database, 'prisma' | 'sql' | 'lockingSql'>,
  config: Pick<
    Config,
    | 'sessionTtlSeconds'
    | 'idempotencyLeaseSeconds'
    | 'argon2Concurrency'
    | 'argon2QueueLimit'
    | 'argon2MemoryKib'
    | 'argon2TimeCost'
    | 'webhookAllowPrivateUrls'
    | 'nodeEnv'
    | 'dnsServers'
    | 'dnsTimeoutMs'
    | 'didWebFetchTimeoutMs'
    | 'didcommInboundPerHour'
  > & {
    publicBaseUrl: () => string;
    /** The webhook dispatcher's clock and attempt timeout (tests), and who hears of its attempts (metrics). */
    webhookDispatch?: Pick<DispatcherOptions, 'clock' | 'attemptTimeoutMs' | 'onAttempt' | 'perEndpoint' | 'perHost'>;
    /** What OpenID4VCI sessions, tokens and nonces expire by (tests move it); the system clock by default. */
    clock?: Clock;
  },
  log: Logger,
  rateLimits: RateLimits,
  keys: KeyEncryption,
  access: AccessEvents,
  activity?: CredentialActivity,
) {
  const { sessionTtlSeconds } = config;
  const issuerKeys = createIssuerKeys({ prisma, keys });
  // Custom domains: who holds a verified host, for the public base URL, status lists and did:web.
  const verifiedHosts = createVerifiedHosts(prisma);
  const ownDids = createOwnDids(prisma, verifiedHosts);
  const publicBaseUrl = createPublicBaseUrl(config.publicBaseUrl, verifiedHosts);
  // JWT VC Issuer Metadata (SD-JWT VC §4): ours published and read from the database, others' fetched.
  const jwtVcIssuer = createJwtVcIssuerMetadata(prisma);
  const statusLists = createStatusListsService({
    prisma,
    sql,
    issuerKeys,
    publicBaseUrl: publicBaseUrl.configured,
    hostHolder: verifiedHosts.tenantOf,
    identifierTenant: (issuer) => jwtVcIssuer.tenantOf(issuer, publicBaseUrl.configured(), verifiedHosts.tenantOf),
  });
  // One queue for every password hash of the process.
  const passwords = createPasswordHasher({
    concurrency: config.argon2Concurrency,
    queueLimit: config.argon2QueueLimit,
    memoryKib: config.argon2MemoryKib,
    timeCost: config.argon2TimeCost,
  });
  const tenants = createTenantsService({ prisma, access });
  const webhookOptions = { allowPrivate: config.webhookAllowPrivateUrls, production: config.nodeEnv === 'production' };
  const webhookDispatcher = createWebhookDispatcher({
    db: prisma,
    sql: lockingSql,
    keys,
    log: log.child({ component: 'webhooks' }),
    ...webhookOptions,
    ...config.webhookDispatch,
  });
  const trust = createTrustService({ prisma, sql, issuerKeys, statusLists, access });
  const trustAnchors = createTrustAnchors({ prisma });
  const remoteIssuers = createRemoteJwtVcIssuer({
    allowPrivate: config.webhookAllowPrivateUrls,
    timeoutMs: config.didWebFetchTimeoutMs,
  });
  const audit = createAuditService({ prisma });
  const auditChainer = createAuditChainer({ prisma, log: log.child({ component: 'audit' }) });
  const compliance = createComplianceService({
    prisma,
    issuerKeys,
    access,
    service: {
      sessionTtlSeconds,
      passwordHashing: passwords.parameters,
      keyEncryption: 'AES-256-GCM',
      publicBaseUrl: publicBaseUrl.configured,
    },
    auditChain: audit.verifyTenantChain,
    subjectRequests: (tenantId) => dataSubjectRequestStats(prisma, tenantId),
  });
  const didcomm = createDidcommService({
    prisma,
    keys,
    delivery: webhookOptions,
    log: log.child({ component: 'didcomm' }),
    inboundPerHour: config.didcommInboundPerHour,
  });
  // X.509 chains of DID keys (HAIP x5c): read on the issue path, changed through didCertificates.
  const certificateChains = createCertificateChains(prisma);
  const credentials = createCredentialsService({
    prisma,
    sql,
    lockingSql,
    issuerKeys,
    statusLists,
    activity,
    deliverer: createCredentialDelivery(didcomm),
    issuerPublished: (tenantId, did) => isPublishedFor(did, tenantId, ownDids),
    certificateChains,
    publicBaseUrl: publicBaseUrl.configured,
    auditChainer,
  });
  const domains = createDomainsService({
    prisma,
    lookupTxt: createTxtResolver({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs }),
    verifiedHosts,
  });
  const idempotency = createIdempotencyService({ prisma, keys, leaseSeconds: config.idempotencyLeaseSeconds });
  // OpenID4VCI (src/modules/oid4vci): the tenant's door (configurations, offers) and the wallet's (the protocol).
  const oid4vci = {
    ...createConfigurationsService({ prisma }),
    ...createOid4vciService({ prisma, configuredBaseUrl: publicBaseUrl.configured }),
    // The authorization code flow: the tenant's login page, and its backend's decisions (authorization.service.ts).
    ...createAuthorizationSettingsService({ prisma, allowLoopbackHttp: config.webhookAllowPrivateUrls }),
    ...createAuthorizationService({ prisma, clock: config.clock ?? systemClock }),
    ...createDeferredClaims({ prisma, credentials, clock: config.clock ?? systemClock }),
  };
  const oid4vciProtocol = createOid4vciProtocol({
    prisma,
    keys,
    publicBaseUrl,
    credentials,
    clock: config.clock ?? systemClock,
    log: log.child({ component: 'oid4vci' }),
  });

  const verification = createVerificationService({
    statusLists,
    trust,
    activity,
    // Verifying a credential from a did:web elsewhere fetches its did.json (the public resolver does not).
    ownDids: {
      ...ownDids,
      outside: createRemoteDidWeb({
        allowPrivate: config.webhookAllowPrivateUrls,
        timeoutMs: config.didWebFetchTimeoutMs,
      }),
    },
    trustAnchors,
    issuerMetadata: async (issuer) =>
      (await jwtVcIssuer.ownKeys(issuer, publicBaseUrl.configured(), verifiedHosts.tenantOf)) ??
      remoteIssuers.keys(issuer),
  });
  const oid4vp = createOid4vpService({ prisma, keys, issuerKeys });
  return {
    dids: createDidsService({ prisma, sql, keys }),
    didCertificates: createDidCertificatesService({
      prisma,
      keys,
      chains: certificateChains,
      publicBaseUrl: publicBaseUrl.configured,
    }),
    resolver: { resolve: (did: string) => resolveDid(did, ownDids) },
    jwtVcIssuer,
    credentials,
    auditChainer,
    statusLists,
    verification,
    trust,
    trustAnchors,
    compliance,
    publicBaseUrl,
    auth: createAuthService({
      prisma,
      sql,
      sessionTtlSeconds,
      log,
      loginThrottle: rateLimits.loginFailures,
      access,
      passwords,
    }),
    roles: createRolesService({ prisma, access }),
    members: createMembersService({ prisma, access }),
    invitations: createInvitationsService({ prisma, sessionTtlSeconds, passwords }),
    apiKeys: createApiKeysService({ prisma, access }),
    tenants,
    usage: createUsageService({ prisma, tenants }),
    audit,
    events: createEventsService({ prisma }),
    webhooks: createWebhooksService({ prisma, keys, dispatcher: webhookDispatcher, ...webhookOptions }),
    /** Started and stopped by the server (src/server.ts); woken after every successful write. */
    webhookDispatcher,
    idempotency,
    didcomm,
    dataSubjects: createDataSubjectsService({
      prisma,
      credentials,
      trust,
      idempotency,
      didcomm,
      log: log.child({ component: 'data-subjects' }),
    }),
    domains,
    verifiedHosts,
    oid4vci,
    oid4vciProtocol,
    /** OpenID4VP: the tenant's presentation requests, and the wallet-facing request_uri and response_uri. */
    oid4vp,
    oid4vpProtocol: createOid4vpProtocol({
      prisma,
      keys,
      issuerKeys,
      verification,
      trust,
      log: log.child({ component: 'oid4vp' }),
    }),
    /** `passwords.depth()`: hashes running and waiting, for metrics. */
    passwords,
  };
}
