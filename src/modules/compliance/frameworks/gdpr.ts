// GDPR: Regulation (EU) 2016/679, for credentials carrying personal data.
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'gdpr',
  name: 'GDPR',
  version: 'Regulation (EU) 2016/679',
  citedAs: 'GDPR',
  description: 'Processing of personal data in credentials and the records about the people they describe.',
  controls: [
    {
      id: 'data-minimisation',
      clause: 'Art. 5(1)(c)',
      requirement: 'Personal data is limited to what is necessary: verifiers see only the claims disclosed to them.',
      check: 'personal-data-minimised',
      enforced: true,
    },
    {
      id: 'storage-limitation',
      clause: 'Art. 5(1)(e)',
      requirement: 'Personal data is kept in identifiable form no longer than necessary: credentials expire.',
      check: 'credentials-expire',
      enforced: true,
    },
    {
      id: 'integrity-confidentiality',
      clause: 'Art. 5(1)(f)',
      requirement: 'Appropriate security, including protection of the keys that sign personal data.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'encryption-in-transit',
      clause: 'Art. 32(1)(a)',
      requirement: 'Personal data is encrypted in transit.',
      check: 'transport-encrypted',
    },
    {
      id: 'webhook-transfers',
      clause: 'Art. 32(1)(b)',
      requirement: 'The confidentiality and integrity of data sent to other systems is ensured.',
      check: 'webhooks-signed',
    },
    {
      id: 'authorised-access-only',
      clause: 'Art. 32(4)',
      requirement: 'Only people acting under the controller’s instructions access the data: no unscoped keys.',
      check: 'api-keys-scoped',
    },
    {
      id: 'access-review',
      clause: 'Art. 32(1)(b)',
      requirement: 'Access of people who no longer need it is removed.',
      check: 'members-active',
    },
    {
      id: 'right-of-access',
      clause: 'Art. 15',
      requirement: 'A data subject obtains a copy of the personal data held about them.',
      check: 'data-subject-requests',
    },
    {
      id: 'right-to-erasure',
      clause: 'Art. 17',
      requirement: 'A data subject’s personal data is erased on request; their credentials can be revoked.',
      check: 'credentials-revocable',
    },
    {
      id: 'records-of-processing',
      clause: 'Art. 30',
      requirement: 'Records of processing activities are kept, complete and unaltered.',
      check: 'audit-log-integrity',
    },
    {
      id: 'processor-agreement',
      clause: 'Art. 28(3)',
      requirement: 'Processing by this service is governed by a data processing agreement.',
      check: 'tenant-attestation',
    },
    {
      id: 'breach-notification',
      clause: 'Art. 33',
      requirement: 'A personal data breach is notified to the supervisory authority within 72 hours.',
      check: 'tenant-attestation',
    },
  ],
} as const satisfies FrameworkDefinition;
