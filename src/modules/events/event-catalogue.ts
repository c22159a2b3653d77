// The event catalogue: every event the service records in its outbox (src/modules/outbox) and delivers to
// webhooks, with the shape of its `data` as a zod schema, a one-line description and an example. The OpenAPI
// document's `webhooks` section (src/rest/openapi-webhooks.ts), the GraphQL enum EventType, the webhook
// endpoints' `events` rule and the event log (GET /v1/events) all read this table; a new event is a new row.
//
// Payloads are REST-facing JSON: snake_case keys, ISO 8601 times. What never goes into one: a
// secret, an API key's plaintext or hash, an invitation token, a credential's claim values. A credential event
// names the credential (ids, format, type, issuer, subject id, status entry), never what it says. Member
// events carry ids and roles; only member.invited carries an email (see its description).
//
// Who reads an event: the event log needs events:read, and lists an event only to a caller who also holds its
// type's `readPermission`, the permission of the endpoint that shows the same data (member.invited's email
// and GET /v1/members/invitations: members:list; a credential's subject id and GET /v1/credentials:
// credentials:list). A payload is never cut down: a type is readable whole or not listed at all.
import { z } from 'zod';
import type { Permission } from '../../auth/permissions.js';
import { credentialFormat } from '../credentials/credentials.inputs.js';
import { statusReferenceType } from '../credentials/credentials.views.js';
import { KEY_TYPES } from '../dids/signing-keys.js';
import { planName } from '../plans/plans.js';
import { assuranceLevel } from '../trust/trust.inputs.js';
import { OID4VCI_EVENTS } from '../oid4vci/oid4vci.events.js';
import { OID4VP_EVENTS } from '../oid4vp/oid4vp.events.js';

const id = (description: string) => z.uuid().meta({ description });
const instant = (description: string) => z.iso.datetime({ offset: true }).meta({ description });

const credentialFields = {
  credential_id: id('The credential’s id (GET /v1/credentials/{id}).'),
  format: credentialFormat,
  credential_type: z.string().meta({ description: 'The VC type (jwt_vc_json) or vct (vc+sd-jwt).' }),
  issuer: z.string().meta({ description: 'The issuer DID.' }),
  subject_id: z.string().nullable().meta({
    description:
      'The subject’s id as issued (null when none was given); for an OpenID4VCI credential, its offer’s subject_id.',
  }),
  status: z
    .strictObject({
      type: statusReferenceType,
      uri: z.string().meta({ description: 'The public status list the credential points into.' }),
      index: z.int().nonnegative().meta({ description: 'The credential’s entry in that list.' }),
    })
    .meta({ description: 'The credential’s status entry, as embedded in it.' }),
};

const attestationFields = {
  attestation_id: id('The attestation’s id (GET /v1/trust/attestations/{id}).'),
  attester_did: z.string().meta({ description: 'The tenant’s DID that signed it.' }),
  subject_did: z.string().meta({ description: 'Whom it is about.' }),
  score: z.int().min(0).max(100),
  weight: z.number().min(0).max(1),
  assurance_level: assuranceLevel,
  credential_types: z.array(z.string()).meta({ description: 'The credential types it applies to; empty: all.' }),
  status: z
    .strictObject({
      type: statusReferenceType,
      uri: z.string().meta({ description: 'The public status list its credential points into.' }),
      index: z.int().nonnegative(),
    })
    .meta({ description: 'The attestation credential’s status entry.' }),
};

/** A DID's certificate chain, by its leaf (never the whole chain). */
const certificateChainFields = {
  did: z.string(),
  leaf_subject: z.string().meta({ description: 'The leaf certificate’s subject (RFC 4514).' }),
  leaf_issuer: z.string().meta({ description: 'Who issued the leaf.' }),
  leaf_serial_number: z.string().meta({ description: 'The leaf’s serial number, hex.' }),
  leaf_not_after: instant('When the leaf expires.'),
  leaf_fingerprint: z.string().meta({ description: 'The SHA-256 of the leaf’s DER, hex.' }),
  certificates: z.int().positive().meta({ description: 'How many certificates the chain holds, as uploaded.' }),
};

const memberRole = {
  role: z.string().meta({ description: 'The role’s name.' }),
  role_id: id('The role’s id (GET /v1/roles).'),
};

const apiKeyFields = {
  api_key_id: id('The key’s id (GET /v1/admin/api-keys).'),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the key, to recognise it: never the key.' }),
  scopes: z
    .array(z.string())
    .nullable()
    .meta({ description: 'The permissions it is limited to; null for an unscoped key (its creator’s role).' }),
};

