// HIPAA Security Rule (45 CFR Part 164 Subpart C), with the Privacy Rule's minimum necessary standard, for
// credentials that carry protected health information.
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'hipaa',
  name: 'HIPAA Security Rule',
  version: '45 CFR Part 164 Subparts C and E',
  citedAs: 'HIPAA',
  description: 'Credentials carrying protected health information (ePHI).',
  controls: [
    {
      id: 'minimum-necessary',
      clause: '§164.502(b)',
      requirement: 'Only the minimum necessary PHI is disclosed: health claims are selectively disclosable.',
      check: 'personal-data-minimised',
      enforced: true,
    },
    {
      id: 'access-control',
      clause: '§164.312(a)(1)',
      requirement: 'Access to ePHI is limited to authorised persons and software.',
      check: 'api-keys-scoped',
    },
    {
      id: 'privileged-access',
      clause: '§164.308(a)(4)',
      requirement: 'Access is authorised by role; full control is limited.',
      check: 'owners-limited',
    },
    {
      id: 'automatic-logoff',
      clause: '§164.312(a)(2)(iii)',
      requirement: 'Sessions end after a set time.',
      check: 'session-lifetime',
      params: { max_hours: 24 },
    },
    {
      id: 'encryption',
      clause: '§164.312(a)(2)(iv)',
      requirement: 'Keys that protect ePHI are encrypted at rest.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'audit-controls',
      clause: '§164.312(b)',
      requirement: 'Activity in systems with ePHI is recorded and examined.',
      check: 'audit-log-integrity',
    },
    {
      id: 'integrity',
      clause: '§164.312(c)(1)',
      requirement: 'ePHI is protected from improper alteration: credentials are signed with strong algorithms.',
      check: 'signing-algorithms',
    },
    {
      id: 'authentication',
      clause: '§164.312(d)',
      requirement: 'People and software are authenticated before access.',
      check: 'password-hashing',
    },
    {
      id: 'transmission-security',
      clause: '§164.312(e)(1)',
      requirement: 'ePHI sent over networks is protected.',
      check: 'webhooks-signed',
    },
    {
      id: 'transmission-encryption',
      clause: '§164.312(e)(2)(ii)',
      requirement: 'ePHI is encrypted in transit.',
      check: 'transport-encrypted',
    },
    {
      id: 'termination',
      clause: '§164.308(a)(3)(ii)(C)',
      requirement: 'Access ends when a workforce member no longer needs it.',
      check: 'members-active',
    },
    {
      id: 'documentation-retention',
      clause: '§164.316(b)(2)(i)',
      requirement: 'Documentation is retained for six years.',
      check: 'audit-log-retention',
      params: { min_days: 2190 },
    },
    {
      id: 'incident-procedures',
      clause: '§164.308(a)(6)',
      requirement: 'Security incidents are identified, responded to and documented.',
      check: 'tenant-attestation',
    },
    {
      id: 'contingency-plan',
      clause: '§164.308(a)(7)',
      requirement: 'A contingency plan (backup, recovery) exists and is tested.',
      check: 'tenant-attestation',
    },
    {
      id: 'business-associate',
      clause: '§164.308(b)(1)',
      requirement: 'A business associate agreement covers this service.',
      check: 'tenant-attestation',
    },
  ],
} as const satisfies FrameworkDefinition;
