// UK digital identity and attributes trust framework (DSIT, 0.4 gamma and the statutory rules that follow it).
// The framework words its rules under section titles rather than numbered clauses; they are cited by title.
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'uk-diatf',
  name: 'UK DIATF',
  version: 'UK digital identity and attributes trust framework 0.4 (gamma)',
  citedAs: 'UK DIATF',
  description: 'Identity and attribute service providers certified under the UK trust framework.',
  controls: [
    {
      id: 'data-minimisation',
      clause: '§Data management: data minimisation',
      requirement: 'Only the attributes a relying party needs are shared.',
      check: 'personal-data-minimised',
      enforced: true,
    },
    {
      id: 'attribute-validity',
      clause: '§Attribute service providers: validity',
      requirement: 'Attributes carry how long they are valid.',
      check: 'credentials-expire',
      enforced: true,
    },
    {
      id: 'attribute-revocation',
      clause: '§Attribute service providers: revocation',
      requirement: 'Attributes that are no longer true can be revoked and checked.',
      check: 'credentials-revocable',
    },
    {
      id: 'cryptography',
      clause: '§Security: cryptography',
      requirement: 'Industry-standard cryptography protects identities and attributes.',
      check: 'signing-algorithms',
      enforced: true,
    },
    {
      id: 'key-management',
      clause: '§Security: key management',
      requirement: 'Keys are stored securely and rotated.',
      check: 'signing-key-age',
    },
    {
      id: 'key-storage',
      clause: '§Security: key management',
      requirement: 'Private keys are stored securely.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'access-management',
      clause: '§Security: access management',
      requirement: 'Access to systems is limited to those who need it.',
      check: 'api-keys-scoped',
    },
    {
      id: 'leavers',
      clause: '§Security: access management',
      requirement: 'Access of people who no longer need it is removed.',
      check: 'members-active',
    },
    {
      id: 'record-keeping',
      clause: '§Record keeping',
      requirement: 'Records of what was done are kept, protected from alteration.',
      check: 'audit-log-integrity',
    },
    {
      id: 'data-subject-rights',
      clause: '§Data management: UK GDPR rights',
      requirement: 'People can access and erase the data held about them.',
      check: 'data-subject-requests',
    },
    {
      id: 'trusted-parties',
      clause: '§Rules for relying on attributes',
      requirement: 'Attributes are accepted from certified, trusted providers.',
      check: 'trust-policy',
    },
    {
      id: 'fraud-management',
      clause: '§Fraud management',
      requirement: 'Fraud is monitored and reported.',
      check: 'tenant-attestation',
    },
  ],
} as const satisfies FrameworkDefinition;
