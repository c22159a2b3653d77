// The events of an OpenID4VCI issuance session, as rows of the event catalogue (src/modules/events): what names the
// offer (its id, the configurations, the subject id the tenant gave), never a claim, a code or a token. Read with
// credentials:issue, the permission that shows offers.
import { z } from 'zod';

const id = (description: string) => z.uuid().meta({ description });
const instant = (description: string) => z.iso.datetime({ offset: true }).meta({ description });

const offerFields = {
  offer_id: id('The offer (GET /v1/oid4vci/offers/{id}).'),
  subject_id: z.string().meta({ description: 'Whom it is about, as the tenant gave it.' }),
  configuration_ids: z.array(z.string()).meta({ description: 'The credential configurations offered.' }),
};

const EXAMPLE = {
  offer_id: '0195f3c2-8d41-7a3b-9c5e-1f2a3b4c5d6e',
  subject_id: 'did:example:alice',
  configuration_ids: ['UniversityDegree'],
};

export const OID4VCI_EVENTS = {
  'oid4vci.offer.created': {
    readPermission: 'credentials:issue',
    description:
      'An OpenID4VCI credential offer was made (pre-authorized code flow): a wallet can redeem it until expires_at.',
    data: z.strictObject({
      ...offerFields,
      grant_type: z.enum(['pre_authorized_code', 'authorization_code']),
      tx_code_required: z.boolean().meta({ description: 'Whether the wallet must present a transaction code.' }),
      deferred: z.boolean().meta({ description: 'Whether its claims come later (deferred issuance).' }),
      expires_at: instant('Until when the pre-authorized code may be redeemed.'),
    }),
    example: {
      ...EXAMPLE,
      grant_type: 'pre_authorized_code',
      tx_code_required: true,
      deferred: false,
      expires_at: '2026-11-30T11:00:00.000Z',
    },
  },
  'oid4vci.offer.token_issued': {
    readPermission: 'credentials:issue',
    description: 'A wallet redeemed the offer’s pre-authorized code for an access token (DPoP-bound or bearer).',
    data: z.strictObject({
      ...offerFields,
      dpop_bound: z.boolean().meta({ description: 'Whether the token is bound to the wallet’s DPoP key.' }),
      token_expires_at: instant('When the access token (and with it the session) expires.'),
    }),
    example: { ...EXAMPLE, dpop_bound: true, token_expires_at: '2026-11-30T10:05:00.000Z' },
  },
  'oid4vci.offer.credential_issued': {
    readPermission: 'credentials:issue',
    description:
      'A wallet received the credentials of one configuration of the offer (one per key proof; each also a ' +
      'credential.issued event with channel oid4vci). state is credential_issued once every configuration is.',
    data: z.strictObject({
      ...offerFields,
      configuration_id: z.string().meta({ description: 'The configuration issued now.' }),
      credential_ids: z.array(z.uuid()).meta({ description: 'The credentials issued (GET /v1/credentials/{id}).' }),
      state: z.enum(['token_issued', 'credential_pending', 'credential_issued']),
    }),
    example: {
      ...EXAMPLE,
      configuration_id: 'UniversityDegree',
      credential_ids: ['8fed6df5-3a5e-4c1b-9d0e-2b7a1c4d5e6f'],
      state: 'credential_issued',
    },
  },
  'oid4vci.offer.credential_pending': {
    readPermission: 'credentials:issue',
    description:
      'A wallet asked for a configuration of a deferred offer and waits (OpenID4VCI §9): give the claims with POST ' +
      '/v1/oid4vci/offers/{id}/claims before waits_until, and the wallet’s next poll collects the credentials.',
    data: z.strictObject({
      ...offerFields,
      configuration_id: z.string().meta({ description: 'The configuration the wallet asked for.' }),
      credentials_requested: z.int().meta({ description: 'How many credentials (one per key proof).' }),
      waits_until: instant('Until when the wallet’s transaction (and its access token) lasts.'),
    }),
    example: {
      ...EXAMPLE,
      configuration_id: 'UniversityDegree',
      credentials_requested: 1,
      waits_until: '2026-12-07T10:04:00.000Z',
    },
  },
  'oid4vci.offer.expired': {
    readPermission: 'credentials:issue',
    description: 'The offer lapsed before every configuration was issued: its code or token is no longer accepted.',
    data: z.strictObject({ ...offerFields, expired_at: instant('When it lapsed.') }),
    example: { ...EXAMPLE, expired_at: '2026-11-30T11:00:00.000Z' },
  },
  'oid4vci.offer.cancelled': {
    readPermission: 'credentials:issue',
    description:
      'The offer was withdrawn: by the tenant (DELETE /v1/oid4vci/offers/{id}, reason cancelled) or with its ' +
      'claims when its subject was erased (reason subject_erased).',
    data: z.strictObject({
      ...offerFields,
      reason: z.enum(['cancelled', 'subject_erased']),
      cancelled_at: instant('When.'),
    }),
    example: { ...EXAMPLE, reason: 'cancelled', cancelled_at: '2026-11-30T10:02:00.000Z' },
  },
  'oid4vci.offer.failed': {
    readPermission: 'credentials:issue',
    description: 'The offer is locked: too many wrong transaction codes were presented with its pre-authorized code.',
    data: z.strictObject({
      ...offerFields,
      reason: z.enum(['tx_code_attempts']),
      failed_at: instant('When.'),
    }),
    example: { ...EXAMPLE, reason: 'tx_code_attempts', failed_at: '2026-11-30T10:03:00.000Z' },
  },
  'oid4vci.offer.notified': {
    readPermission: 'credentials:issue',
    description:
      'The wallet told what became of credentials it received (OpenID4VCI §11): credential_accepted, ' +
      'credential_failure or credential_deleted. Never its free-text description.',
    data: z.strictObject({
      ...offerFields,
      notification_id: z.string(),
      configuration_id: z.string(),
      event: z.enum(['credential_accepted', 'credential_failure', 'credential_deleted']),
      notified_at: instant('When the wallet said so.'),
    }),
    example: {
      ...EXAMPLE,
      notification_id: 'k3Fz8q1wTn2c',
      configuration_id: 'UniversityDegree',
      event: 'credential_accepted',
      notified_at: '2026-11-30T10:04:10.000Z',
    },
  },
  'oid4vci.authorization.approved': {
    readPermission: 'credentials:issue',
    description:
      'The tenant approved an authorization of the authorization code flow (POST ' +
      '/v1/oid4vci/authorizations/{id}/approve): the wallet gets its code when the browser returns.',
    data: z.strictObject({
      authorization_id: id('The authorization (GET /v1/oid4vci/authorizations/{id}).'),
      ...offerFields,
      offer_id: id('The offer its token redeems: the one whose issuer_state it carried, or one made now.'),
      approved_at: instant('When.'),
    }),
    example: {
      authorization_id: '5b1e2f0a-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      ...EXAMPLE,
      approved_at: '2026-11-30T10:01:00.000Z',
    },
  },
  'oid4vci.authorization.denied': {
    readPermission: 'credentials:issue',
    description: 'The tenant denied an authorization of the authorization code flow: the wallet is told access_denied.',
    data: z.strictObject({
      authorization_id: id('The authorization (GET /v1/oid4vci/authorizations/{id}).'),
      offer_id: id('The offer whose issuer_state it carried.').nullable(),
      configuration_ids: z.array(z.string()).meta({ description: 'The credential configurations asked for.' }),
      denied_at: instant('When.'),
    }),
    example: {
      authorization_id: '5b1e2f0a-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      offer_id: null,
      configuration_ids: ['UniversityDegree'],
      denied_at: '2026-11-30T10:01:00.000Z',
    },
  },
} as const;
