// Records every statement the service sends to the database — Prisma model operations, Prisma raw SQL and the
// prepared statements of the issue path — and judges each one on a tenant-scoped table: does it name the
// tenant? Installed by test/integration/tenant-scoping.test.ts, which wraps the opened database with
// inspectDatabase, so the service runs unchanged over an inspected client.
import type { Database, PreparedSql } from '../../src/db/database.js';
import type { PrismaClient } from '../../src/generated/prisma/client.js';

export type Statement =
  { kind: 'model'; model: string; operation: string; args: any } | { kind: 'sql'; via: string; text: string };

const statements: Statement[] = [];

/** The statements recorded since the last call. */
export function takeStatements(): Statement[] {
  return statements.splice(0);
}

export function inspectDatabase(database: Database): Database {
  const prisma = database.prisma.$extends({
    query: {
      // At the top level, this sees model operations and raw SQL alike, inside transactions too.
      $allOperations({ model, operation, args, query }) {
        statements.push(
          model ? { kind: 'model', model, operation, args } : { kind: 'sql', via: operation, text: rawText(args) },
        );
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  const recorded =
    (run: PreparedSql): PreparedSql =>
    (name, text, values) => {
      statements.push({ kind: 'sql', via: `prepared '${name}'`, text });
      return run(name, text, values);
    };
  // Both ways the service sends prepared statements: the reads, and those that may wait on a lock (issuing).
  return { ...database, prisma, sql: recorded(database.sql), lockingSql: recorded(database.lockingSql) };
}

/** $queryRaw`…` arrives as a Sql object ($1, $2… placeholders); $queryRawUnsafe as [text, ...values]. */
function rawText(args: any): string {
  return typeof args?.text === 'string' ? args.text : String(Array.isArray(args) ? args[0] : args);
}

/** Models whose rows belong to one tenant (Role: custom roles; built-in roles have no tenant). */
export const TENANT_SCOPED_MODELS = new Set([
  'Tenant',
  'Membership',
  'Role',
  'Invitation',
  'ApiKey',
  'AuditEvent',
  'AuditChainHead',
  'UsageCounter',
  'Did',
  'StatusList',
  'Credential',
  'OutboxEvent',
  'IdempotencyKey',
  'Session',
  'WebhookEndpoint',
  'WebhookDelivery',
  'TrustAttestation',
  'TrustPolicy',
  'ComplianceAdoption',
  'ComplianceAttestation',
  'ComplianceReport',
  'DataSubjectRequest',
  'CustomDomain',
  'DidcommMessage',
  'Oid4vciCredentialConfiguration',
  'Oid4vciOffer',
  'Oid4vciNonce',
  'Oid4vpRequest',
]);

const TENANT_SCOPED_TABLES = new Set([
  'tenants',
  'memberships',
  'roles',
  'invitations',
  'api_keys',
  'audit_events',
  'audit_chain_heads',
  'usage_counters',
  'dids',
  'status_lists',
  'credentials',
  'outbox_events',
  'idempotency_keys',
  'sessions',
  'webhook_endpoints',
  'webhook_deliveries',
  'trust_attestations',
  'trust_policies',
  'compliance_adoptions',
  'compliance_attestations',
  'compliance_reports',
  'data_subject_requests',
  'custom_domains',
  'didcomm_messages',
  'oid4vci_credential_configurations',
  'oid4vci_offers',
  'oid4vci_nonces',
  'oid4vp_requests',
]);

type Allowance = { reason: string; matches(statement: Statement): boolean };

const modelLookup =
  (model: string, operation: string, whereKeys: string[] | null) =>
  (statement: Statement): boolean =>
    statement.kind === 'model' &&
    statement.model === model &&
    statement.operation === operation &&
    (whereKeys === null || sameKeys(statement.args?.where, whereKeys));

const rawLookup =
  (pattern: RegExp) =>
  (statement: Statement): boolean =>
    statement.kind === 'sql' && pattern.test(normalise(statement.text));

const sameKeys = (where: object | undefined, keys: string[]) =>
  JSON.stringify(Object.keys(where ?? {}).sort()) === JSON.stringify([...keys].sort());

/**
 * The statements that are global by design, each with its reason. Everything else on a tenant-scoped table
 * must name the tenant. An entry matches one exact shape (model, operation and the keys of its where), so a
 * new query of another shape on the same table is judged like any other.
 */
export const GLOBAL_BY_DESIGN: Record<string, Allowance> = {
  findHostedDids: {
    reason:
      'DIDComm: an envelope names only its recipient DIDs (unique across tenants); the hosting DID is what names the tenant',
    matches: modelLookup('Did', 'findMany', ['did', 'deactivatedAt']),
  },
  findSessionByTokenHash: {
    reason: 'authentication: a request brings only its session token, and the session is what names the tenant',
    matches: modelLookup('Session', 'findUnique', ['tokenHash']),
  },
  findApiKeyByKeyHash: {
    reason: 'authentication: a request brings only its API key, and the key is what names the tenant',
    matches: rawLookup(/FROM api_keys k .* WHERE k\.key_hash = \$1$/),
  },
  findInvitationByTokenHash: {
    reason: 'accepting an invitation: the token is all the invitee brings, and the invitation names the tenant',
    matches: modelLookup('Invitation', 'findUnique', ['tokenHash']),
  },
  'findMembershipForLogin (first tenant)': {
    reason: "login: users are global; without tenant_slug the user's first membership names the tenant",
    matches: modelLookup('Membership', 'findFirst', ['userId']),
  },
  'findMembershipForLogin (by slug)': {
    reason: "login with tenant_slug: the slug picks one of the user's own memberships",
    matches: modelLookup('Membership', 'findFirst', ['tenant', 'userId']),
  },
  findUserWithTenants: {
    reason: "me: the user's own memberships, one in each of their tenants",
    matches: rawLookup(
      /^SELECT u\.id::text, u\.email, .* FROM memberships m .* WHERE m\.user_id = u\.id\), '\[\]'::json\) AS tenants FROM users u WHERE u\.id = \$1::uuid$/,
    ),
  },
  tenantSlugTaken: {
    reason: 'registration: slugs are unique across all tenants, checked before the tenant exists',
    matches: modelLookup('Tenant', 'findUnique', ['slug']),
  },
  createTenant: {
    reason: 'registration makes the tenant itself',
    matches: modelLookup('Tenant', 'create', null),
  },
  deleteExpiredSessionsOfAllTenants: {
    reason: "maintenance: a sweep by time over every tenant's expired sessions, not a request's data",
    matches: modelLookup('Session', 'deleteMany', ['expiresAt']),
  },
  purgeAllTenantsOlderThan: {
    reason: "maintenance: a sweep by age over every tenant's Idempotency-Keys, not a request's data",
    matches: rawLookup(/^DELETE FROM idempotency_keys WHERE created_at <= /),
  },
  outboxBacklog: {
    reason: 'metrics: the operator’s count of unpublished events across the service, no tenant’s data',
    matches: rawLookup(
      /^SELECT count\(\*\) AS events, min\(created_at\) AS oldest FROM outbox_events WHERE published_at IS NULL$/,
    ),
  },
  fanOutEvents: {
    reason: "webhooks: the dispatcher fans every tenant's new events out; each delivery takes its event's tenant",
    matches: rawLookup(
      /^WITH events AS \( SELECT id, tenant_id, type, created_at FROM outbox_events WHERE published_at IS NULL /,
    ),
  },
  claimDueDeliveries: {
    reason: 'webhooks: the dispatcher claims due deliveries of every tenant (each attempt then reads its own tenant)',
    matches: rawLookup(
      /^WITH candidates AS \( SELECT due\.id, due\.next_attempt_at, w\.tenant_id, w\.host FROM webhook_endpoints w /,
    ),
  },
  recordAttempt: {
    reason: 'webhooks: an attempt is recorded under the claim the dispatcher holds on the row, as the job runner does',
    matches: rawLookup(
      /^UPDATE webhook_deliveries SET state = \$1, .* WHERE id = \$\d+::uuid AND locked_by = \$\d+ AND attempts = \$\d+::int$/,
    ),
  },
  deleteEventsPublishedBefore: {
    reason: "retention: a sweep by age over every tenant's published events, not a request's data",
    matches: rawLookup(/^DELETE FROM outbox_events WHERE published_at < /),
  },
  deleteFinishedDeliveriesBefore: {
    reason: "retention: a sweep by age over every tenant's finished webhook deliveries",
    matches: rawLookup(/^DELETE FROM webhook_deliveries WHERE state <> 'pending' AND completed_at < /),
  },
  trustListTenantBySlug: {
    reason:
      'public: a tenant’s signed trust list (/v1/trust/lists/{tenant_slug}) and its OpenID4VCI Credential Issuer ' +
      '(/oid4vci/{tenant_slug}/…) are addressed by its slug',
    matches: modelLookup('Tenant', 'findFirst', ['slug']),
  },
  expireDueOid4vciOffers: {
    reason:
      "OpenID4VCI: the expiry sweep moves every tenant's lapsed sessions to expired by time, not a request's data",
    matches: rawLookup(/^UPDATE oid4vci_offers o SET state = 'expired', ended_at = /),
  },
  deleteExpiredOid4vciNonces: {
    reason: "OpenID4VCI: retention, a sweep by time over every tenant's expired c_nonces and DPoP proof ids",
    matches: rawLookup(/^DELETE FROM oid4vci_nonces WHERE expires_at <= /),
  },
  verifiedHolderOfName: {
    reason:
      'custom domains: a name is verified by at most one tenant across the service (409 for the others), and a ' +
      'request’s Host or the TLS terminator’s question is what names the tenant',
    matches: modelLookup('CustomDomain', 'findUnique', ['verifiedName']),
  },
  otherPendingClaimsOfName: {
    reason: 'custom domains: the first tenant to verify a name ends the other tenants’ pending claims on it',
    matches: modelLookup('CustomDomain', 'findMany', ['domain', 'status', 'tenantId']),
  },
  verifiedDomainsDueForRecheck: {
    reason: "custom domains: the daily re-check sweeps every tenant's verified domains by time of last check",
    matches: modelLookup('CustomDomain', 'findMany', ['status', 'OR']),
  },
  ownDidByString: {
    reason: 'public: resolving a did:web hosted here (and verifying its signatures) starts from the DID alone',
    matches: modelLookup('Did', 'findFirst', ['did']),
  },
  findOid4vpRequestByHandle: {
    reason:
      'OpenID4VP: a wallet brings only the request’s public handle (its request_uri or response_uri), and the request is what names the tenant',
    matches: modelLookup('Oid4vpRequest', 'findUnique', ['handleHash']),
  },
  overdueOid4vpRequests: {
    reason: "OpenID4VP: the sweep closes every tenant's requests left pending past expiry (or stuck received), by time",
    matches: modelLookup('Oid4vpRequest', 'findMany', ['OR']),
  },
  findStatusList: {
    reason: 'public: a status list is published at /v1/status-lists/{id} to any relying party, without credentials',
    matches: modelLookup('StatusList', 'findUnique', ['id']),
  },
  findStatusListEntry: {
    reason: 'verification: any credential’s status reference is judged against the list it names, by its id',
    matches: rawLookup(
      /^SELECT s\.tenant_id::text AS "tenantId", .* FROM status_lists s JOIN dids d ON d\.id = s\.did_id AND d\.tenant_id = s\.tenant_id WHERE s\.id = \$1::uuid$/,
    ),
  },
  findStatusListVersion: {
    reason: 'public: a published status list’s version, to serve its cached rendering to any relying party',
    matches: rawLookup(/^SELECT tenant_id::text AS "tenantId", version FROM status_lists WHERE id = \$1::uuid$/),
  },
};

/** Which allowances the statements used (to keep the list honest: an unused entry is a stale one). */
export function allowancesUsed(recorded: Statement[]): Set<string> {
  const used = new Set<string>();
  for (const statement of recorded) {
    for (const [name, allowance] of Object.entries(GLOBAL_BY_DESIGN)) {
      if (allowance.matches(statement)) used.add(name);
    }
  }
  return used;
}

/** One line for every statement on a tenant-scoped table that names no tenant and is not global by design. */
export function tenantScopeViolations(recorded: Statement[]): string[] {
  const found: string[] = [];
  for (const statement of recorded) {
    if (Object.values(GLOBAL_BY_DESIGN).some((allowance) => allowance.matches(statement))) continue;
    const problem = statement.kind === 'model' ? modelProblem(statement) : sqlProblem(statement.text);
    if (problem) found.push(`${describe(statement)}: ${problem}`);
  }
  return [...new Set(found)];
}

function describe(statement: Statement): string {
  if (statement.kind === 'sql') return `${statement.via} ${truncate(normalise(statement.text), 400)}`;
  const { where, data } = statement.args ?? {};
  const shown = where !== undefined ? { where } : { data };
  return `${statement.model}.${statement.operation} ${truncate(JSON.stringify(shown, jsonSafe), 300)}`;
}

const jsonSafe = (_key: string, value: unknown) =>
  value instanceof Uint8Array ? `<${value.length} bytes>` : typeof value === 'bigint' ? String(value) : value;

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

const CREATES = new Set(['create', 'createMany', 'createManyAndReturn']);

function modelProblem({ model, operation, args }: Extract<Statement, { kind: 'model' }>): string | null {
  if (!TENANT_SCOPED_MODELS.has(model)) return null;
  if (CREATES.has(operation)) {
    const rows = Array.isArray(args?.data) ? args.data : [args?.data];
    return rows.every((row: any) => typeof row?.tenantId === 'string') ? null : 'creates a row without tenantId';
  }
  if (operation === 'upsert' && typeof args?.create?.tenantId !== 'string') return 'upserts a row without tenantId';
  return namesTenant(args?.where, model) ? null : 'no tenant condition in its where';
}

/**
 * A where names the tenant when it pins tenantId (the id itself for the tenants table) to a value, directly,
 * through a compound unique key (tenantId_userId…), in one branch of an AND, or in every branch of an OR.
 * Role's `tenantId: null` is the built-in roles, which belong to no tenant and are readable by all.
 */
function namesTenant(where: any, model: string): boolean {
  if (!where || typeof where !== 'object') return false;
  const pinned = (value: any) =>
    typeof value === 'string' ||
    typeof value?.equals === 'string' ||
    (model === 'Role' && (value === null || value?.equals === null));
  if (pinned(where[model === 'Tenant' ? 'id' : 'tenantId'])) return true;
  for (const [key, value] of Object.entries(where)) {
    if (key.startsWith('tenantId_') && pinned((value as any)?.tenantId)) return true;
  }
  if (where.AND && [where.AND].flat().some((branch: any) => namesTenant(branch, model))) return true;
  if (Array.isArray(where.OR) && where.OR.length > 0)
    return where.OR.every((branch: any) => namesTenant(branch, model));
  return false;
}

const normalise = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/**
 * Raw SQL on a tenant-scoped table must name a tenant: `tenant_id = $n` (or a tenant_id column it inserts),
 * `id = $n` on the tenants table. And every WHERE that picks rows by a parameter (`col = $n`) must pin
 * tenant_id in that same WHERE: a CTE that finds a row by its bare id is caught even when another part of the
 * statement names the tenant. A WHERE without parameters only joins to rows found already.
 */
function sqlProblem(text: string): string | null {
  const sql = normalise(text);
  const tables = [...sql.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)/gi)].map((match) => match[1]!.toLowerCase());
  const scoped = tables.filter((table) => TENANT_SCOPED_TABLES.has(table));
  if (scoped.length === 0) return null;
  const onlyTenants = scoped.every((table) => table === 'tenants');
  const pinsTenant = (part: string) =>
    /\btenant_id\s*=\s*\$\d+/i.test(part) || (onlyTenants && /(?<![.\w])id\s*=\s*\$\d+/i.test(part));
  const insertsTenant = /\bINSERT INTO \w+ \([^)]*\btenant_id\b/i.test(sql);
  if (!pinsTenant(sql) && !insertsTenant) return 'names no tenant';
  const unscoped = whereClauses(sql).filter((clause) => /[\w.]+\s*=\s*\$\d+/.test(clause) && !pinsTenant(clause));
  return unscoped.length
    ? `picks rows without tenant_id: ${unscoped.map((clause) => `WHERE ${clause}`).join(' | ')}`
    : null;
}

/** Each WHERE's conditions, up to the clause or statement that follows it. */
function whereClauses(sql: string): string[] {
  const end =
    /\b(?:WHERE|RETURNING|ORDER BY|GROUP BY|LIMIT|FOR UPDATE|ON CONFLICT|SELECT|UPDATE|INSERT|DELETE|SET)\b|;/i;
  return sql
    .split(/\bWHERE\b/i)
    .slice(1)
    .map((rest) => rest.split(end)[0]!.trim());
}
