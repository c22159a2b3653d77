// NIST SP 800-63-4 Digital Identity Guidelines (2025): 63A enrolment records, 63B authenticators and sessions,
// 63C assertions, with SP 800-57 for key cryptoperiods.
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'nist-800-63',
  name: 'NIST SP 800-63',
  version: 'SP 800-63-4 (August 2025)',
  citedAs: 'NIST',
  description: 'Digital identity guidelines for credential service providers and the assertions they sign.',
  controls: [
    {
      id: 'password-storage',
      clause: 'SP 800-63B-4 §3.1.1.2',
      requirement: 'Passwords are stored salted and hashed with a cost-hardened (memory-hard) function.',
      check: 'password-hashing',
    },
    {
      id: 'reauthentication',
      clause: 'SP 800-63B-4 §2.2.3',
      requirement: 'At AAL2, sessions reauthenticate at least every 24 hours.',
      check: 'session-lifetime',
      params: { max_hours: 24 },
    },
    {
      id: 'multi-factor',
      clause: 'SP 800-63B-4 §2.2.1',
      requirement: 'AAL2 needs two factors: the tenant’s members reach the service through a multi-factor gateway.',
      check: 'tenant-attestation',
    },
    {
      id: 'approved-cryptography',
      clause: 'SP 800-63C-4 (assertion protection)',
      requirement: 'Assertions (credentials) are signed with approved algorithms.',
      check: 'signing-algorithms',
      params: { allowed: ['EdDSA', 'ES256'] },
      enforced: true,
    },
    {
      id: 'cryptoperiod',
      clause: 'SP 800-57 Pt 1 §5.3',
      requirement: 'Signing keys are used no longer than their cryptoperiod.',
      check: 'signing-key-age',
      enforced: true,
    },
    {
      id: 'key-protection',
      clause: 'SP 800-63B-4 (authenticator secrets)',
      requirement: 'Secret keys are protected against disclosure.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'assertion-lifetime',
      clause: 'SP 800-63C-4 (assertion lifetime)',
      requirement: 'Assertions carry an expiry.',
      check: 'credentials-expire',
      enforced: true,
    },
    {
      id: 'revocation',
      clause: 'SP 800-63B-4 (invalidation)',
      requirement: 'Credentials can be invalidated promptly (status published).',
      check: 'credentials-revocable',
    },
    {
      id: 'authenticator-expiry',
      clause: 'SP 800-63B-4 (expiration)',
      requirement: 'Machine authenticators expire.',
      check: 'api-keys-expire',
    },
    {
      id: 'records-retention',
      clause: 'SP 800-63A-4 (records retention)',
      requirement: 'Records of enrolment and changes are kept and protected.',
      check: 'audit-log-integrity',
    },
    {
      id: 'privacy-minimisation',
      clause: 'SP 800-63-4 (privacy considerations)',
      requirement: 'Attributes are disclosed only as needed (data minimisation).',
      check: 'personal-data-minimised',
    },
  ],
} as const satisfies FrameworkDefinition;
