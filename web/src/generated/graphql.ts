/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Logged in: only the token. Without an account: the token, a password and a display name. */
export type AcceptInvitationInput = {
  displayName?: string | null | undefined;
  /** At least 8 characters, taken exactly as sent. */
  password?: string | null | undefined;
  token: string;
};

/** An eIDAS level of assurance: low, substantial or high. */
export type AssuranceLevel =
  | 'high'
  | 'low'
  | 'substantial';

/** active, revoked, or expired (valid_until has passed). */
export type AttestationStatus =
  | 'active'
  | 'expired'
  | 'revoked';

/** sequence_gap: seq is not the one after the previous event (an event before it was deleted, or a seq edited); prev_hash_mismatch: prev_hash is not the previous event's hash (an event before it was replaced); hash_mismatch: the event is not what its hash covers (the event was edited); head_mismatch: the chain ends elsewhere than the tenant's recorded chain head (events deleted from the end). */
export type AuditChainBreakReason =
  | 'hash_mismatch'
  | 'head_mismatch'
  | 'prev_hash_mismatch'
  | 'sequence_gap';

export type ChangePlanInput = {
  /** developer, startup, business or enterprise. */
  plan: Plan;
};

export type ComplianceAttestationInput = {
  /** A tenant-asserted control of the framework. */
  controlId: string;
  /** What the tenant asserts, for the auditor: the policy, contract or test it rests on. */
  statement: string;
};

export type ComplianceReportInput = {
  /** A framework’s fixed id: eidas2, gdpr, soc2, iso27001, nist-800-63, uk-diatf, hipaa. */
  framework: string;
  /** The tenant’s DID to sign with; default its oldest active DID. */
  issuerDid?: string | null | undefined;
};

export type ComplianceSettingsInput = {
  /** How old a signing key may grow before it is due for rotation (default 365). */
  keyRotationDays?: number | null | undefined;
  /** Top-level claim names that are personal data. */
  personalClaims?: Array<string> | null | undefined;
};

/** met; not_met; partial (with figure, the compliant share); attestation (asserted by the tenant). */
export type ControlState =
  | 'attestation'
  | 'met'
  | 'not_met'
  | 'partial';

export type CreateApiKeyInput = {
  /** ISO 8601 date-time; omit for a key that does not expire. */
  expiresAt?: string | null | undefined;
  name?: string | null | undefined;
  /** A subset of your permissions; omit for an unscoped key. */
  scopes?: Array<string> | null | undefined;
};

export type CreateDidInput = {
  /** did:web only: one of the tenant’s verified custom domains. */
  domain?: string | null | undefined;
  /** Ed25519 (default) or P-256. */
  keyType?: KeyType | null | undefined;
  /** key (default) or web. */
  method?: DidMethod | null | undefined;
  /** did:web only: a path under the domain, e.g. issuers/degrees (did:web:<domain>:issuers:degrees). Up to 8 segments of letters, digits, ., _, ~ and -, none . or ..; the first may not be .well-known (where the domain’s own did:web:<domain> has its document), v1 or 1.0 (the service’s API and DID resolution). */
  path?: string | null | undefined;
};

export type CreateDomainInput = {
  /** A lowercase DNS name, e.g. credentials.example.com. */
  domain: string;
};

export type CreateOid4vciCredentialConfigurationInput = {
  /** jwk and/or did:key (jwt_vc_json: did:key). Default: jwk (dc+sd-jwt), did:key (jwt_vc_json). */
  bindingMethods?: Array<Oid4vciBindingMethod> | null | undefined;
  /** The claims it carries, in the order a wallet shows them (OpenID4VCI §B.2). */
  claims?: Array<Oid4vciClaimInput> | null | undefined;
  /** The credential_configuration_id wallets see. */
  configurationId: string;
  display?: Array<Oid4vciDisplayInput> | null | undefined;
  /** dc+sd-jwt (SD-JWT VC, the holder key in cnf) or jwt_vc_json (W3C VC JWT, the holder a did:key). */
  format: Oid4vciFormat;
  /** One of the tenant’s active DIDs: it signs the credentials. */
  issuer: string;
  /** Default: EdDSA and ES256. */
  proofAlgs?: Array<Oid4vciProofAlg> | null | undefined;
  /** jwt_vc_json: the VC types besides VerifiableCredential. */
  types?: Array<string> | null | undefined;
  /** Issued credentials expire this many seconds after issuance; absent: they do not. */
  validitySeconds?: number | null | undefined;
  /** dc+sd-jwt: the verifiable credential type (required). */
  vct?: string | null | undefined;
};

export type CreateOid4vciOfferInput = {
  /** The subject’s claims for each configuration offered: {"<configuration_id>": {"given_name": "Alice", …}}. */
  claims?: unknown;
  /** The credential configurations offered. */
  configurationIds: Array<string>;
  /** true: deferred issuance (OpenID4VCI §9). The offer carries no claims; the wallet’s credential request is answered with a transaction_id, and the credentials are issued when the claims are given (POST /v1/oid4vci/offers/{id}/claims). Default false: claims are required. */
  deferred?: boolean | null | undefined;
  /** Seconds the pre-authorized code may be redeemed; default 3600. */
  expiresIn?: number | null | undefined;
  /** pre_authorized_code (default), or authorization_code: the wallet signs its holder in at the tenant’s login page, with the offer’s issuer_state (no transaction code). */
  grantType?: Oid4vciGrantType | null | undefined;
  /** Whom the claims are about, as the tenant knows them (a DID, URI or reference): what data subject requests find the offer and its credentials by. Not written into the credentials. */
  subjectId: string;
  /** Ask for a transaction code (OpenID4VCI §4.1.1): generated here, answered once in the create answer (send it to the holder another way), stored hashed. */
  txCode?: Oid4vciTxCodeInput | null | undefined;
};

export type CreateOid4vpRequestInput = {
  /** decentralized_identifier (default): client_id is the signing DID and the request object is signed by it; redirect_uri: client_id is the response URI and the request goes unsigned, by value, for development (OpenID4VP 1.0 §5.9.3). */
  clientIdPrefix?: Oid4vpClientIdPrefix | null | undefined;
  /** The short form of a query; give this or dcql_query. */
  credential?: Oid4vpCredentialRequestInput | null | undefined;
  /** A DCQL query (OpenID4VP 1.0 §6): credentials (dc+sd-jwt with meta.vct_values, jwt_vc_json with meta.type_values), their claims by path, claim_sets and credential_sets. Give this or `credential`. */
  dcqlQuery?: unknown;
  /** The tenant’s active DID that signs the request (client_id decentralized_identifier:<did>); default: its oldest active DID. */
  did?: string | null | undefined;
  /** Seconds the wallet has to answer; default 300. */
  expiresIn?: number | null | undefined;
  /** Why the tenant asks, for its own records and pages (not sent to the wallet). */
  purpose?: string | null | undefined;
  /** Same-device flows: the tenant’s page the wallet sends the user back to, with #response_code=… to exchange for the result (POST /v1/oid4vp/requests/{id}/response-code). */
  redirectUri?: string | null | undefined;
  /** direct_post.jwt (default, as HAIP asks): the wallet POSTs its answer encrypted (ECDH-ES P-256, A128GCM or A256GCM) to a key of this request; direct_post: the answer in the clear, form-encoded (OpenID4VP 1.0 §8.2, §8.3.1). */
  responseMode?: Oid4vpResponseMode | null | undefined;
};

export type CreateRoleInput = {
  description?: string | null | undefined;
  /** Lowercase letters and digits separated by - or _. */
  name: string;
  /** A subset of your own permissions. */
  permissions: Array<string>;
};

export type CreateTrustAttestationInput = {
  /** An eIDAS level of assurance: low, substantial or high. */
  assuranceLevel: AssuranceLevel;
  /** One of the tenant’s active DIDs; default the oldest active one. */
  attesterDid?: string | null | undefined;
  /** The credential types it vouches for; empty or absent: all. */
  credentialTypes?: Array<string> | null | undefined;
  /** Why: free text or a URL. */
  evidence?: string | null | undefined;
  /** How much the subject is trusted: an integer 0–100. */
  score: number;
  /** Whom the attestation is about (typically another issuer). */
  subjectDid: string;
  /** ISO 8601; default now. */
  validFrom?: string | null | undefined;
  /** ISO 8601; default never. */
  validUntil?: string | null | undefined;
  /** How much this attestation counts in the aggregate score: 0.0–1.0. */
  weight: number;
};

export type CreateWebhookInput = {
  /** A note for your team. */
  description?: string | null | undefined;
  /** Event types to receive (credential.issued, credential.revoked, did.created, did.deactivated, did.certificate_chain.set, did.certificate_chain.removed, member.invited, member.joined, member.removed, member.role_changed, api_key.created, api_key.revoked, plan.changed, trust.attestation.created, trust.attestation.revoked, compliance.framework.adopted, compliance.framework.unadopted, compliance.report.issued, compliance.subject.erased, domain.verified, domain.unverified, domain.removed, didcomm.message.sent, didcomm.message.received, oid4vci.offer.created, oid4vci.offer.token_issued, oid4vci.offer.credential_issued, oid4vci.offer.credential_pending, oid4vci.offer.expired, oid4vci.offer.cancelled, oid4vci.offer.failed, oid4vci.offer.notified, oid4vci.authorization.approved, oid4vci.authorization.denied, oid4vp.presentation.requested, oid4vp.presentation.received, oid4vp.presentation.verified, oid4vp.presentation.failed, oid4vp.presentation.expired, oid4vp.presentation.cancelled, webhook.test), or ["*"] for all, including those added later. */
  events: Array<string>;
  /** Where events are POSTed (https in production). */
  url: string;
};

/** jwt_vc_json (W3C VCDM 1.1 as a JWT) or vc+sd-jwt (SD-JWT VC). */
export type CredentialFormat =
  | 'jwt_vc_json'
  | 'vc_sd_jwt';

export type CredentialStatus =
  | 'active'
  | 'revoked';

/** key (did:key, the default) or web (did:web on a verified custom domain). */
export type DidMethod =
  | 'key'
  | 'web';

export type DidStatus =
  | 'active'
  | 'deactivated';

/** inbox: the recipient is hosted here and has it; delivered/failed: POSTed to the recipient’s DIDCommMessaging service endpoint; returned: no endpoint, the caller transports the envelope; received: an inbound message. */
export type DidcommDelivery =
  | 'delivered'
  | 'failed'
  | 'inbox'
  | 'received'
  | 'returned';

/** inbound: received by one of the tenant’s DIDs; outbound: sent by one. */
export type DidcommDirection =
  | 'inbound'
  | 'outbound';

/** authcrypt (ECDH-1PU+A256KW, A256CBC-HS512: encrypted, sender authenticated), anoncrypt (ECDH-ES+A256KW: encrypted, anonymous sender), signed (JWS JSON), plaintext. */
export type DidcommPacking =
  | 'anoncrypt'
  | 'authcrypt'
  | 'plaintext'
  | 'signed';

