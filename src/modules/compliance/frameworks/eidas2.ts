// eIDAS 2: Regulation (EU) 910/2014 as amended by Regulation (EU) 2024/1183, and the EUDI Wallet Architecture and
// Reference Framework, for issuers of person identification data and electronic attestations of attributes.
import type { FrameworkDefinition } from '../framework.types.js';

export default {
  id: 'eidas2',
  name: 'eIDAS 2 (EU Digital Identity)',
  version: 'Regulation (EU) 2024/1183; ARF 1.x',
  citedAs: 'eIDAS',
  description: 'Issuers of PID and electronic attestations of attributes (EAA) to EU Digital Identity Wallets.',
  controls: [
    {
      id: 'selective-disclosure',
      clause: 'Art. 5a(4)(a)',
      requirement: 'Attributes reach relying parties by selective disclosure: a wallet shows only what is asked.',
      check: 'personal-data-minimised',
      enforced: true,
    },
    {
      id: 'validity-period',
      clause: 'Annex V(e)',
      requirement: 'An attestation states the beginning and end of its period of validity.',
      check: 'credentials-expire',
      enforced: true,
    },
    {
      id: 'validity-status',
      clause: 'Annex V(i)',
      requirement: 'An attestation says where its validity status can be enquired (revocation).',
      check: 'credentials-revocable',
    },
    {
      id: 'cryptographic-techniques',
      clause: 'Art. 24(2)(e)',
      requirement: 'Trustworthy systems with suitable cryptographic techniques sign attestations.',
      check: 'signing-algorithms',
      params: { allowed: ['EdDSA', 'ES256'] },
      enforced: true,
    },
    {
      id: 'key-protection',
      clause: 'Art. 24(2)(e)',
      requirement: 'Signing keys are protected against disclosure and modification.',
      check: 'signing-keys-encrypted',
    },
    {
      id: 'key-lifecycle',
      clause: 'Art. 24(2)(e)',
      requirement: 'Signing keys are renewed within their cryptoperiod.',
      check: 'signing-key-age',
      enforced: true,
    },
    {
      id: 'record-keeping',
      clause: 'Art. 24(2)(h)',
      requirement: 'All relevant information on data issued is recorded and kept accessible.',
      check: 'audit-log-integrity',
    },
    {
      id: 'record-retention',
      clause: 'Art. 24(2)(h)',
      requirement: 'Records are kept for an appropriate period, including after activity ceases.',
      check: 'audit-log-retention',
      params: { min_days: 3650 },
    },
    {
      id: 'relying-on-trusted-issuers',
      clause: 'ARF Topic 31',
      requirement: 'Attestations are accepted from issuers registered in a trusted list.',
      check: 'trust-policy',
    },
    {
      id: 'security-incident-notification',
      clause: 'Art. 19a(1)(b)',
      requirement: 'Security breaches are notified to the supervisory body within 24 hours of becoming aware.',
      check: 'tenant-attestation',
    },
    {
      id: 'risk-management',
      clause: 'Art. 19a(1)(a)',
      requirement: 'Policies and measures manage legal, business, operational and other risks.',
      check: 'tenant-attestation',
    },
  ],
} as const satisfies FrameworkDefinition;
