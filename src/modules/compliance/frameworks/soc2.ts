// SOC 2: the AICPA Trust Services Criteria (2017, revised points of focus 2022).
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'soc2',
  name: 'SOC 2',
  version: 'AICPA Trust Services Criteria 2017 (rev. 2022)',
  citedAs: 'SOC 2',
  description: 'Security, availability, processing integrity and confidentiality of the issuing service as used.',
  controls: [
    {
      id: 'logical-access-keys',
      clause: 'CC6.1',
      requirement: 'Encryption keys that protect information assets are themselves protected.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'key-rotation',
      clause: 'CC6.1',
      requirement: 'Cryptographic keys are rotated on a defined schedule.',
      check: 'signing-key-age',
    },
    {
      id: 'authentication',
      clause: 'CC6.1',
      requirement: 'Users authenticate with protected credentials (passwords hashed with a strong function).',
      check: 'password-hashing',
    },
    {
      id: 'access-removal',
      clause: 'CC6.2',
      requirement: 'Access of users who no longer need it is removed.',
      check: 'members-active',
    },
    {
      id: 'least-privilege-owners',
      clause: 'CC6.3',
      requirement: 'Access is granted on least privilege: few people hold full control.',
      check: 'owners-limited',
    },
    {
      id: 'least-privilege-keys',
      clause: 'CC6.3',
      requirement: 'Machine credentials carry only the permissions they need.',
      check: 'api-keys-scoped',
    },
    {
      id: 'credential-lifecycle',
      clause: 'CC6.2',
      requirement: 'Machine credentials expire and unused ones are removed.',
      check: 'api-keys-expire',
    },
    {
      id: 'unused-credentials',
      clause: 'CC6.2',
      requirement: 'Credentials unused for 90 days are removed.',
      check: 'api-keys-used',
      params: { days: 90 },
    },
    {
      id: 'transmission',
      clause: 'CC6.7',
      requirement: 'Information transmitted to other systems is protected.',
      check: 'webhooks-signed',
    },
    {
      id: 'monitoring',
      clause: 'CC7.2',
      requirement: 'Changes are logged and the log is protected from alteration.',
      check: 'audit-log-integrity',
    },
    {
      id: 'processing-integrity',
      clause: 'PI1.3',
      requirement: 'Processing is complete and accurate: a retried issue does not issue twice.',
      check: 'idempotent-issuance',
    },
    {
      id: 'confidential-disposal',
      clause: 'C1.2',
      requirement: 'Confidential information is disposed of when no longer needed.',
      check: 'data-subject-requests',
    },
    {
      id: 'change-management',
      clause: 'CC8.1',
      requirement: 'Changes to systems are authorised, tested and approved.',
      check: 'tenant-attestation',
    },
    {
      id: 'backup-recovery',
      clause: 'A1.2',
      requirement: 'Backups and recovery are in place and tested.',
      check: 'tenant-attestation',
    },
  ],
} as const satisfies FrameworkDefinition;