/** pending until the TXT record is found; verified while it is. */
export type DomainStatus =
  | 'pending'
  | 'verified';

/** An event type of the catalogue (the OpenAPI document’s `webhooks`). */
export type EventType =
  | 'api_key_created'
  | 'api_key_revoked'
  | 'compliance_framework_adopted'
  | 'compliance_framework_unadopted'
  | 'compliance_report_issued'
  | 'compliance_subject_erased'
  | 'credential_issued'
  | 'credential_revoked'
  | 'did_certificate_chain_removed'
  | 'did_certificate_chain_set'
  | 'did_created'
  | 'did_deactivated'
  | 'didcomm_message_received'
  | 'didcomm_message_sent'
  | 'domain_removed'
  | 'domain_unverified'
  | 'domain_verified'
  | 'member_invited'
  | 'member_joined'
  | 'member_removed'
  | 'member_role_changed'
  | 'oid4vci_authorization_approved'
  | 'oid4vci_authorization_denied'
  | 'oid4vci_offer_cancelled'
  | 'oid4vci_offer_created'
  | 'oid4vci_offer_credential_issued'
  | 'oid4vci_offer_credential_pending'
  | 'oid4vci_offer_expired'
  | 'oid4vci_offer_failed'
  | 'oid4vci_offer_notified'
  | 'oid4vci_offer_token_issued'
  | 'oid4vp_presentation_cancelled'
  | 'oid4vp_presentation_expired'
  | 'oid4vp_presentation_failed'
  | 'oid4vp_presentation_received'
  | 'oid4vp_presentation_requested'
  | 'oid4vp_presentation_verified'
  | 'plan_changed'
  | 'trust_attestation_created'
  | 'trust_attestation_revoked'
  | 'webhook_test';

export type InviteMemberInput = {
  email: string;
  roleId: string;
};

export type IssueCredentialInput = {
  /** The subject’s claims (a JSON object). */
  claims?: unknown;
  /** The holder’s DID: the credential is also sent to it over DIDComm (Issue Credential 3.0, from the issuer DID; needs didcomm:send). */
  deliverTo?: string | null | undefined;
  /** vc+sd-jwt: claims the holder may withhold; default all. */
  disclosable?: Array<string> | null | undefined;
  /** jwt_vc_json (W3C VCDM 1.1 as a JWT) or vc+sd-jwt (SD-JWT VC). */
  format: CredentialFormat;
  /** vc+sd-jwt: the holder’s public JWK, for cnf. */
  holderJwk?: unknown;
  /** One of the tenant’s active DIDs. */
  issuer: string;
  /** What iss names: did (default: the issuer DID) or url (vc+sd-jwt only: the tenant’s credential issuer identifier, {base}/oid4vci/{tenant_slug}, or https://{domain} when the request comes in on its verified custom domain; wallets find the key at /.well-known/jwt-vc-issuer/… or in x5c, SD-JWT VC §2.5). The JWS kid names the DID’s key either way. */
  issuerIdentifier?: IssuerIdentifierKind | null | undefined;
  /** The SD-JWT VC typ header: dc+sd-jwt (default) or vc+sd-jwt for older wallets. */
  sdJwtTyp?: SdJwtTyp | null | undefined;
  /** The subject’s id (a DID or URI); becomes sub. */
  subjectId?: string | null | undefined;
  /** jwt_vc_json: the VC type, e.g. ["VerifiableCredential", "UniversityDegreeCredential"] (a single name is a list of one; VerifiableCredential is implied). */
  type?: Array<string> | null | undefined;
  /** ISO 8601; default now. */
  validFrom?: string | null | undefined;
  /** ISO 8601; becomes exp. */
  validUntil?: string | null | undefined;
  /** vc+sd-jwt: the verifiable credential type (required). */
  vct?: string | null | undefined;
};

/** What iss names: did (default: the issuer DID) or url (vc+sd-jwt only: the tenant’s credential issuer identifier, {base}/oid4vci/{tenant_slug}, or https://{domain} when the request comes in on its verified custom domain; wallets find the key at /.well-known/jwt-vc-issuer/… or in x5c, SD-JWT VC §2.5). The JWS kid names the DID’s key either way. */
export type IssuerIdentifierKind =
  | 'did'
  | 'url';

/** Ed25519 (alg EdDSA) or P-256 (alg ES256). */
export type KeyType =
  | 'Ed25519'
  | 'P_256';

export type LoginInput = {
  email: string;
  password: string;
  /** The tenant to log into; the first one joined when omitted. */
  tenantSlug?: string | null | undefined;
};

/** How a credential names its holder’s key. */
export type Oid4vciBindingMethod =
  | 'did_key'
  | 'jwk';

export type Oid4vciClaimDisplayInput = {
  locale?: string | null | undefined;
  name: string;
};

/** A claim the credential carries: its name and how a wallet shows it. */
export type Oid4vciClaimInput = {
  /** dc+sd-jwt: whether the holder may withhold it (default true). */
  disclosable?: boolean | null | undefined;
  display?: Array<Oid4vciClaimDisplayInput> | null | undefined;
  mandatory?: boolean | null | undefined;
  name: string;
};

/** How a wallet shows the credential, in one language. */
export type Oid4vciDisplayInput = {
  background_color?: string | null | undefined;
  description?: string | null | undefined;
  locale?: string | null | undefined;
  logo?: Oid4vciLogoInput | null | undefined;
  name: string;
  text_color?: string | null | undefined;
};

/** dc+sd-jwt (SD-JWT VC, the holder key in cnf) or jwt_vc_json (W3C VC JWT, the holder a did:key). */
export type Oid4vciFormat =
  | 'dc_sd_jwt'
  | 'jwt_vc_json';

/** pre_authorized_code (default), or authorization_code: the wallet signs its holder in at the tenant’s login page, with the offer’s issuer_state (no transaction code). */
export type Oid4vciGrantType =
  | 'authorization_code'
  | 'pre_authorized_code';

export type Oid4vciLogoInput = {
  alt_text?: string | null | undefined;
  uri: string;
};

/** offered → token_issued (a wallet redeemed the code) → credential_issued (every configuration issued); credential_pending between them for a deferred offer (a wallet waits for its claims or to collect); or expired, cancelled (by the tenant, or its subject erased), failed (too many wrong transaction codes). */
export type Oid4vciOfferState =
  | 'cancelled'
  | 'credential_issued'
  | 'credential_pending'
  | 'expired'
  | 'failed'
  | 'offered'
  | 'token_issued';

/** A JWS algorithm a holder’s key proof may use. */
export type Oid4vciProofAlg =
  | 'ES256'
  | 'EdDSA';

/** Ask for a transaction code (OpenID4VCI §4.1.1): generated here, answered once in the create answer (send it to the holder another way), stored hashed. */
export type Oid4vciTxCodeInput = {
  /** Shown by the wallet beside the input: where the code was sent. */
  description?: string | null | undefined;
  /** numeric (default): digits; text: letters and digits. */
  input_mode?: Oid4vciTxCodeInputMode | null | undefined;
  /** Characters; default 6. */
  length?: number | null | undefined;
};

/** numeric (default): digits; text: letters and digits. */
export type Oid4vciTxCodeInputMode =
  | 'numeric'
  | 'text';

/** decentralized_identifier (default): client_id is the signing DID and the request object is signed by it; redirect_uri: client_id is the response URI and the request goes unsigned, by value, for development (OpenID4VP 1.0 §5.9.3). */
export type Oid4vpClientIdPrefix =
  | 'decentralized_identifier'
  | 'redirect_uri';

/** An OpenID4VP Credential Format Identifier (Appendix B). */
export type Oid4vpCredentialFormat =
  | 'dc_sd_jwt'
  | 'jwt_vc_json';

/** One credential of one type, with these claims. */
export type Oid4vpCredentialRequestInput = {
  /** The subject’s claims the wallet must disclose, by top-level name (nested paths: use dcql_query). Omitted: none beyond those a verifier always sees. */
  claims?: Array<string> | null | undefined;
  /** An OpenID4VP Credential Format Identifier (Appendix B). */
  format: Oid4vpCredentialFormat;
  /** dc+sd-jwt: the vct; jwt_vc_json: the VC type (e.g. UniversityDegreeCredential). */
  type: string;
};

/** pending → received (a wallet answered) → verified | failed; expired when no answer came in time; cancelled by the tenant. */
export type Oid4vpRequestStatus =
  | 'cancelled'
  | 'expired'
  | 'failed'
  | 'pending'
  | 'received'
  | 'verified';

/** direct_post.jwt (default, as HAIP asks): the wallet POSTs its answer encrypted (ECDH-ES P-256, A128GCM or A256GCM) to a key of this request; direct_post: the answer in the clear, form-encoded (OpenID4VP 1.0 §8.2, §8.3.1). */
export type Oid4vpResponseMode =
  | 'direct_post'
  | 'direct_post_jwt';

/** developer, startup, business or enterprise. */
export type Plan =
  | 'business'
  | 'developer'
  | 'enterprise'
  | 'startup';

export type RegisterInput = {
  displayName: string;
  email: string;
  /** At least 8 characters, taken exactly as sent. */
  password: string;
  tenantName: string;
  /** Lowercase letters and digits separated by hyphens; unique. */
  tenantSlug: string;
};

/** The SD-JWT VC typ header: dc+sd-jwt (default) or vc+sd-jwt for older wallets. */
export type SdJwtTyp =
  | 'dc_sd_jwt'
  | 'vc_sd_jwt';

export type SendDidcommMessageInput = {
  /** DIDComm attachments (§ 5.1: id, media_type, format, data: {json|base64|links}). */
  attachments?: Array<unknown> | null | undefined;
  /** The message body (a JSON object); default {}. */
  body?: unknown;
  /** When the message expires, in UTC epoch seconds. */
  expiresTime?: number | null | undefined;
  /** One of the tenant’s active DIDs. */
  from: string;
  /** Default authcrypt. */
  packing?: DidcommPacking | null | undefined;
  /** The thread the message belongs to. */
  thid?: string | null | undefined;
  /** The recipient DID (hosted here or anywhere). */
  to: string;
  /** The message type URI. */
  type: string;
};

/** BitstringStatusListEntry (jwt_vc_json) or TokenStatusList (vc+sd-jwt). */
export type StatusReferenceType =
  | 'BitstringStatusListEntry'
  | 'TokenStatusList';

export type TrustPolicyInput = {
  /** An eIDAS level of assurance: low, substantial or high. */
  minAssuranceLevel: AssuranceLevel;
  /** The lowest aggregate score an issuer may have: 0–100. */
  minScore: number;
  /** Whether a credential from an issuer without attestations fails verification. */
  requireAttestedIssuer: boolean;
};

