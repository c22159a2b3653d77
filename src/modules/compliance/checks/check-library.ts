// The checks a framework's control may name (framework.types.ts): each evaluates one property of the tenant's
// live state, and some can refuse an issue that would break it. Frameworks share checks with their own
// parameters; a new framework needs no code unless it asks something no check here answers.
import type { Check } from './check.types.js';
import {
  apiKeysExpire,
  apiKeysScoped,
  apiKeysUsed,
  membersActive,
  ownersLimited,
  passwordHashing,
  sessionLifetime,
} from './access.checks.js';
import { credentialsExpire, credentialsRevocable, personalDataMinimised } from './credentials.checks.js';
import { signingAlgorithms, signingKeyAge, signingKeysEncrypted } from './keys.checks.js';
import {
  auditLogIntegrity,
  auditLogRetention,
  dataSubjectRequests,
  idempotentIssuance,
  tenantAttestation,
  transportEncrypted,
  trustPolicySet,
  webhooksSigned,
} from './records.checks.js';

export const CHECKS = {
  'signing-keys-encrypted': signingKeysEncrypted,
  'signing-algorithms': signingAlgorithms,
  'signing-key-age': signingKeyAge,
  'credentials-revocable': credentialsRevocable,
  'credentials-expire': credentialsExpire,
  'personal-data-minimised': personalDataMinimised,
  'owners-limited': ownersLimited,
  'api-keys-scoped': apiKeysScoped,
  'api-keys-expire': apiKeysExpire,
  'api-keys-used': apiKeysUsed,
  'members-active': membersActive,
  'session-lifetime': sessionLifetime,
  'password-hashing': passwordHashing,
  'audit-log-integrity': auditLogIntegrity,
  'audit-log-retention': auditLogRetention,
  'data-subject-requests': dataSubjectRequests,
  'webhooks-signed': webhooksSigned,
  'transport-encrypted': transportEncrypted,
  'idempotent-issuance': idempotentIssuance,
  'trust-policy': trustPolicySet,
  'tenant-attestation': tenantAttestation,
} as const satisfies Record<string, Check>;

export type CheckId = keyof typeof CHECKS;
