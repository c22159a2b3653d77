// Records and transfers: the audit log complete, tamper-evident and kept; data subject requests answered;
// webhooks signed; public URLs over TLS; retried issues safe; issuers judged by a trust policy; and what only the
// tenant can assert.
import type { Check } from './check.types.js';
import { ageInDays, DAY_MS, firstPage, met, notMet, numberParam, share } from './results.js';

/**
 * What the audit log records (src/modules/audit), the evidence of SOC 2 CC7.2 and ISO 27001 A.8.15: sign-ups and
 * sign-ins (failed ones too), access changes, and the life of DIDs and credentials.
 */
const AUDITED_ACTIONS = [
  'auth.registered',
  'auth.login_succeeded',
  'auth.login_failed',
  'member.invited',
  'invitation.accepted',
  'member.role_changed',
  'member.removed',
  'role.created',
  'role.updated',
  'role.deleted',
  'api_key.created',
  'api_key.revoked',
  'plan.changed',
  'did.created',
  'did.deactivated',
  'credential.issued',
  'credential.revoked',
];

export const auditLogIntegrity: Check = {
  evaluates:
    'Every sign-up and sign-in (failed ones too), access change (members, invitations, roles, API keys, plan), DID created or deactivated and credential issued or revoked is recorded in the audit log, and its per-tenant hash chain verifies from the first event to the head.',
  evaluate: ({ audit }) => {
    const chain = audit.chain;
    const evidence = {
      events: audit.events,
      recorded_actions: AUDITED_ACTIONS,
      chain_valid: chain.valid,
      events_checked: chain.eventsChecked,
      chain_head: chain.head && {
        seq: chain.head.seq,
        event_id: chain.head.eventId,
        hash: chain.head.hash,
        created_at: chain.head.createdAt.toISOString(),
      },
      first_break: chain.firstBreak && {
        seq: chain.firstBreak.seq,
        event_id: chain.firstBreak.eventId,
        reason: chain.firstBreak.reason,
      },
    };
    return chain.valid
      ? met(`The audit log holds ${audit.events} event(s); its hash chain verifies.`, evidence)
      : notMet(
          `The audit log's hash chain breaks at event ${chain.firstBreak?.seq} (${chain.firstBreak?.reason}).`,
          evidence,
          'The log was altered outside the service: investigate the break (GET /v1/admin/audit-log/verify).',
        );
  },
};

export const auditLogRetention: Check = {
  evaluates:
    'The audit log is kept for at least params.min_days (default 365): the service never purges it; the evidence is its oldest event.',
  evaluate: ({ audit, now }, params) => {
    const minDays = numberParam(params, 'min_days', 365);
    const evidence = {
      retention: 'unlimited (never purged)',
      min_days: minDays,
      events: audit.events,
      oldest_event_at: audit.oldestAt?.toISOString() ?? null,
      oldest_event_age_days: audit.oldestAt ? ageInDays(audit.oldestAt, now) : null,
    };
    return met(`Audit events are kept without limit (at least ${minDays} days required).`, evidence);
  },
};

export const dataSubjectRequests: Check = {
  evaluates:
    'Data subject access (export) and erasure requests are answered: each runs at once through /v1/compliance/subjects, none is left unanswered.',
  evaluate: ({ dataSubjectRequests: requests }) => {
    const evidence = {
      exports: requests.exports,
      erasures: requests.erasures,
      last_export_at: requests.lastExportAt?.toISOString() ?? null,
      last_erasure_at: requests.lastErasureAt?.toISOString() ?? null,
      unanswered: requests.unanswered,
    };
    return requests.unanswered === 0
      ? met(`${requests.exports} export(s) and ${requests.erasures} erasure(s) answered; none outstanding.`, evidence)
      : notMet(`${requests.unanswered} data subject request(s) unanswered.`, evidence, 'Answer them.');
  },
};

export const webhooksSigned: Check = {
  evaluates:
    'Every webhook delivery is signed (Standard Webhooks, HMAC-SHA256 with a per-endpoint secret) and sent to an https URL.',
  evaluate: ({ webhooks }) => {
    const plain = webhooks.filter((endpoint) => !endpoint.url.startsWith('https://'));
    const evidence = {
      endpoints: webhooks.length,
      signature: 'Standard Webhooks v1 (HMAC-SHA256)',
      signed: webhooks.length,
      not_https: firstPage(plain.map((endpoint) => ({ id: endpoint.id, url: endpoint.url }))),
    };
    return plain.length === 0
      ? met(`All ${webhooks.length} webhook endpoint(s) receive signed deliveries over https.`, evidence)
      : notMet(
          `${plain.length} webhook endpoint(s) receive deliveries without TLS.`,
          evidence,
          'Point those endpoints at https URLs.',
        );
  },
};