export type UpdateMemberRoleInput = {
  roleId: string;
};

export type UpdateOid4vciCredentialConfigurationInput = {
  /** jwk and/or did:key (jwt_vc_json: did:key). Default: jwk (dc+sd-jwt), did:key (jwt_vc_json). */
  bindingMethods?: Array<Oid4vciBindingMethod> | null | undefined;
  /** The claims it carries, in the order a wallet shows them (OpenID4VCI §B.2). */
  claims?: Array<Oid4vciClaimInput> | null | undefined;
  display?: Array<Oid4vciDisplayInput> | null | undefined;
  /** One of the tenant’s active DIDs: it signs the credentials. */
  issuer?: string | null | undefined;
  /** Default: EdDSA and ES256. */
  proofAlgs?: Array<Oid4vciProofAlg> | null | undefined;
  /** jwt_vc_json: the VC types besides VerifiableCredential. */
  types?: Array<string> | null | undefined;
  /** Issued credentials expire this many seconds after issuance; absent: they do not. */
  validitySeconds?: number | null | undefined;
  /** dc+sd-jwt: the verifiable credential type (required). */
  vct?: string | null | undefined;
};

export type UpdateRoleInput = {
  description?: string | null | undefined;
  /** Lowercase letters and digits separated by - or _. */
  name?: string | null | undefined;
  /** A subset of your own permissions. */
  permissions?: Array<string> | null | undefined;
};

export type UpdateWebhookInput = {
  /** A note for your team. */
  description?: string | null | undefined;
  /** false pauses deliveries; true resumes them (and re-enables a disabled endpoint). */
  enabled?: boolean | null | undefined;
  /** Event types to receive (credential.issued, credential.revoked, did.created, did.deactivated, did.certificate_chain.set, did.certificate_chain.removed, member.invited, member.joined, member.removed, member.role_changed, api_key.created, api_key.revoked, plan.changed, trust.attestation.created, trust.attestation.revoked, compliance.framework.adopted, compliance.framework.unadopted, compliance.report.issued, compliance.subject.erased, domain.verified, domain.unverified, domain.removed, didcomm.message.sent, didcomm.message.received, oid4vci.offer.created, oid4vci.offer.token_issued, oid4vci.offer.credential_issued, oid4vci.offer.credential_pending, oid4vci.offer.expired, oid4vci.offer.cancelled, oid4vci.offer.failed, oid4vci.offer.notified, oid4vci.authorization.approved, oid4vci.authorization.denied, oid4vp.presentation.requested, oid4vp.presentation.received, oid4vp.presentation.verified, oid4vp.presentation.failed, oid4vp.presentation.expired, oid4vp.presentation.cancelled, webhook.test), or ["*"] for all, including those added later. */
  events?: Array<string> | null | undefined;
  /** Where events are POSTed (https in production). */
  url?: string | null | undefined;
};

/** What a verification check looked at; `query` (OpenID4VP presentations only): what the request’s DCQL query asked of it. */
export type VerificationCheckName =
  | 'disclosures'
  | 'key_binding'
  | 'query'
  | 'signature'
  | 'status'
  | 'structure'
  | 'trust'
  | 'validity_period';

/** skipped: the check did not apply, or could not be made. */
export type VerificationCheckStatus =
  | 'failed'
  | 'passed'
  | 'skipped';

export type VerifyCredentialInput = {
  /** vc+sd-jwt: the aud the KB-JWT must carry. */
  audience?: string | null | undefined;
  credential: string;
  /** jwt_vc_json (W3C VCDM 1.1 as a JWT) or vc+sd-jwt (SD-JWT VC). */
  format?: CredentialFormat | null | undefined;
  /** vc+sd-jwt: the nonce the KB-JWT must carry. */
  nonce?: string | null | undefined;
};

/** A delivery’s state. */
export type WebhookDeliveryState =
  | 'failed'
  | 'pending'
  | 'succeeded';

export type RegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterMutation = { register: { token: string, userId: string, tenantId: string, role: string } | null };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { login: { token: string, userId: string, tenantId: string, role: string } | null };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: { status: string } | null };

export type ComplianceCountsFragment = { met: number, notMet: number, partial: number, attestation: number };

export type CompliancePageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  framework?: string | null | undefined;
  canReport: boolean;
}>;


export type CompliancePageQuery = { complianceFrameworks: Array<{ id: string, name: string, version: string, description: string, adopted: boolean, adoptedAt: string | null, evaluatedAt: string, counts: { met: number, notMet: number, partial: number, attestation: number } }>, complianceSettings: { personalClaims: Array<string>, keyRotationDays: number }, complianceReports: { nextCursor: string | null, reports: Array<{ id: string, framework: string, issuerDid: string, createdAt: string, counts: { met: number, notMet: number, partial: number, attestation: number } }> }, dids?: { dids: Array<{ id: string, did: string, keyType: KeyType }> } };

export type ComplianceFrameworkPageQueryVariables = Exact<{
  id: string;
}>;


export type ComplianceFrameworkPageQuery = { complianceFramework: { id: string, name: string, version: string, description: string, adopted: boolean, adoptedAt: string | null, evaluatedAt: string, counts: { met: number, notMet: number, partial: number, attestation: number }, controls: Array<{ id: string, reference: string, requirement: string, evaluation: string, state: ControlState, figure: number | null, summary: string, evidence: unknown, remediation: string | null, enforceable: boolean }> } };

export type AdoptComplianceFrameworkMutationVariables = Exact<{
  id: string;
}>;


export type AdoptComplianceFrameworkMutation = { adoptComplianceFramework: { id: string, adopted: boolean, adoptedAt: string | null } | null };

export type UnadoptComplianceFrameworkMutationVariables = Exact<{
  id: string;
}>;


export type UnadoptComplianceFrameworkMutation = { unadoptComplianceFramework: { id: string, adopted: boolean, adoptedAt: string | null } | null };

export type AttestComplianceControlMutationVariables = Exact<{
  framework: string;
  input: ComplianceAttestationInput;
}>;


export type AttestComplianceControlMutation = { attestComplianceControl: { id: string, counts: { met: number, notMet: number, partial: number, attestation: number }, controls: Array<{ id: string, state: ControlState, summary: string, evidence: unknown, remediation: string | null }> } | null };

export type SetComplianceSettingsMutationVariables = Exact<{
  input: ComplianceSettingsInput;
}>;


export type SetComplianceSettingsMutation = { setComplianceSettings: { personalClaims: Array<string>, keyRotationDays: number } | null };

export type ComplianceReportPageQueryVariables = Exact<{
  id: string;
}>;


export type ComplianceReportPageQuery = { complianceReport: { id: string, framework: string, issuerDid: string, createdAt: string, auditChainHead: unknown, credential: string, html: string, report: unknown, counts: { met: number, notMet: number, partial: number, attestation: number } } };

export type CreateComplianceReportMutationVariables = Exact<{
  input: ComplianceReportInput;
}>;


export type CreateComplianceReportMutation = { createComplianceReport: { id: string, framework: string, issuerDid: string, createdAt: string, counts: { met: number, notMet: number, partial: number, attestation: number } } | null };

export type CredentialFieldsFragment = { id: string, format: CredentialFormat, credential: string | null, issuer: string, credentialType: string, subjectId: string | null, issuedAt: string, expiresAt: string | null, revokedAt: string | null, erasedAt: string | null, status: { type: StatusReferenceType, uri: string, index: number } };

export type CredentialsPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  status?: CredentialStatus | null | undefined;
  format?: CredentialFormat | null | undefined;
  issuer?: string | null | undefined;
  canListDids: boolean;
}>;


export type CredentialsPageQuery = { credentials: { nextCursor: string | null, credentials: Array<{ id: string, format: CredentialFormat, credential: string | null, issuer: string, credentialType: string, subjectId: string | null, issuedAt: string, expiresAt: string | null, revokedAt: string | null, erasedAt: string | null, status: { type: StatusReferenceType, uri: string, index: number } }> }, dids?: { dids: Array<{ id: string, did: string, status: DidStatus }> } };

export type CredentialPageQueryVariables = Exact<{
  id: string;
}>;


export type CredentialPageQuery = { credential: { id: string, format: CredentialFormat, credential: string | null, issuer: string, credentialType: string, subjectId: string | null, issuedAt: string, expiresAt: string | null, revokedAt: string | null, erasedAt: string | null, status: { type: StatusReferenceType, uri: string, index: number } } };

export type IssueCredentialPageQueryVariables = Exact<{ [key: string]: never; }>;


export type IssueCredentialPageQuery = { dids: { dids: Array<{ id: string, did: string, keyType: KeyType, status: DidStatus }> } };

export type IssueCredentialMutationVariables = Exact<{
  input: IssueCredentialInput;
}>;


export type IssueCredentialMutation = { issueCredential: { id: string, format: CredentialFormat, credential: string | null, issuer: string, credentialType: string, subjectId: string | null, issuedAt: string, expiresAt: string | null, revokedAt: string | null, erasedAt: string | null, status: { type: StatusReferenceType, uri: string, index: number } } | null };

export type RevokeCredentialMutationVariables = Exact<{
  id: string;
}>;


export type RevokeCredentialMutation = { revokeCredential: { id: string, status: CredentialStatus, revokedAt: string } | null };

export type VerifyCredentialMutationVariables = Exact<{
  input: VerifyCredentialInput;
}>;


export type VerifyCredentialMutation = { verifyCredential: { verified: boolean, format: CredentialFormat, issuer: string | null, subject: string | null, credentialTypes: Array<string> | null, issuedAt: string | null, expiresAt: string | null, claims: unknown, disclosed: Array<string> | null, payload: unknown, checks: Array<{ name: VerificationCheckName, status: VerificationCheckStatus, detail: string | null }> } | null };

export type DidcommMessageFieldsFragment = { id: string, messageId: string, direction: DidcommDirection, did: string, from: string | null, to: Array<string>, type: string, thid: string | null, packing: DidcommPacking, delivery: DidcommDelivery, deliveryDetail: string | null, createdAt: string };

export type DidcommPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  direction?: DidcommDirection | null | undefined;
  did?: string | null | undefined;
  type?: string | null | undefined;
  canSend: boolean;
}>;


export type DidcommPageQuery = { didcommMessages: { nextCursor: string | null, messages: Array<{ id: string, messageId: string, direction: DidcommDirection, did: string, from: string | null, to: Array<string>, type: string, thid: string | null, packing: DidcommPacking, delivery: DidcommDelivery, deliveryDetail: string | null, createdAt: string }> }, dids?: { dids: Array<{ id: string, did: string, keyType: KeyType }> } };

export type DidcommMessagePageQueryVariables = Exact<{
  id: string;
}>;