const DOMAIN_EXAMPLE = { id: '6b1f0e2d-3c4a-4b5c-9d6e-7f8a9b0c1d2e', domain: 'credentials.example.com' } as const;

const EXAMPLE = {
  credentialId: '8fed6df5-3a5e-4c1b-9d0e-2b7a1c4d5e6f',
  issuer: 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp',
  status: {
    type: 'BitstringStatusListEntry',
    uri: 'https://credentials.example.com/v1/status-lists/9465990f-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    index: 22441,
  },
  userId: '336253ca-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  viewerRoleId: '00000000-0000-4000-8000-000000000005',
  issuerRoleId: '00000000-0000-4000-8000-000000000003',
  invitationId: 'c0a8012e-7d3f-4b5a-9e6c-1f2a3b4c5d6e',
  apiKeyId: '5d8e2f4a-1b3c-4d5e-8f6a-7b8c9d0e1f2a',
} as const;

/** What both credential events say of their credential. */
const CREDENTIAL_EXAMPLE = {
  credential_id: EXAMPLE.credentialId,
  format: 'jwt_vc_json',
  credential_type: 'UniversityDegreeCredential',
  issuer: EXAMPLE.issuer,
  subject_id: 'did:example:alice',
  status: EXAMPLE.status,
};

/** What both certificate chain events say. */
const CERTIFICATE_CHAIN_EXAMPLE = {
  did: EXAMPLE.issuer,
  leaf_subject: 'C=DE, O=Analytical Engines, CN=Analytical Engines Credential Issuer',
  leaf_issuer: 'C=DE, O=Example Trust Services, CN=Example Issuing CA',
  leaf_serial_number: '4f2a9c1e7b3d5a60',
  leaf_not_after: '2027-11-30T00:00:00.000Z',
  leaf_fingerprint: '9b1c4f0e2d7a3b8c5e6f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d',
  certificates: 2,
};

/** What both trust events say of their attestation. */
const ATTESTATION_EXAMPLE = {
  attestation_id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  attester_did: EXAMPLE.issuer,
  subject_did: 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH',
  score: 80,
  weight: 0.5,
  assurance_level: 'substantial',
  credential_types: ['KycCredential'],
  status: EXAMPLE.status,
};

type CatalogueEntry = {
  /**
   * Who may read events of this type (GET /v1/events, with events:read): the permission that reads the
   * same thing through its own endpoint, so the log tells nobody more than that endpoint would.
   */
  readPermission: Permission;
  description: string;
  data: z.ZodObject;
  example: Record<string, unknown>;
};