export const transportEncrypted: Check = {
  evaluates:
    'The service’s public URLs (status lists, trust lists, DID documents) are https: PUBLIC_BASE_URL is an https URL.',
  evaluate: ({ service }) => {
    const evidence = { public_base_url: service.publicBaseUrl };
    return service.publicBaseUrl?.startsWith('https://')
      ? met(`Credentials point at ${service.publicBaseUrl} over TLS.`, evidence)
      : notMet(
          'The deployment names no https public base URL.',
          evidence,
          'Run the service behind TLS with PUBLIC_BASE_URL set to its https URL.',
        );
  },
};

export const idempotentIssuance: Check = {
  evaluates:
    'Issues are retried safely: the share of the last day’s issues sent with an Idempotency-Key (params.min_share, default 1).',
  evaluate: ({ idempotency }, params) => {
    const minShare = numberParam(params, 'min_share', 1);
    const { issuedLastDay: total, issuedWithKeyLastDay: keyed } = idempotency;
    const evidence = { issued_last_24h: total, with_idempotency_key: keyed, min_share: minShare };
    if (total === 0 || keyed / total >= minShare) {
      return met(`${keyed} of ${total} issue(s) in the last 24 hours carried an Idempotency-Key.`, evidence);
    }
    return share(
      keyed,
      total,
      {
        summary: `${keyed} of ${total} issue(s) in the last 24 hours carried an Idempotency-Key.`,
        remediation: 'Send an Idempotency-Key with every POST /v1/credentials/issue.',
      },
      evidence,
    );
  },
};

export const trustPolicySet: Check = {
  evaluates: 'Verification judges issuers: a trust policy is set that requires an attested issuer or a minimum score.',
  evaluate: ({ trustPolicy }) => {
    const evidence = {
      policy: trustPolicy && {
        min_score: trustPolicy.minScore,
        min_assurance_level: trustPolicy.minAssuranceLevel,
        require_attested_issuer: trustPolicy.requireAttestedIssuer,
      },
    };
    return trustPolicy && (trustPolicy.requireAttestedIssuer || trustPolicy.minScore > 0)
      ? met('Verification requires issuers the tenant trusts.', evidence)
      : notMet(
          'No trust policy requires issuers to be attested.',
          evidence,
          'Set one (PUT /v1/trust/policy) with require_attested_issuer or a min_score.',
        );
  },
};

/** A tenant's attestation counts for a year: frameworks expect such statements reviewed annually. */
export const ATTESTATION_VALID_DAYS = 365;

export const tenantAttestation: Check = {
  evaluates: `Only the tenant can know: it records a statement (POST …/attestations), which counts for ${ATTESTATION_VALID_DAYS} days.`,
  evaluate: ({ attestations, now }, _params, { frameworkId, controlId }) => {
    const attestation = attestations.get(`${frameworkId}/${controlId}`);
    const fresh = attestation && now.getTime() - attestation.createdAt.getTime() <= ATTESTATION_VALID_DAYS * DAY_MS;
    if (!attestation || !fresh) {
      return notMet(
        attestation ? 'The tenant’s attestation is over a year old.' : 'The tenant has not attested this control.',
        { attestation: attestation ? attestationEvidence(attestation) : null },
        `Record an attestation: POST /v1/compliance/frameworks/${frameworkId}/attestations {"control_id":"${controlId}","statement":…}.`,
      );
    }
    return {
      state: 'attestation',
      figure: null,
      summary: `Attested on ${attestation.createdAt.toISOString().slice(0, 10)}.`,
      evidence: { attestation: attestationEvidence(attestation) },
      remediation: null,
    };
  },
};

function attestationEvidence(attestation: {
  id: string;
  statement: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  createdAt: Date;
}) {
  return {
    id: attestation.id,
    statement: attestation.statement,
    attested_by_user_id: attestation.actorUserId,
    attested_by_api_key_id: attestation.actorApiKeyId,
    attested_at: attestation.createdAt.toISOString(),
  };
}