export type DidcommMessagePageQuery = { didcommMessage: { message: unknown, envelope: string, id: string, messageId: string, direction: DidcommDirection, did: string, from: string | null, to: Array<string>, type: string, thid: string | null, packing: DidcommPacking, delivery: DidcommDelivery, deliveryDetail: string | null, createdAt: string } };

export type SendDidcommMessageMutationVariables = Exact<{
  input: SendDidcommMessageInput;
}>;


export type SendDidcommMessageMutation = { sendDidcommMessage: { id: string, messageId: string, direction: DidcommDirection, did: string, from: string | null, to: Array<string>, type: string, thid: string | null, packing: DidcommPacking, delivery: DidcommDelivery, deliveryDetail: string | null, createdAt: string } | null };

export type DidsPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  status?: DidStatus | null | undefined;
}>;


export type DidsPageQuery = { dids: { nextCursor: string | null, dids: Array<{ id: string, did: string, keyType: KeyType, status: DidStatus, verificationMethod: string, createdAt: string, deactivatedAt: string | null }> } };

export type DidPageQueryVariables = Exact<{
  did: string;
}>;


export type DidPageQuery = { did: { id: string, did: string, keyType: KeyType, status: DidStatus, verificationMethod: string, createdAt: string, deactivatedAt: string | null, didDocument: unknown } };

export type CreateDidMutationVariables = Exact<{
  input: CreateDidInput;
}>;


export type CreateDidMutation = { createDid: { id: string, did: string, keyType: KeyType, status: DidStatus, verificationMethod: string, createdAt: string, deactivatedAt: string | null } | null };

export type DeactivateDidMutationVariables = Exact<{
  did: string;
}>;


export type DeactivateDidMutation = { deactivateDid: { id: string, did: string, status: DidStatus, deactivatedAt: string | null } | null };

export type DomainFieldsFragment = { id: string, domain: string, status: DomainStatus, createdAt: string, verifiedAt: string | null, checkedAt: string | null, lastSeenAt: string | null, verification: { type: string, name: string, value: string } };

export type DomainsPageQueryVariables = Exact<{
  canReadUsage: boolean;
}>;


export type DomainsPageQuery = { domains: Array<{ id: string, domain: string, status: DomainStatus, createdAt: string, verifiedAt: string | null, checkedAt: string | null, lastSeenAt: string | null, verification: { type: string, name: string, value: string } }>, usage?: { plan: Plan } };

export type CreateDomainMutationVariables = Exact<{
  input: CreateDomainInput;
}>;


export type CreateDomainMutation = { createDomain: { id: string, domain: string, status: DomainStatus, createdAt: string, verifiedAt: string | null, checkedAt: string | null, lastSeenAt: string | null, verification: { type: string, name: string, value: string } } | null };

export type VerifyDomainMutationVariables = Exact<{
  id: string;
}>;


export type VerifyDomainMutation = { verifyDomain: { id: string, domain: string, status: DomainStatus, createdAt: string, verifiedAt: string | null, checkedAt: string | null, lastSeenAt: string | null, check: { found: Array<string>, error: string | null } | null, verification: { type: string, name: string, value: string } } | null };

export type DeleteDomainMutationVariables = Exact<{
  id: string;
}>;


export type DeleteDomainMutation = { deleteDomain: { id: string, domain: string } | null };

export type CreateDidWebMutationVariables = Exact<{
  input: CreateDidInput;
}>;


export type CreateDidWebMutation = { createDid: { id: string, did: string, keyType: KeyType, status: DidStatus, verificationMethod: string, createdAt: string, deactivatedAt: string | null } | null };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { userId: string, email: string, displayName: string, tenantId: string, role: string, permissions: Array<string>, tenants: Array<{ id: string, name: string, slug: string, role: string }> } };

export type Oid4vciConfigurationFieldsFragment = { id: string, configurationId: string, format: Oid4vciFormat, issuer: string, vct: string | null, types: Array<string>, claims: unknown, display: unknown, validitySeconds: number | null, bindingMethods: Array<string>, proofAlgs: Array<string>, createdAt: string, updatedAt: string };

export type Oid4vciOfferFieldsFragment = { id: string, state: Oid4vciOfferState, subjectId: string, configurationIds: Array<string>, issuedConfigurationIds: Array<string>, credentialIds: Array<string>, claims: unknown, createdAt: string, expiresAt: string, tokenIssuedAt: string | null, credentialIssuedAt: string | null, endedAt: string | null, erasedAt: string | null, failureReason: string | null, dpopBound: boolean, txCodeFailures: number, txCode: { length: number, inputMode: string, description: string | null } | null };

export type Oid4vciConfigurationsPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type Oid4vciConfigurationsPageQuery = { oid4vciCredentialConfigurations: { nextCursor: string | null, configurations: Array<{ id: string, configurationId: string, format: Oid4vciFormat, issuer: string, vct: string | null, types: Array<string>, claims: unknown, display: unknown, validitySeconds: number | null, bindingMethods: Array<string>, proofAlgs: Array<string>, createdAt: string, updatedAt: string }> } };

export type Oid4vciConfigurationFormQueryVariables = Exact<{
  configurationId: string;
  editing: boolean;
}>;


export type Oid4vciConfigurationFormQuery = { oid4vciCredentialConfiguration?: { id: string, configurationId: string, format: Oid4vciFormat, issuer: string, vct: string | null, types: Array<string>, claims: unknown, display: unknown, validitySeconds: number | null, bindingMethods: Array<string>, proofAlgs: Array<string>, createdAt: string, updatedAt: string }, dids: { dids: Array<{ id: string, did: string, keyType: KeyType }> } };

export type CreateOid4vciConfigurationMutationVariables = Exact<{
  input: CreateOid4vciCredentialConfigurationInput;
}>;


export type CreateOid4vciConfigurationMutation = { createOid4vciCredentialConfiguration: { id: string, configurationId: string, format: Oid4vciFormat, issuer: string, vct: string | null, types: Array<string>, claims: unknown, display: unknown, validitySeconds: number | null, bindingMethods: Array<string>, proofAlgs: Array<string>, createdAt: string, updatedAt: string } | null };

export type UpdateOid4vciConfigurationMutationVariables = Exact<{
  configurationId: string;
  input: UpdateOid4vciCredentialConfigurationInput;
}>;


export type UpdateOid4vciConfigurationMutation = { updateOid4vciCredentialConfiguration: { id: string, configurationId: string, format: Oid4vciFormat, issuer: string, vct: string | null, types: Array<string>, claims: unknown, display: unknown, validitySeconds: number | null, bindingMethods: Array<string>, proofAlgs: Array<string>, createdAt: string, updatedAt: string } | null };

export type DeleteOid4vciConfigurationMutationVariables = Exact<{
  configurationId: string;
}>;


export type DeleteOid4vciConfigurationMutation = { deleteOid4vciCredentialConfiguration: { id: string, configurationId: string } | null };

export type Oid4vciOffersPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  state?: Oid4vciOfferState | null | undefined;
}>;


export type Oid4vciOffersPageQuery = { oid4vciOffers: { nextCursor: string | null, offers: Array<{ id: string, state: Oid4vciOfferState, subjectId: string, configurationIds: Array<string>, issuedConfigurationIds: Array<string>, credentialIds: Array<string>, claims: unknown, createdAt: string, expiresAt: string, tokenIssuedAt: string | null, credentialIssuedAt: string | null, endedAt: string | null, erasedAt: string | null, failureReason: string | null, dpopBound: boolean, txCodeFailures: number, txCode: { length: number, inputMode: string, description: string | null } | null }> } };

export type Oid4vciNewOfferPageQueryVariables = Exact<{
  canReadConfigurations: boolean;
}>;


export type Oid4vciNewOfferPageQuery = { oid4vciCredentialConfigurations?: { configurations: Array<{ id: string, configurationId: string, format: Oid4vciFormat, issuer: string, vct: string | null, types: Array<string>, claims: unknown, display: unknown, validitySeconds: number | null, bindingMethods: Array<string>, proofAlgs: Array<string>, createdAt: string, updatedAt: string }> } };

export type CreateOid4vciOfferMutationVariables = Exact<{
  input: CreateOid4vciOfferInput;
}>;


export type CreateOid4vciOfferMutation = { createOid4vciOffer: { offerUri: string, credentialOfferUri: string, credentialIssuer: string, txCodeValue: string | null, offer: { id: string, state: Oid4vciOfferState, subjectId: string, configurationIds: Array<string>, issuedConfigurationIds: Array<string>, credentialIds: Array<string>, claims: unknown, createdAt: string, expiresAt: string, tokenIssuedAt: string | null, credentialIssuedAt: string | null, endedAt: string | null, erasedAt: string | null, failureReason: string | null, dpopBound: boolean, txCodeFailures: number, txCode: { length: number, inputMode: string, description: string | null } | null }, qrCode: { svg: string } } | null };

export type Oid4vciOfferPageQueryVariables = Exact<{
  id: string;
}>;


export type Oid4vciOfferPageQuery = { oid4vciOffer: { id: string, state: Oid4vciOfferState, subjectId: string, configurationIds: Array<string>, issuedConfigurationIds: Array<string>, credentialIds: Array<string>, claims: unknown, createdAt: string, expiresAt: string, tokenIssuedAt: string | null, credentialIssuedAt: string | null, endedAt: string | null, erasedAt: string | null, failureReason: string | null, dpopBound: boolean, txCodeFailures: number, txCode: { length: number, inputMode: string, description: string | null } | null } };

export type CancelOid4vciOfferMutationVariables = Exact<{
  id: string;
}>;


export type CancelOid4vciOfferMutation = { cancelOid4vciOffer: { id: string, state: Oid4vciOfferState, subjectId: string, configurationIds: Array<string>, issuedConfigurationIds: Array<string>, credentialIds: Array<string>, claims: unknown, createdAt: string, expiresAt: string, tokenIssuedAt: string | null, credentialIssuedAt: string | null, endedAt: string | null, erasedAt: string | null, failureReason: string | null, dpopBound: boolean, txCodeFailures: number, txCode: { length: number, inputMode: string, description: string | null } | null } | null };

export type Oid4vpRequestFieldsFragment = { id: string, status: Oid4vpRequestStatus, verified: boolean | null, purpose: string | null, clientId: string, did: string | null, responseMode: Oid4vpResponseMode, dcqlQuery: unknown, holder: string | null, error: string | null, errorDescription: string | null, createdAt: string, expiresAt: string, receivedAt: string | null, completedAt: string | null, erasedAt: string | null, presentations: Array<{ credentialQueryId: string, holder: string | null, verification: { verified: boolean, format: CredentialFormat, issuer: string | null, subject: string | null, credentialTypes: Array<string> | null, issuedAt: string | null, expiresAt: string | null, claims: unknown, disclosed: Array<string> | null, checks: Array<{ name: VerificationCheckName, status: VerificationCheckStatus, detail: string | null }> } }> };

export type Oid4vpRequestsPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  status?: Oid4vpRequestStatus | null | undefined;
}>;