/** Every event type, in the order the documentation lists them. */
export const EVENT_CATALOGUE = {
  'credential.issued': {
    readPermission: 'credentials:list',
    description:
      'A credential was issued. Carries what names it (id, format, type, issuer, subject id, status entry) and ' +
      'the door it went out through, never its claims.',
    data: z.strictObject({
      ...credentialFields,
      issued_at: instant('When it was issued.'),
      expires_at: instant('When it expires; null when it does not.').nullable(),
      channel: z.enum(['api', 'oid4vci']).meta({
        description:
          'api: POST /v1/credentials/issue (or GraphQL issueCredential); oid4vci: a wallet redeemed an OpenID4VCI offer.',
      }),
      offer_id: z
        .uuid()
        .nullable()
        .meta({ description: 'The OpenID4VCI offer it was issued for (GET /v1/oid4vci/offers/{id}); null for api.' }),
    }),
    example: {
      ...CREDENTIAL_EXAMPLE,
      issued_at: '2026-11-24T18:50:02.114Z',
      expires_at: null,
      channel: 'api',
      offer_id: null,
    },
  },
  'credential.revoked': {
    readPermission: 'credentials:list',
    description: 'A credential was revoked: its bit in its status list is set, and verifiers now see it revoked.',
    data: z.strictObject({ ...credentialFields, revoked_at: instant('When it was revoked.') }),
    example: {
      ...CREDENTIAL_EXAMPLE,
      revoked_at: '2026-11-24T18:55:10.925Z',
    },
  },
  'did.created': {
    readPermission: 'dids:list',
    description: 'A DID was created in the tenant (its private key stays in the service).',
    data: z.strictObject({
      did: z.string(),
      key_type: z.enum(KEY_TYPES),
      verification_method: z.string().meta({ description: 'The id of its key, as credentials name it (kid).' }),
    }),
    example: {
      did: EXAMPLE.issuer,
      key_type: 'Ed25519',
      verification_method: `${EXAMPLE.issuer}#z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp`,
    },
  },
  'did.deactivated': {
    readPermission: 'dids:list',
    description:
      'A DID was deactivated: it can no longer issue. Credentials it issued stay verifiable, except a did:web ' +
      'whose domain has since passed to another tenant (its document is no longer served).',
    data: z.strictObject({
      did: z.string(),
      key_type: z.enum(KEY_TYPES),
      deactivated_at: instant('When it was deactivated.'),
    }),
    example: { did: EXAMPLE.issuer, key_type: 'Ed25519', deactivated_at: '2026-11-25T09:12:45.301Z' },
  },
  'did.certificate_chain.set': {
    readPermission: 'dids:list',
    description:
      'An X.509 certificate chain was set for a DID’s key (checked: it certifies the key, is valid and signed link by ' +
      'link): its SD-JWT VCs carry it in their x5c header from now on.',
    data: z.strictObject(certificateChainFields),
    example: CERTIFICATE_CHAIN_EXAMPLE,
  },
  'did.certificate_chain.removed': {
    readPermission: 'dids:list',
    description: 'A DID’s certificate chain was removed: its SD-JWT VCs no longer carry x5c.',
    data: z.strictObject(certificateChainFields),
    example: CERTIFICATE_CHAIN_EXAMPLE,
  },
  'member.invited': {
    readPermission: 'members:list',
    description:
      'Someone was invited to join the tenant. The only member event with an email: the invitee has no user ' +
      'id yet, and the address is what the inviter typed, so it is how a consumer knows who was invited. ' +
      'Never the invitation token.',
    data: z.strictObject({
      invitation_id: id('The invitation’s id (GET /v1/members/invitations).'),
      email: z.string().meta({ description: 'The invited address, as the inviter entered it.' }),
      ...memberRole,
      invited_by_user_id: id('Who invited them (an API key acts for the user who created it).'),
      expires_at: instant('When the invitation lapses if not accepted.'),
    }),
    example: {
      invitation_id: EXAMPLE.invitationId,
      email: 'bob@example.com',
      role: 'viewer',
      role_id: EXAMPLE.viewerRoleId,
      invited_by_user_id: EXAMPLE.userId,
      expires_at: '2026-12-01T18:50:02.114Z',
    },
  },
  'member.joined': {
    readPermission: 'members:list',
    description:
      'An invitation was accepted: a member joined. No email or name (personal data): correlate by ' +
      'invitation_id with member.invited, or read GET /v1/members.',
    data: z.strictObject({
      user_id: id('The new member’s user id (GET /v1/members).'),
      ...memberRole,
      invitation_id: id('The invitation they accepted.'),
    }),
    example: {
      user_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      role: 'viewer',
      role_id: EXAMPLE.viewerRoleId,
      invitation_id: EXAMPLE.invitationId,
    },
  },
  'member.removed': {
    readPermission: 'members:list',
    description:
      'A member was removed: their sessions in the tenant ended and the API keys they created were revoked ' +
      '(each also an api_key.revoked event). Ids and role only.',
    data: z.strictObject({ user_id: id('The removed member’s user id.'), ...memberRole }),
    example: { user_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', role: 'viewer', role_id: EXAMPLE.viewerRoleId },
  },
  'member.role_changed': {
    readPermission: 'members:list',
    description: 'A member’s role changed; it applies from their next request. Ids and roles only.',
    data: z.strictObject({
      user_id: id('The member’s user id.'),
      ...memberRole,
      previous_role: z.string(),
      previous_role_id: z.uuid(),
    }),
    example: {
      user_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      role: 'issuer',
      role_id: EXAMPLE.issuerRoleId,
      previous_role: 'viewer',
      previous_role_id: EXAMPLE.viewerRoleId,
    },
  },
  'api_key.created': {
    readPermission: 'api_keys:manage',
    description: 'An API key was created. Its name, prefix and scopes: never the key or its hash.',
    data: z.strictObject({
      ...apiKeyFields,
      created_by_user_id: id('Who created it.'),
      expires_at: instant('When it expires; null when it does not.').nullable(),
    }),
    example: {
      api_key_id: EXAMPLE.apiKeyId,
      name: 'ci',
      prefix: 'bsk_live_aa7337',
      scopes: ['credentials:issue', 'credentials:verify'],
      created_by_user_id: EXAMPLE.userId,
      expires_at: null,
    },
  },
  'api_key.revoked': {
    readPermission: 'api_keys:manage',
    description:
      'An API key was revoked (its next request gets 401): by a caller (reason `revoked`), or with the ' +
      'member who created it (reason `member_removed`).',
    data: z.strictObject({
      ...apiKeyFields,
      revoked_at: instant('When it was revoked.'),
      reason: z.enum(['revoked', 'member_removed']),
    }),
    example: {
      api_key_id: EXAMPLE.apiKeyId,
      name: 'ci',
      prefix: 'bsk_live_aa7337',
      scopes: ['credentials:issue', 'credentials:verify'],
      revoked_at: '2026-11-26T08:00:00.000Z',
      reason: 'revoked',
    },
  },
  'plan.changed': {
    readPermission: 'usage:read',
    description: 'The tenant moved to another plan; its limits apply at once. Not sent when the plan is unchanged.',
    data: z.strictObject({ plan: planName, previous_plan: planName }),
    example: { plan: 'business', previous_plan: 'developer' },
  },
  'trust.attestation.created': {
    readPermission: 'trust:read',
    description:
      'The tenant attested a subject DID (a graded, signed TrustAttestation credential). Never its evidence.',
    data: z.strictObject({
      ...attestationFields,
      valid_from: instant('From when it counts.'),
      valid_until: instant('Until when it counts; null: no end.').nullable(),
    }),
    example: {
      ...ATTESTATION_EXAMPLE,
      valid_from: '2026-11-24T18:50:02.114Z',
      valid_until: null,
    },
  },
  'trust.attestation.revoked': {
    readPermission: 'trust:read',
    description: 'An attestation was revoked: its status bit is set, and it no longer counts in scores or lists.',
    data: z.strictObject({ ...attestationFields, revoked_at: instant('When it was revoked.') }),
    example: {
      ...ATTESTATION_EXAMPLE,
      revoked_at: '2026-11-24T19:02:40.511Z',
    },
  },
  'compliance.framework.adopted': {
    readPermission: 'compliance:read',
    description:
      'The tenant adopted a compliance framework: from now on issuing refuses what breaks its enforceable controls.',
    data: z.strictObject({
      framework: z.string().meta({ description: 'The framework’s id (GET /v1/compliance/frameworks/{id}).' }),
      adopted_at: instant('When it was adopted.'),
    }),
    example: { framework: 'gdpr', adopted_at: '2026-11-24T21:40:02.118Z' },
  },
  'compliance.framework.unadopted': {
    readPermission: 'compliance:read',
    description: 'The tenant stopped enforcing a compliance framework; it is still evaluated.',
    data: z.strictObject({
      framework: z.string().meta({ description: 'The framework’s id.' }),
      unadopted_at: instant('When it stopped being enforced.'),
    }),
    example: { framework: 'gdpr', unadopted_at: '2026-11-24T21:48:13.402Z' },
  },
  'compliance.report.issued': {
    readPermission: 'compliance:read',
    description:
      'A compliance report was issued: the framework’s evaluation at that moment, signed as a ComplianceReport credential.',
    data: z.strictObject({
      report_id: id('The report’s id (GET /v1/compliance/reports/{id}).'),
      framework: z.string(),
      issuer_did: z.string().meta({ description: 'The tenant’s DID that signed it.' }),
      met: z.int().nonnegative(),
      not_met: z.int().nonnegative(),
      partial: z.int().nonnegative(),
      attestation: z.int().nonnegative(),
    }),
    example: {
      report_id: '0f3c2b1a-9e8d-4c7b-a6f5-e4d3c2b1a098',
      framework: 'gdpr',
      issuer_did: EXAMPLE.issuer,
      met: 7,
      not_met: 3,
      partial: 1,
      attestation: 1,
    },
  },
  'compliance.subject.erased': {
    readPermission: 'compliance:manage',
    description:
      'A data subject’s credentials were erased at their request (GDPR Art. 17; POST ' +
      '/v1/compliance/subjects/{subject_id}/erase): the active ones revoked (each also a credential.revoked ' +
      'event), and every one’s body and claim values removed; ids, hash and status entry stay. The tenant’s ' +
      'DIDComm messages carrying one of them, sent or received, are deleted, and what its OpenID4VP requests were ' +
      'shown of them is erased. Sent for every erase request, also ' +
      'one that found nothing (zeros).',
    data: z.strictObject({
      subject_id: z.string().meta({ description: 'The subject id the request was about (credentials.subject_id).' }),
      request_id: id('The data subject request’s id.'),
      credential_ids: z.array(z.uuid()).meta({ description: 'The credentials erased by this request.' }),
      credentials_erased: z.int().nonnegative(),
      credentials_revoked: z.int().nonnegative().meta({ description: 'Of those, how many were active until now.' }),
      messages_erased: z.int().nonnegative().meta({
        description: 'The tenant’s DIDComm messages, sent or received, that carried one of their credentials: deleted.',
      }),
      presentation_requests_erased: z.int().nonnegative().meta({
        description:
          'The tenant’s OpenID4VP requests whose presentations named them (as subject or holder): what was disclosed, erased.',
      }),
      erased_at: instant('When they were erased.'),
    }),
    example: {
      subject_id: 'did:example:alice',
      request_id: '2c9d4e6f-8a1b-4c3d-9e5f-7a8b9c0d1e2f',
      credential_ids: [EXAMPLE.credentialId],
      credentials_erased: 1,
      credentials_revoked: 1,
      messages_erased: 0,
      presentation_requests_erased: 0,
      erased_at: '2026-11-27T10:15:00.000Z',
    },
  },
  'domain.verified': {
    readPermission: 'domains:manage',
    description:
      'A custom domain was verified: its TXT record holds the token, and the name now serves the tenant’s did:web ' +
      'DIDs, status lists and API. Other tenants’ pending claims on the name end (each a domain.removed).',
    data: z.strictObject({
      domain_id: id('The domain’s id (GET /v1/domains/{id}).'),
      domain: z.string().meta({ description: 'The DNS name.' }),
      verified_at: instant('When it was verified.'),
    }),
    example: { domain_id: DOMAIN_EXAMPLE.id, domain: DOMAIN_EXAMPLE.domain, verified_at: '2026-11-24T20:01:12.345Z' },
  },
  'domain.unverified': {
    readPermission: 'domains:manage',
    description:
      'A verified custom domain went back to pending: the daily re-check has not found its TXT record for 3 days. ' +
      'The name is no longer served; verify it again (POST /v1/domains/{id}/verify) once the record is back.',
    data: z.strictObject({
      domain_id: id('The domain’s id.'),
      domain: z.string(),
      last_seen_at: instant('When the record was last found.'),
      unverified_at: instant('When it went back to pending.'),
    }),
    example: {
      domain_id: DOMAIN_EXAMPLE.id,
      domain: DOMAIN_EXAMPLE.domain,
      last_seen_at: '2026-11-24T20:01:12.345Z',
      unverified_at: '2026-11-27T21:00:00.000Z',
    },
  },
  'domain.removed': {
    readPermission: 'domains:manage',
    description:
      'A custom domain was removed: deleted by the tenant (reason deleted), or a pending claim ended because ' +
      'another tenant verified the name first (reason claimed_by_another_tenant).',
    data: z.strictObject({
      domain_id: id('The domain’s id.'),
      domain: z.string(),
      reason: z.enum(['deleted', 'claimed_by_another_tenant']),
      removed_at: instant('When it was removed.'),
    }),
    example: {
      domain_id: DOMAIN_EXAMPLE.id,
      domain: DOMAIN_EXAMPLE.domain,
      reason: 'deleted',
      removed_at: '2026-11-28T09:30:00.000Z',
    },
  },
  'didcomm.message.sent': {
    readPermission: 'didcomm:read',
    description:
      'One of the tenant’s DIDs sent a DIDComm message (POST /v1/didcomm/messages, a credential delivered with deliver_to, or a protocol reply). Never its body.',
    data: z.strictObject({
      message_id: id('The stored message (GET /v1/didcomm/messages/{id}).'),
      didcomm_id: z.string().meta({ description: 'The DIDComm message’s own id.' }),
      type: z.string().meta({ description: 'The message type URI.' }),
      from: z.string().meta({ description: 'The tenant’s sending DID.' }),
      to: z.string().meta({ description: 'The recipient DID.' }),
      thid: z.string().nullable(),
      packing: z.enum(['authcrypt', 'anoncrypt', 'signed', 'plaintext']),
      delivery: z.enum(['inbox', 'delivered', 'failed', 'returned']).meta({
        description: 'inbox (hosted here), delivered/failed (service endpoint), returned (the caller transports it).',
      }),
    }),
    example: {
      message_id: '4f1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      didcomm_id: '0b8a2f1e-3c4d-4e5f-9a6b-7c8d9e0f1a2b',
      type: 'https://didcomm.org/basicmessage/2.0/message',
      from: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
      to: 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH',
      thid: null,
      packing: 'authcrypt',
      delivery: 'inbox',
    },
  },
  'didcomm.message.received': {
    readPermission: 'didcomm:read',
    description:
      'One of the tenant’s DIDs received a DIDComm message (POST /didcomm, or from a DID hosted here). Never its body.',
    data: z.strictObject({
      message_id: id('The stored message (GET /v1/didcomm/messages/{id}).'),
      didcomm_id: z.string().meta({ description: 'The DIDComm message’s own id.' }),
      type: z.string().meta({ description: 'The message type URI.' }),
      did: z.string().meta({ description: 'The tenant’s DID that received it.' }),
      from: z.string().nullable().meta({ description: 'The sender DID the message names; null when anonymous.' }),
      thid: z.string().nullable(),
      packing: z.enum(['authcrypt', 'anoncrypt', 'signed', 'plaintext']),
      authenticated: z.boolean().meta({ description: 'Whether the envelope proves the sender (authcrypt or signed).' }),
    }),
    example: {
      message_id: '5a2d3c4b-6e7f-4a81-9b0c-1d2e3f4a5b6c',
      didcomm_id: '0b8a2f1e-3c4d-4e5f-9a6b-7c8d9e0f1a2b',
      type: 'https://didcomm.org/trust-ping/2.0/ping',
      did: 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH',
      from: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
      thid: null,
      packing: 'authcrypt',
      authenticated: true,
    },
  },
  ...OID4VCI_EVENTS,
  ...OID4VP_EVENTS,
  'webhook.test': {
    readPermission: 'webhooks:manage',
    description: 'Sent on request (POST /v1/webhooks/{id}/test) to that endpoint only, to check it; changes nothing.',
    data: z.strictObject({
      webhook_id: id('The endpoint it was sent to.'),
      message: z.string().meta({ description: 'A fixed text saying what this is.' }),
    }),
    example: { webhook_id: 'e2b4c6d8-1a3b-4c5d-8e7f-9a0b1c2d3e4f', message: 'a test event sent from the API' },
  },
} as const satisfies Record<string, CatalogueEntry>;

export type EventType = keyof typeof EVENT_CATALOGUE;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as readonly EventType[] as readonly [EventType, ...EventType[]];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_CATALOGUE, value);
}

