// ISO/IEC 27001:2022 Annex A (the controls of ISO/IEC 27002:2022).
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'iso27001',
  name: 'ISO/IEC 27001',
  version: 'ISO/IEC 27001:2022 Annex A',
  citedAs: 'ISO 27001',
  description: 'Information security controls over the tenant’s use of the issuing service.',
  controls: [
    {
      id: 'use-of-cryptography',
      clause: 'A.8.24',
      requirement: 'Rules for the effective use of cryptography, including algorithms, are defined and applied.',
      check: 'signing-algorithms',
      params: { allowed: ['EdDSA', 'ES256'] },
      enforced: true,
    },
    {
      id: 'key-management',
      clause: 'A.8.24',
      requirement: 'Cryptographic keys are managed through their lifecycle, including rotation.',
      check: 'signing-key-age',
      enforced: true,
    },
    {
      id: 'key-storage',
      clause: 'A.8.24',
      requirement: 'Keys are protected at rest.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'access-control',
      clause: 'A.5.15',
      requirement: 'Access is granted on business need: machine credentials are scoped.',
      check: 'api-keys-scoped',
    },
    {
      id: 'authentication-information',
      clause: 'A.5.17',
      requirement: 'Authentication information is allocated and managed securely.',
      check: 'password-hashing',
    },
    {
      id: 'access-rights-review',
      clause: 'A.5.18',
      requirement: 'Access rights are reviewed and removed when no longer needed.',
      check: 'members-active',
    },
    {
      id: 'access-rights-keys',
      clause: 'A.5.18',
      requirement: 'Machine credentials expire and are removed when unused.',
      check: 'api-keys-used',
    },
    {
      id: 'privileged-access',
      clause: 'A.8.2',
      requirement: 'Privileged access rights are restricted.',
      check: 'owners-limited',
    },
    {
      id: 'secure-authentication',
      clause: 'A.8.5',
      requirement: 'Sessions are limited in time.',
      check: 'session-lifetime',
    },
    {
      id: 'logging',
      clause: 'A.8.15',
      requirement: 'Logs of activities are produced, stored and protected against tampering.',
      check: 'audit-log-integrity',
    },
    {
      id: 'protection-of-records',
      clause: 'A.5.33',
      requirement: 'Records are protected from loss and kept as required.',
      check: 'audit-log-retention',
    },
    {
      id: 'pii-protection',
      clause: 'A.5.34',
      requirement: 'Personally identifiable information is protected as law and contract require.',
      check: 'personal-data-minimised',
    },
    {
      id: 'information-deletion',
      clause: 'A.8.10',
      requirement: 'Information is deleted when no longer required.',
      check: 'data-subject-requests',
    },
    {
      id: 'information-transfer',
      clause: 'A.5.14',
      requirement: 'Information transferred to other parties is protected.',
      check: 'webhooks-signed',
    },
    {
      id: 'incident-management',
      clause: 'A.5.24',
      requirement: 'Incident management is planned and prepared.',
      check: 'tenant-attestation',
    },
    {
      id: 'backup',
      clause: 'A.8.13',
      requirement: 'Backups are kept and tested.',
      check: 'tenant-attestation',
    },
  ],
} as const satisfies FrameworkDefinition;