export type Oid4vpRequestsPageQuery = { oid4vpRequests: { nextCursor: string | null, requests: Array<{ id: string, status: Oid4vpRequestStatus, verified: boolean | null, purpose: string | null, createdAt: string, expiresAt: string, holder: string | null }> } };

export type Oid4vpNewRequestPageQueryVariables = Exact<{
  canListDids: boolean;
}>;


export type Oid4vpNewRequestPageQuery = { dids?: { dids: Array<{ id: string, did: string }> } };

export type CreateOid4vpRequestMutationVariables = Exact<{
  input: CreateOid4vpRequestInput;
}>;


export type CreateOid4vpRequestMutation = { createOid4vpRequest: { authorizationRequest: string | null, id: string, status: Oid4vpRequestStatus, verified: boolean | null, purpose: string | null, clientId: string, did: string | null, responseMode: Oid4vpResponseMode, dcqlQuery: unknown, holder: string | null, error: string | null, errorDescription: string | null, createdAt: string, expiresAt: string, receivedAt: string | null, completedAt: string | null, erasedAt: string | null, qrCode: { svg: string } | null, presentations: Array<{ credentialQueryId: string, holder: string | null, verification: { verified: boolean, format: CredentialFormat, issuer: string | null, subject: string | null, credentialTypes: Array<string> | null, issuedAt: string | null, expiresAt: string | null, claims: unknown, disclosed: Array<string> | null, checks: Array<{ name: VerificationCheckName, status: VerificationCheckStatus, detail: string | null }> } }> } | null };

export type Oid4vpRequestPageQueryVariables = Exact<{
  id: string;
}>;


export type Oid4vpRequestPageQuery = { oid4vpRequest: { id: string, status: Oid4vpRequestStatus, verified: boolean | null, purpose: string | null, clientId: string, did: string | null, responseMode: Oid4vpResponseMode, dcqlQuery: unknown, holder: string | null, error: string | null, errorDescription: string | null, createdAt: string, expiresAt: string, receivedAt: string | null, completedAt: string | null, erasedAt: string | null, presentations: Array<{ credentialQueryId: string, holder: string | null, verification: { verified: boolean, format: CredentialFormat, issuer: string | null, subject: string | null, credentialTypes: Array<string> | null, issuedAt: string | null, expiresAt: string | null, claims: unknown, disclosed: Array<string> | null, checks: Array<{ name: VerificationCheckName, status: VerificationCheckStatus, detail: string | null }> } }> } };

export type CancelOid4vpRequestMutationVariables = Exact<{
  id: string;
}>;


export type CancelOid4vpRequestMutation = { cancelOid4vpRequest: { id: string, status: Oid4vpRequestStatus, verified: boolean | null, purpose: string | null, clientId: string, did: string | null, responseMode: Oid4vpResponseMode, dcqlQuery: unknown, holder: string | null, error: string | null, errorDescription: string | null, createdAt: string, expiresAt: string, receivedAt: string | null, completedAt: string | null, erasedAt: string | null, presentations: Array<{ credentialQueryId: string, holder: string | null, verification: { verified: boolean, format: CredentialFormat, issuer: string | null, subject: string | null, credentialTypes: Array<string> | null, issuedAt: string | null, expiresAt: string | null, claims: unknown, disclosed: Array<string> | null, checks: Array<{ name: VerificationCheckName, status: VerificationCheckStatus, detail: string | null }> } }> } | null };

export type OverviewPageQueryVariables = Exact<{
  canSeeEvents: boolean;
  eventLimit?: number | null | undefined;
}>;


export type OverviewPageQuery = { usage: { plan: Plan, month: string, periodEnd: string, credentialsIssuedThisMonth: number, activeDids: number, members: number, pendingInvitations: number, requestsPerMinute: number, burst: number, customRolesAllowed: boolean, credentials: { limit: number | null, remaining: number | null }, dids: { limit: number | null, remaining: number | null }, seats: { limit: number | null, remaining: number | null } }, events?: { nextCursor: string | null, events: Array<{ id: string, type: EventType, createdAt: string, data: unknown }> } };

export type MembersPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type MembersPageQuery = { members: { nextCursor: string | null, members: Array<{ userId: string, email: string, displayName: string, role: string, roleId: string, joinedAt: string }> } };

export type InvitationsPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  canInvite: boolean;
}>;


export type InvitationsPageQuery = { invitations: { nextCursor: string | null, invitations: Array<{ id: string, email: string, role: string, roleId: string, expiresAt: string, createdAt: string }> }, roles?: { nextCursor: string | null, roles: Array<{ id: string, name: string, description: string, permissions: Array<string>, builtIn: boolean }> } };

export type RolesQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type RolesQuery = { roles: { nextCursor: string | null, roles: Array<{ id: string, name: string, description: string, permissions: Array<string>, builtIn: boolean }> } };

export type RolesPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  canReadUsage: boolean;
}>;


export type RolesPageQuery = { roles: { nextCursor: string | null, roles: Array<{ id: string, name: string, description: string, permissions: Array<string>, builtIn: boolean }> }, usage?: { plan: Plan, customRolesAllowed: boolean, customRoles: number } };

export type InviteMemberMutationVariables = Exact<{
  input: InviteMemberInput;
}>;


export type InviteMemberMutation = { inviteMember: { token: string, invitation: { id: string, email: string, role: string, roleId: string, expiresAt: string, createdAt: string } } | null };

export type RevokeInvitationMutationVariables = Exact<{
  id: string;
}>;


export type RevokeInvitationMutation = { revokeInvitation: { id: string, email: string } | null };

export type AcceptInvitationMutationVariables = Exact<{
  input: AcceptInvitationInput;
}>;


export type AcceptInvitationMutation = { acceptInvitation: { token: string, userId: string, tenantId: string, role: string } | null };

export type UpdateMemberRoleMutationVariables = Exact<{
  userId: string;
  input: UpdateMemberRoleInput;
}>;


export type UpdateMemberRoleMutation = { updateMemberRole: { userId: string, role: string, roleId: string } | null };

export type RemoveMemberMutationVariables = Exact<{
  userId: string;
}>;


export type RemoveMemberMutation = { removeMember: { userId: string, email: string } | null };

export type CreateRoleMutationVariables = Exact<{
  input: CreateRoleInput;
}>;


export type CreateRoleMutation = { createRole: { id: string, name: string, description: string, permissions: Array<string>, builtIn: boolean } | null };

export type UpdateRoleMutationVariables = Exact<{
  id: string;
  input: UpdateRoleInput;
}>;


export type UpdateRoleMutation = { updateRole: { id: string, name: string, description: string, permissions: Array<string> } | null };

export type DeleteRoleMutationVariables = Exact<{
  id: string;
}>;


export type DeleteRoleMutation = { deleteRole: { id: string, name: string } | null };

export type ApiKeysPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type ApiKeysPageQuery = { apiKeys: { nextCursor: string | null, apiKeys: Array<{ id: string, name: string, prefix: string, scopes: Array<string> | null, createdByUserId: string, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, revokedAt: string | null }> } };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { createApiKey: { key: string, apiKey: { id: string, name: string, prefix: string, scopes: Array<string> | null, createdByUserId: string, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, revokedAt: string | null } } | null };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string, name: string, prefix: string, revokedAt: string | null } | null };

export type ChangePlanMutationVariables = Exact<{
  input: ChangePlanInput;
}>;


export type ChangePlanMutation = { changePlan: { plan: Plan, previousPlan: Plan, changed: boolean, changedAt: string, limits: { name: Plan, credentialsPerMonth: number | null, dids: number | null, members: number | null, requestsPerMinute: number, burst: number, customRoles: boolean, customDomains: boolean } } | null };

export type UsagePageQueryVariables = Exact<{ [key: string]: never; }>;


export type UsagePageQuery = { usage: { plan: Plan, month: string, periodStart: string, periodEnd: string, credentialsIssuedThisMonth: number, activeDids: number, members: number, pendingInvitations: number, requestsPerMinute: number, burst: number, customRolesAllowed: boolean, customRoles: number, credentials: { limit: number | null, remaining: number | null }, dids: { limit: number | null, remaining: number | null }, seats: { limit: number | null, remaining: number | null } } };

export type AuditLogPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  canListMembers: boolean;
}>;


export type AuditLogPageQuery = { auditLog: { nextCursor: string | null, events: Array<{ id: string, seq: number, action: string, actorUserId: string | null, actorApiKeyId: string | null, targetType: string, targetId: string | null, details: unknown, requestId: string | null, createdAt: string, hash: string }> }, members?: { members: Array<{ userId: string, email: string, displayName: string }> } };

export type AuditLogVerificationQueryVariables = Exact<{ [key: string]: never; }>;


export type AuditLogVerificationQuery = { auditLogVerification: { valid: boolean, eventsChecked: number, head: { seq: number, eventId: string, hash: string, createdAt: string } | null, firstBreak: { seq: number, eventId: string | null, reason: AuditChainBreakReason, expected: string, found: string } | null } };

export type TrustAttestationFieldsFragment = { id: string, subjectDid: string, attesterDid: string, score: number, weight: number, assuranceLevel: AssuranceLevel, credentialTypes: Array<string>, evidence: string | null, validFrom: string, validUntil: string | null, status: AttestationStatus, revokedAt: string | null, createdAt: string };

export type TrustPageQueryVariables = Exact<{
  canAttest: boolean;
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  status?: AttestationStatus | null | undefined;
  assuranceLevel?: AssuranceLevel | null | undefined;
  subjectDid?: string | null | undefined;
  attesterDid?: string | null | undefined;
}>;


export type TrustPageQuery = { trustAttestations: { nextCursor: string | null, attestations: Array<{ id: string, subjectDid: string, attesterDid: string, score: number, weight: number, assuranceLevel: AssuranceLevel, credentialTypes: Array<string>, evidence: string | null, validFrom: string, validUntil: string | null, status: AttestationStatus, revokedAt: string | null, createdAt: string }> }, trustPolicy: { minScore: number, minAssuranceLevel: AssuranceLevel, requireAttestedIssuer: boolean, updatedAt: string } | null, dids?: { dids: Array<{ id: string, did: string, keyType: KeyType }> } };

export type CreateTrustAttestationMutationVariables = Exact<{
  input: CreateTrustAttestationInput;
}>;


export type CreateTrustAttestationMutation = { createTrustAttestation: { id: string, subjectDid: string, attesterDid: string, score: number, weight: number, assuranceLevel: AssuranceLevel, credentialTypes: Array<string>, evidence: string | null, validFrom: string, validUntil: string | null, status: AttestationStatus, revokedAt: string | null, createdAt: string } | null };

export type RevokeTrustAttestationMutationVariables = Exact<{
  id: string;
}>;