/** The permission that reads events of `type` (beside events:read). */
export function eventReadPermission(type: EventType): Permission {
  return EVENT_CATALOGUE[type].readPermission;
}

/** Which permission reads which types, as documentation says it: "credentials:list: credential.issued, …; …". */
export function eventReadRules(): string {
  const byPermission = new Map<Permission, EventType[]>();
  for (const type of EVENT_TYPES) {
    const permission = eventReadPermission(type);
    byPermission.set(permission, [...(byPermission.get(permission) ?? []), type]);
  }
  return [...byPermission].map(([permission, types]) => `${permission}: ${types.join(', ')}`).join('; ');
}

/** The event types a holder of `permissions` may read, in catalogue order. */
/**
 * The first read permission a subscription to `events` (types, or "*" for all) takes that `permissions` lacks, or
 * null: a webhook endpoint receives what it subscribes to, so subscribing is reading (as the event log is).
 */
export function missingSubscriptionPermission(
  events: readonly string[],
  permissions: ReadonlySet<string>,
): Permission | null {
  const types = events.includes('*') ? EVENT_TYPES : events.filter(isEventType);
  for (const type of types) {
    const needed = EVENT_CATALOGUE[type].readPermission;
    if (!permissions.has(needed)) return needed;
  }
  return null;
}

export function readableEventTypes(permissions: ReadonlySet<string>): EventType[] {
  return EVENT_TYPES.filter((type) => permissions.has(EVENT_CATALOGUE[type].readPermission));
}

/** The `data` of an event of `type`, as recorded (and delivered). */
export type EventData<Type extends EventType> = z.output<(typeof EVENT_CATALOGUE)[Type]['data']>;

export type EventEnvelope = { id: string; type: string; tenant_id: string; created_at: string; data: unknown };

/** An outbox row as it is delivered to webhooks and listed by GET /v1/events. */
export function toEventEnvelope(row: {
  id: string;
  tenantId: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    tenant_id: row.tenantId,
    created_at: row.createdAt.toISOString(),
    data: row.payload,
  };
}