export type RevokeTrustAttestationMutation = { revokeTrustAttestation: { id: string, subjectDid: string, attesterDid: string, score: number, weight: number, assuranceLevel: AssuranceLevel, credentialTypes: Array<string>, evidence: string | null, validFrom: string, validUntil: string | null, status: AttestationStatus, revokedAt: string | null, createdAt: string } | null };

export type SetTrustPolicyMutationVariables = Exact<{
  input: TrustPolicyInput;
}>;


export type SetTrustPolicyMutation = { setTrustPolicy: { minScore: number, minAssuranceLevel: AssuranceLevel, requireAttestedIssuer: boolean, updatedAt: string } | null };

export type WebhookFieldsFragment = { id: string, url: string, events: Array<string>, description: string, enabled: boolean, disabledReason: string | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string };

export type WebhookDeliveryFieldsFragment = { id: string, webhookId: string, eventId: string, eventType: string, state: WebhookDeliveryState, attempts: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastStatus: number | null, lastDurationMs: number | null, lastResponseExcerpt: string | null, lastError: string | null, createdAt: string, completedAt: string | null };

export type WebhooksPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
}>;


export type WebhooksPageQuery = { webhooks: { nextCursor: string | null, webhooks: Array<{ id: string, url: string, events: Array<string>, description: string, enabled: boolean, disabledReason: string | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string }> } };

export type WebhookPageQueryVariables = Exact<{
  id: string;
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  status?: WebhookDeliveryState | null | undefined;
}>;


export type WebhookPageQuery = { webhook: { id: string, url: string, events: Array<string>, description: string, enabled: boolean, disabledReason: string | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string }, webhookDeliveries: { nextCursor: string | null, deliveries: Array<{ id: string, webhookId: string, eventId: string, eventType: string, state: WebhookDeliveryState, attempts: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastStatus: number | null, lastDurationMs: number | null, lastResponseExcerpt: string | null, lastError: string | null, createdAt: string, completedAt: string | null }> } };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { createWebhook: { secret: string, webhook: { id: string, url: string, events: Array<string>, description: string, enabled: boolean, disabledReason: string | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } } | null };

export type UpdateWebhookMutationVariables = Exact<{
  id: string;
  input: UpdateWebhookInput;
}>;


export type UpdateWebhookMutation = { updateWebhook: { id: string, url: string, events: Array<string>, description: string, enabled: boolean, disabledReason: string | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } | null };

export type DeleteWebhookMutationVariables = Exact<{
  id: string;
}>;


export type DeleteWebhookMutation = { deleteWebhook: { id: string } | null };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { secret: string, webhook: { id: string, url: string, events: Array<string>, description: string, enabled: boolean, disabledReason: string | null, failingSince: string | null, previousSecretExpiresAt: string | null, createdAt: string, updatedAt: string } } | null };

export type TestWebhookMutationVariables = Exact<{
  id: string;
}>;


export type TestWebhookMutation = { testWebhook: { delivery: { id: string, webhookId: string, eventId: string, eventType: string, state: WebhookDeliveryState, attempts: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastStatus: number | null, lastDurationMs: number | null, lastResponseExcerpt: string | null, lastError: string | null, createdAt: string, completedAt: string | null }, attempt: { ok: boolean, status: number | null, durationMs: number, error: string | null, responseExcerpt: string } } | null };

export type ReplayWebhookDeliveryMutationVariables = Exact<{
  id: string;
}>;


export type ReplayWebhookDeliveryMutation = { replayWebhookDelivery: { delivery: { id: string, webhookId: string, eventId: string, eventType: string, state: WebhookDeliveryState, attempts: number, nextAttemptAt: string | null, lastAttemptAt: string | null, lastStatus: number | null, lastDurationMs: number | null, lastResponseExcerpt: string | null, lastError: string | null, createdAt: string, completedAt: string | null }, attempt: { ok: boolean, status: number | null, durationMs: number, error: string | null, responseExcerpt: string } } | null };

export const ComplianceCountsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ComplianceCounts"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceControlCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"met"}},{"kind":"Field","name":{"kind":"Name","value":"notMet"}},{"kind":"Field","name":{"kind":"Name","value":"partial"}},{"kind":"Field","name":{"kind":"Name","value":"attestation"}}]}}]} as unknown as DocumentNode<ComplianceCountsFragment, unknown>;
export const CredentialFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"credential"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"credentialType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"index"}}]}}]}}]} as unknown as DocumentNode<CredentialFieldsFragment, unknown>;
export const DidcommMessageFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DidcommMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DidcommMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"thid"}},{"kind":"Field","name":{"kind":"Name","value":"packing"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryDetail"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<DidcommMessageFieldsFragment, unknown>;
export const DomainFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DomainFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Domain"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<DomainFieldsFragment, unknown>;
export const Oid4vciConfigurationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciConfigurationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciCredentialConfiguration"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"vct"}},{"kind":"Field","name":{"kind":"Name","value":"types"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"display"}},{"kind":"Field","name":{"kind":"Name","value":"validitySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"bindingMethods"}},{"kind":"Field","name":{"kind":"Name","value":"proofAlgs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<Oid4vciConfigurationFieldsFragment, unknown>;
export const Oid4vciOfferFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciOfferFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciOffer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"configurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"issuedConfigurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIds"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"tokenIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"failureReason"}},{"kind":"Field","name":{"kind":"Name","value":"dpopBound"}},{"kind":"Field","name":{"kind":"Name","value":"txCodeFailures"}},{"kind":"Field","name":{"kind":"Name","value":"txCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"inputMode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<Oid4vciOfferFieldsFragment, unknown>;
export const Oid4vpRequestFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vpRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"responseMode"}},{"kind":"Field","name":{"kind":"Name","value":"dcqlQuery"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorDescription"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"presentations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentialQueryId"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"disclosed"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}}]}}]}}]}}]} as unknown as DocumentNode<Oid4vpRequestFieldsFragment, unknown>;
export const TrustAttestationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustAttestationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustAttestation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subjectDid"}},{"kind":"Field","name":{"kind":"Name","value":"attesterDid"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"assuranceLevel"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}},{"kind":"Field","name":{"kind":"Name","value":"validFrom"}},{"kind":"Field","name":{"kind":"Name","value":"validUntil"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TrustAttestationFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhookFieldsFragment, unknown>;
export const WebhookDeliveryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastDurationMs"}},{"kind":"Field","name":{"kind":"Name","value":"lastResponseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<WebhookDeliveryFieldsFragment, unknown>;
export const RegisterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Register"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"register"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<RegisterMutation, RegisterMutationVariables>;
export const LoginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const CompliancePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CompliancePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"framework"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canReport"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complianceFrameworks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"adopted"}},{"kind":"Field","name":{"kind":"Name","value":"adoptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"evaluatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ComplianceCounts"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"complianceSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"personalClaims"}},{"kind":"Field","name":{"kind":"Name","value":"keyRotationDays"}}]}},{"kind":"Field","name":{"kind":"Name","value":"complianceReports"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"framework"},"value":{"kind":"Variable","name":{"kind":"Name","value":"framework"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"framework"}},{"kind":"Field","name":{"kind":"Name","value":"issuerDid"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ComplianceCounts"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canReport"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ComplianceCounts"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceControlCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"met"}},{"kind":"Field","name":{"kind":"Name","value":"notMet"}},{"kind":"Field","name":{"kind":"Name","value":"partial"}},{"kind":"Field","name":{"kind":"Name","value":"attestation"}}]}}]} as unknown as DocumentNode<CompliancePageQuery, CompliancePageQueryVariables>;
export const ComplianceFrameworkPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ComplianceFrameworkPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complianceFramework"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"adopted"}},{"kind":"Field","name":{"kind":"Name","value":"adoptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"evaluatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ComplianceCounts"}}]}},{"kind":"Field","name":{"kind":"Name","value":"controls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"requirement"}},{"kind":"Field","name":{"kind":"Name","value":"evaluation"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"figure"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}},{"kind":"Field","name":{"kind":"Name","value":"remediation"}},{"kind":"Field","name":{"kind":"Name","value":"enforceable"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ComplianceCounts"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceControlCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"met"}},{"kind":"Field","name":{"kind":"Name","value":"notMet"}},{"kind":"Field","name":{"kind":"Name","value":"partial"}},{"kind":"Field","name":{"kind":"Name","value":"attestation"}}]}}]} as unknown as DocumentNode<ComplianceFrameworkPageQuery, ComplianceFrameworkPageQueryVariables>;
export const AdoptComplianceFrameworkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdoptComplianceFramework"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adoptComplianceFramework"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"adopted"}},{"kind":"Field","name":{"kind":"Name","value":"adoptedAt"}}]}}]}}]} as unknown as DocumentNode<AdoptComplianceFrameworkMutation, AdoptComplianceFrameworkMutationVariables>;
export const UnadoptComplianceFrameworkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnadoptComplianceFramework"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unadoptComplianceFramework"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"adopted"}},{"kind":"Field","name":{"kind":"Name","value":"adoptedAt"}}]}}]}}]} as unknown as DocumentNode<UnadoptComplianceFrameworkMutation, UnadoptComplianceFrameworkMutationVariables>;
export const AttestComplianceControlDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AttestComplianceControl"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"framework"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceAttestationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attestComplianceControl"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"framework"},"value":{"kind":"Variable","name":{"kind":"Name","value":"framework"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ComplianceCounts"}}]}},{"kind":"Field","name":{"kind":"Name","value":"controls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}},{"kind":"Field","name":{"kind":"Name","value":"remediation"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ComplianceCounts"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceControlCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"met"}},{"kind":"Field","name":{"kind":"Name","value":"notMet"}},{"kind":"Field","name":{"kind":"Name","value":"partial"}},{"kind":"Field","name":{"kind":"Name","value":"attestation"}}]}}]} as unknown as DocumentNode<AttestComplianceControlMutation, AttestComplianceControlMutationVariables>;
export const SetComplianceSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetComplianceSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceSettingsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setComplianceSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"personalClaims"}},{"kind":"Field","name":{"kind":"Name","value":"keyRotationDays"}}]}}]}}]} as unknown as DocumentNode<SetComplianceSettingsMutation, SetComplianceSettingsMutationVariables>;
export const ComplianceReportPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ComplianceReportPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complianceReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"framework"}},{"kind":"Field","name":{"kind":"Name","value":"issuerDid"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"auditChainHead"}},{"kind":"Field","name":{"kind":"Name","value":"credential"}},{"kind":"Field","name":{"kind":"Name","value":"html"}},{"kind":"Field","name":{"kind":"Name","value":"report"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ComplianceCounts"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ComplianceCounts"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceControlCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"met"}},{"kind":"Field","name":{"kind":"Name","value":"notMet"}},{"kind":"Field","name":{"kind":"Name","value":"partial"}},{"kind":"Field","name":{"kind":"Name","value":"attestation"}}]}}]} as unknown as DocumentNode<ComplianceReportPageQuery, ComplianceReportPageQueryVariables>;
export const CreateComplianceReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateComplianceReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceReportInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createComplianceReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"framework"}},{"kind":"Field","name":{"kind":"Name","value":"issuerDid"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ComplianceCounts"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ComplianceCounts"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ComplianceControlCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"met"}},{"kind":"Field","name":{"kind":"Name","value":"notMet"}},{"kind":"Field","name":{"kind":"Name","value":"partial"}},{"kind":"Field","name":{"kind":"Name","value":"attestation"}}]}}]} as unknown as DocumentNode<CreateComplianceReportMutation, CreateComplianceReportMutationVariables>;
export const CredentialsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CredentialsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CredentialStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"format"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CredentialFormat"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"issuer"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canListDids"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentials"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"Variable","name":{"kind":"Name","value":"format"}}},{"kind":"Argument","name":{"kind":"Name","value":"issuer"},"value":{"kind":"Variable","name":{"kind":"Name","value":"issuer"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentials"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canListDids"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"credential"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"credentialType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"index"}}]}}]}}]} as unknown as DocumentNode<CredentialsPageQuery, CredentialsPageQueryVariables>;
export const CredentialPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CredentialPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"credential"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"credentialType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"index"}}]}}]}}]} as unknown as DocumentNode<CredentialPageQuery, CredentialPageQueryVariables>;
export const IssueCredentialPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IssueCredentialPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<IssueCredentialPageQuery, IssueCredentialPageQueryVariables>;
export const IssueCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IssueCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"IssueCredentialInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"issueCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CredentialFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CredentialFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Credential"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"credential"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"credentialType"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"index"}}]}}]}}]} as unknown as DocumentNode<IssueCredentialMutation, IssueCredentialMutationVariables>;
export const RevokeCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]} as unknown as DocumentNode<RevokeCredentialMutation, RevokeCredentialMutationVariables>;
export const VerifyCredentialDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VerifyCredential"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"VerifyCredentialInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyCredential"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"disclosed"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}}]}}]}}]} as unknown as DocumentNode<VerifyCredentialMutation, VerifyCredentialMutationVariables>;
export const DidcommPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DidcommPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"direction"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DidcommDirection"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"did"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canSend"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"didcommMessages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"direction"},"value":{"kind":"Variable","name":{"kind":"Name","value":"direction"}}},{"kind":"Argument","name":{"kind":"Name","value":"did"},"value":{"kind":"Variable","name":{"kind":"Name","value":"did"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DidcommMessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canSend"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DidcommMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DidcommMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"thid"}},{"kind":"Field","name":{"kind":"Name","value":"packing"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryDetail"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<DidcommPageQuery, DidcommPageQueryVariables>;
export const DidcommMessagePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DidcommMessagePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"didcommMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DidcommMessageFields"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"envelope"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DidcommMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DidcommMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"thid"}},{"kind":"Field","name":{"kind":"Name","value":"packing"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryDetail"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<DidcommMessagePageQuery, DidcommMessagePageQueryVariables>;
export const SendDidcommMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendDidcommMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendDidcommMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendDidcommMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DidcommMessageFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DidcommMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DidcommMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"thid"}},{"kind":"Field","name":{"kind":"Name","value":"packing"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryDetail"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<SendDidcommMessageMutation, SendDidcommMessageMutationVariables>;
export const DidsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DidsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DidStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deactivatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<DidsPageQuery, DidsPageQueryVariables>;
export const DidPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DidPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"did"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"did"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"did"},"value":{"kind":"Variable","name":{"kind":"Name","value":"did"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deactivatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"didDocument"}}]}}]}}]} as unknown as DocumentNode<DidPageQuery, DidPageQueryVariables>;
export const CreateDidDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDid"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDidInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDid"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deactivatedAt"}}]}}]}}]} as unknown as DocumentNode<CreateDidMutation, CreateDidMutationVariables>;
export const DeactivateDidDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeactivateDid"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"did"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deactivateDid"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"did"},"value":{"kind":"Variable","name":{"kind":"Name","value":"did"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"deactivatedAt"}}]}}]}}]} as unknown as DocumentNode<DeactivateDidMutation, DeactivateDidMutationVariables>;
export const DomainsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DomainsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canReadUsage"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"domains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DomainFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canReadUsage"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DomainFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Domain"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<DomainsPageQuery, DomainsPageQueryVariables>;
export const CreateDomainDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDomain"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDomainInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDomain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DomainFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DomainFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Domain"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<CreateDomainMutation, CreateDomainMutationVariables>;
export const VerifyDomainDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VerifyDomain"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyDomain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DomainFields"}},{"kind":"Field","name":{"kind":"Name","value":"check"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"found"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DomainFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Domain"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"verifiedAt"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<VerifyDomainMutation, VerifyDomainMutationVariables>;
export const DeleteDomainDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteDomain"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteDomain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}}]}}]}}]} as unknown as DocumentNode<DeleteDomainMutation, DeleteDomainMutationVariables>;
export const CreateDidWebDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDidWeb"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDidInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDid"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verificationMethod"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deactivatedAt"}}]}}]}}]} as unknown as DocumentNode<CreateDidWebMutation, CreateDidWebMutationVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"tenants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const Oid4vciConfigurationsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vciConfigurationsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vciCredentialConfigurations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"configurations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciConfigurationFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciConfigurationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciCredentialConfiguration"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"vct"}},{"kind":"Field","name":{"kind":"Name","value":"types"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"display"}},{"kind":"Field","name":{"kind":"Name","value":"validitySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"bindingMethods"}},{"kind":"Field","name":{"kind":"Name","value":"proofAlgs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<Oid4vciConfigurationsPageQuery, Oid4vciConfigurationsPageQueryVariables>;
export const Oid4vciConfigurationFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vciConfigurationForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"configurationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"editing"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vciCredentialConfiguration"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"configurationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"configurationId"}}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"editing"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciConfigurationFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciConfigurationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciCredentialConfiguration"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"vct"}},{"kind":"Field","name":{"kind":"Name","value":"types"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"display"}},{"kind":"Field","name":{"kind":"Name","value":"validitySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"bindingMethods"}},{"kind":"Field","name":{"kind":"Name","value":"proofAlgs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<Oid4vciConfigurationFormQuery, Oid4vciConfigurationFormQueryVariables>;
export const CreateOid4vciConfigurationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOid4vciConfiguration"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOid4vciCredentialConfigurationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOid4vciCredentialConfiguration"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciConfigurationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciConfigurationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciCredentialConfiguration"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"vct"}},{"kind":"Field","name":{"kind":"Name","value":"types"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"display"}},{"kind":"Field","name":{"kind":"Name","value":"validitySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"bindingMethods"}},{"kind":"Field","name":{"kind":"Name","value":"proofAlgs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateOid4vciConfigurationMutation, CreateOid4vciConfigurationMutationVariables>;
export const UpdateOid4vciConfigurationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOid4vciConfiguration"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"configurationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOid4vciCredentialConfigurationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOid4vciCredentialConfiguration"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"configurationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"configurationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciConfigurationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciConfigurationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciCredentialConfiguration"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"vct"}},{"kind":"Field","name":{"kind":"Name","value":"types"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"display"}},{"kind":"Field","name":{"kind":"Name","value":"validitySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"bindingMethods"}},{"kind":"Field","name":{"kind":"Name","value":"proofAlgs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateOid4vciConfigurationMutation, UpdateOid4vciConfigurationMutationVariables>;
export const DeleteOid4vciConfigurationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteOid4vciConfiguration"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"configurationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteOid4vciCredentialConfiguration"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"configurationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"configurationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}}]}}]}}]} as unknown as DocumentNode<DeleteOid4vciConfigurationMutation, DeleteOid4vciConfigurationMutationVariables>;
export const Oid4vciOffersPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vciOffersPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"state"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciOfferState"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vciOffers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"state"},"value":{"kind":"Variable","name":{"kind":"Name","value":"state"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciOfferFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciOfferFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciOffer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"configurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"issuedConfigurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIds"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"tokenIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"failureReason"}},{"kind":"Field","name":{"kind":"Name","value":"dpopBound"}},{"kind":"Field","name":{"kind":"Name","value":"txCodeFailures"}},{"kind":"Field","name":{"kind":"Name","value":"txCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"inputMode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<Oid4vciOffersPageQuery, Oid4vciOffersPageQueryVariables>;
export const Oid4vciNewOfferPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vciNewOfferPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canReadConfigurations"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vciCredentialConfigurations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canReadConfigurations"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"configurations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciConfigurationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciConfigurationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciCredentialConfiguration"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"configurationId"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"vct"}},{"kind":"Field","name":{"kind":"Name","value":"types"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"display"}},{"kind":"Field","name":{"kind":"Name","value":"validitySeconds"}},{"kind":"Field","name":{"kind":"Name","value":"bindingMethods"}},{"kind":"Field","name":{"kind":"Name","value":"proofAlgs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<Oid4vciNewOfferPageQuery, Oid4vciNewOfferPageQueryVariables>;
export const CreateOid4vciOfferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOid4vciOffer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOid4vciOfferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOid4vciOffer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciOfferFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"offerUri"}},{"kind":"Field","name":{"kind":"Name","value":"credentialOfferUri"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIssuer"}},{"kind":"Field","name":{"kind":"Name","value":"txCodeValue"}},{"kind":"Field","name":{"kind":"Name","value":"qrCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"svg"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciOfferFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciOffer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"configurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"issuedConfigurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIds"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"tokenIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"failureReason"}},{"kind":"Field","name":{"kind":"Name","value":"dpopBound"}},{"kind":"Field","name":{"kind":"Name","value":"txCodeFailures"}},{"kind":"Field","name":{"kind":"Name","value":"txCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"inputMode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<CreateOid4vciOfferMutation, CreateOid4vciOfferMutationVariables>;
export const Oid4vciOfferPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vciOfferPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vciOffer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciOfferFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciOfferFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciOffer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"configurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"issuedConfigurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIds"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"tokenIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"failureReason"}},{"kind":"Field","name":{"kind":"Name","value":"dpopBound"}},{"kind":"Field","name":{"kind":"Name","value":"txCodeFailures"}},{"kind":"Field","name":{"kind":"Name","value":"txCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"inputMode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<Oid4vciOfferPageQuery, Oid4vciOfferPageQueryVariables>;
export const CancelOid4vciOfferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOid4vciOffer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOid4vciOffer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vciOfferFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vciOfferFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vciOffer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"subjectId"}},{"kind":"Field","name":{"kind":"Name","value":"configurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"issuedConfigurationIds"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIds"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"tokenIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"credentialIssuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"failureReason"}},{"kind":"Field","name":{"kind":"Name","value":"dpopBound"}},{"kind":"Field","name":{"kind":"Name","value":"txCodeFailures"}},{"kind":"Field","name":{"kind":"Name","value":"txCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"length"}},{"kind":"Field","name":{"kind":"Name","value":"inputMode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<CancelOid4vciOfferMutation, CancelOid4vciOfferMutationVariables>;
export const Oid4vpRequestsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vpRequestsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vpRequestStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vpRequests"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<Oid4vpRequestsPageQuery, Oid4vpRequestsPageQueryVariables>;
export const Oid4vpNewRequestPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vpNewRequestPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canListDids"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canListDids"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}}]}}]}}]}}]} as unknown as DocumentNode<Oid4vpNewRequestPageQuery, Oid4vpNewRequestPageQueryVariables>;
export const CreateOid4vpRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOid4vpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOid4vpRequestInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOid4vpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vpRequestFields"}},{"kind":"Field","name":{"kind":"Name","value":"authorizationRequest"}},{"kind":"Field","name":{"kind":"Name","value":"qrCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"svg"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vpRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"responseMode"}},{"kind":"Field","name":{"kind":"Name","value":"dcqlQuery"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorDescription"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"presentations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentialQueryId"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"disclosed"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CreateOid4vpRequestMutation, CreateOid4vpRequestMutationVariables>;
export const Oid4vpRequestPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Oid4vpRequestPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"oid4vpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vpRequestFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vpRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"responseMode"}},{"kind":"Field","name":{"kind":"Name","value":"dcqlQuery"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorDescription"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"presentations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentialQueryId"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"disclosed"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}}]}}]}}]}}]} as unknown as DocumentNode<Oid4vpRequestPageQuery, Oid4vpRequestPageQueryVariables>;
export const CancelOid4vpRequestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOid4vpRequest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOid4vpRequest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"Oid4vpRequestFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"Oid4vpRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Oid4vpRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"purpose"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"responseMode"}},{"kind":"Field","name":{"kind":"Name","value":"dcqlQuery"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"errorDescription"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"erasedAt"}},{"kind":"Field","name":{"kind":"Name","value":"presentations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"credentialQueryId"}},{"kind":"Field","name":{"kind":"Name","value":"holder"}},{"kind":"Field","name":{"kind":"Name","value":"verification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verified"}},{"kind":"Field","name":{"kind":"Name","value":"format"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"claims"}},{"kind":"Field","name":{"kind":"Name","value":"disclosed"}},{"kind":"Field","name":{"kind":"Name","value":"checks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CancelOid4vpRequestMutation, CancelOid4vpRequestMutationVariables>;
export const OverviewPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OverviewPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canSeeEvents"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventLimit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"periodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"credentialsIssuedThisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"credentials"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activeDids"}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"}},{"kind":"Field","name":{"kind":"Name","value":"pendingInvitations"}},{"kind":"Field","name":{"kind":"Name","value":"seats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerMinute"}},{"kind":"Field","name":{"kind":"Name","value":"burst"}},{"kind":"Field","name":{"kind":"Name","value":"customRolesAllowed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventLimit"}}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canSeeEvents"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<OverviewPageQuery, OverviewPageQueryVariables>;
export const MembersPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MembersPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"roleId"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<MembersPageQuery, MembersPageQueryVariables>;
export const InvitationsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvitationsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canInvite"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"roleId"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"roles"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canInvite"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"roles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"builtIn"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<InvitationsPageQuery, InvitationsPageQueryVariables>;
export const RolesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Roles"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"roles"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"roles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"builtIn"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<RolesQuery, RolesQueryVariables>;
export const RolesPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RolesPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canReadUsage"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"roles"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"roles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"builtIn"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canReadUsage"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"customRolesAllowed"}},{"kind":"Field","name":{"kind":"Name","value":"customRoles"}}]}}]}}]} as unknown as DocumentNode<RolesPageQuery, RolesPageQueryVariables>;
export const InviteMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InviteMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InviteMemberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"roleId"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"}}]}}]}}]} as unknown as DocumentNode<InviteMemberMutation, InviteMemberMutationVariables>;
export const RevokeInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<RevokeInvitationMutation, RevokeInvitationMutationVariables>;
export const AcceptInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AcceptInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}}]} as unknown as DocumentNode<AcceptInvitationMutation, AcceptInvitationMutationVariables>;
export const UpdateMemberRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMemberRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateMemberRoleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMemberRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"roleId"}}]}}]}}]} as unknown as DocumentNode<UpdateMemberRoleMutation, UpdateMemberRoleMutationVariables>;
export const RemoveMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<RemoveMemberMutation, RemoveMemberMutationVariables>;
export const CreateRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateRoleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"builtIn"}}]}}]}}]} as unknown as DocumentNode<CreateRoleMutation, CreateRoleMutationVariables>;
export const UpdateRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateRoleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}}]}}]}}]} as unknown as DocumentNode<UpdateRoleMutation, UpdateRoleMutationVariables>;
export const DeleteRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<DeleteRoleMutation, DeleteRoleMutationVariables>;
export const ApiKeysPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeysPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdByUserId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<ApiKeysPageQuery, ApiKeysPageQueryVariables>;
export const CreateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdByUserId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const ChangePlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangePlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangePlanInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"previousPlan"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"changedAt"}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"credentialsPerMonth"}},{"kind":"Field","name":{"kind":"Name","value":"dids"}},{"kind":"Field","name":{"kind":"Name","value":"members"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerMinute"}},{"kind":"Field","name":{"kind":"Name","value":"burst"}},{"kind":"Field","name":{"kind":"Name","value":"customRoles"}},{"kind":"Field","name":{"kind":"Name","value":"customDomains"}}]}}]}}]}}]} as unknown as DocumentNode<ChangePlanMutation, ChangePlanMutationVariables>;
export const UsagePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UsagePage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"usage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"plan"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"periodStart"}},{"kind":"Field","name":{"kind":"Name","value":"periodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"credentialsIssuedThisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"credentials"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activeDids"}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"}},{"kind":"Field","name":{"kind":"Name","value":"pendingInvitations"}},{"kind":"Field","name":{"kind":"Name","value":"seats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"remaining"}}]}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerMinute"}},{"kind":"Field","name":{"kind":"Name","value":"burst"}},{"kind":"Field","name":{"kind":"Name","value":"customRolesAllowed"}},{"kind":"Field","name":{"kind":"Name","value":"customRoles"}}]}}]}}]} as unknown as DocumentNode<UsagePageQuery, UsagePageQueryVariables>;
export const AuditLogPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditLogPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canListMembers"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"actorUserId"}},{"kind":"Field","name":{"kind":"Name","value":"actorApiKeyId"}},{"kind":"Field","name":{"kind":"Name","value":"targetType"}},{"kind":"Field","name":{"kind":"Name","value":"targetId"}},{"kind":"Field","name":{"kind":"Name","value":"details"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canListMembers"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<AuditLogPageQuery, AuditLogPageQueryVariables>;
export const AuditLogVerificationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditLogVerification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLogVerification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"eventsChecked"}},{"kind":"Field","name":{"kind":"Name","value":"head"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"firstBreak"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"expected"}},{"kind":"Field","name":{"kind":"Name","value":"found"}}]}}]}}]}}]} as unknown as DocumentNode<AuditLogVerificationQuery, AuditLogVerificationQueryVariables>;
export const TrustPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrustPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"canAttest"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AttestationStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"assuranceLevel"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AssuranceLevel"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subjectDid"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"attesterDid"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trustAttestations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"assuranceLevel"},"value":{"kind":"Variable","name":{"kind":"Name","value":"assuranceLevel"}}},{"kind":"Argument","name":{"kind":"Name","value":"subjectDid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subjectDid"}}},{"kind":"Argument","name":{"kind":"Name","value":"attesterDid"},"value":{"kind":"Variable","name":{"kind":"Name","value":"attesterDid"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attestations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TrustAttestationFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"trustPolicy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minScore"}},{"kind":"Field","name":{"kind":"Name","value":"minAssuranceLevel"}},{"kind":"Field","name":{"kind":"Name","value":"requireAttestedIssuer"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dids"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"canAttest"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dids"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"did"}},{"kind":"Field","name":{"kind":"Name","value":"keyType"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustAttestationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustAttestation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subjectDid"}},{"kind":"Field","name":{"kind":"Name","value":"attesterDid"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"assuranceLevel"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}},{"kind":"Field","name":{"kind":"Name","value":"validFrom"}},{"kind":"Field","name":{"kind":"Name","value":"validUntil"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<TrustPageQuery, TrustPageQueryVariables>;
export const CreateTrustAttestationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTrustAttestation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTrustAttestationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTrustAttestation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TrustAttestationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustAttestationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustAttestation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subjectDid"}},{"kind":"Field","name":{"kind":"Name","value":"attesterDid"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"assuranceLevel"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}},{"kind":"Field","name":{"kind":"Name","value":"validFrom"}},{"kind":"Field","name":{"kind":"Name","value":"validUntil"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CreateTrustAttestationMutation, CreateTrustAttestationMutationVariables>;
export const RevokeTrustAttestationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeTrustAttestation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeTrustAttestation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TrustAttestationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustAttestationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustAttestation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subjectDid"}},{"kind":"Field","name":{"kind":"Name","value":"attesterDid"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"assuranceLevel"}},{"kind":"Field","name":{"kind":"Name","value":"credentialTypes"}},{"kind":"Field","name":{"kind":"Name","value":"evidence"}},{"kind":"Field","name":{"kind":"Name","value":"validFrom"}},{"kind":"Field","name":{"kind":"Name","value":"validUntil"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RevokeTrustAttestationMutation, RevokeTrustAttestationMutationVariables>;
export const SetTrustPolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetTrustPolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TrustPolicyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setTrustPolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minScore"}},{"kind":"Field","name":{"kind":"Name","value":"minAssuranceLevel"}},{"kind":"Field","name":{"kind":"Name","value":"requireAttestedIssuer"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<SetTrustPolicyMutation, SetTrustPolicyMutationVariables>;
export const WebhooksPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhooksPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<WebhooksPageQuery, WebhooksPageQueryVariables>;
export const WebhookPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryState"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastDurationMs"}},{"kind":"Field","name":{"kind":"Name","value":"lastResponseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<WebhookPageQuery, WebhookPageQueryVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const TestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseExcerpt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastDurationMs"}},{"kind":"Field","name":{"kind":"Name","value":"lastResponseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<TestWebhookMutation, TestWebhookMutationVariables>;
export const ReplayWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReplayWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replayWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseExcerpt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookId"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastDurationMs"}},{"kind":"Field","name":{"kind":"Name","value":"lastResponseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]} as unknown as DocumentNode<ReplayWebhookDeliveryMutation, ReplayWebhookDeliveryMutationVariables>;