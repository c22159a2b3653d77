/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant as an RFC 3339 / ISO 8601 string in UTC, e.g. 2026-11-21T12:00:00.000Z. */
  DateTime: { input: string; output: string; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
};

/** Logged in: only the token. Without an account: the token, a password and a display name. */
export type AcceptInvitationInput = {
  displayName: InputMaybe<Scalars['String']['input']>;
  /** At least 8 characters, taken exactly as sent. */
  password: InputMaybe<Scalars['String']['input']>;
  token: Scalars['String']['input'];
};

/** An API key as listed: never its hash or plaintext, only a short prefix to recognise it. */
export type ApiKey = {
  __typename?: 'ApiKey';
  createdAt: Scalars['DateTime']['output'];
  createdByUserId: Scalars['ID']['output'];
  expiresAt: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** Recorded to the minute. */
  lastUsedAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  prefix: Scalars['String']['output'];
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  /** null for an unscoped key, which acts with its creator’s role permissions. */
  scopes: Maybe<Array<Scalars['String']['output']>>;
};

export type ApiKeyPage = {
  __typename?: 'ApiKeyPage';
  apiKeys: Array<ApiKey>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
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

/** The first event at which the audit chain does not hold. */
export type AuditChainBreak = {
  __typename?: 'AuditChainBreak';
  /** The event's id; for head_mismatch, the event the chain head names (it may be gone). */
  eventId: Maybe<Scalars['ID']['output']>;
  /** The seq expected for sequence_gap; otherwise a hash. */
  expected: Scalars['String']['output'];
  found: Scalars['String']['output'];
  reason: AuditChainBreakReason;
  seq: Scalars['Int']['output'];
};

/** sequence_gap: seq is not the one after the previous event (an event before it was deleted, or a seq edited); prev_hash_mismatch: prev_hash is not the previous event's hash (an event before it was replaced); hash_mismatch: the event is not what its hash covers (the event was edited); head_mismatch: the chain ends elsewhere than the tenant's recorded chain head (events deleted from the end). */
export type AuditChainBreakReason =
  | 'hash_mismatch'
  | 'head_mismatch'
  | 'prev_hash_mismatch'
  | 'sequence_gap';

/** The newest event of an audit chain. */
export type AuditChainHead = {
  __typename?: 'AuditChainHead';
  createdAt: Scalars['DateTime']['output'];
  eventId: Scalars['ID']['output'];
  /** Lowercase hex SHA-256. */
  hash: Scalars['String']['output'];
  seq: Scalars['Int']['output'];
};

export type AuditChainVerification = {
  __typename?: 'AuditChainVerification';
  /** Events read, up to and including the first broken one. */
  eventsChecked: Scalars['Int']['output'];
  /** null when the chain is intact. */
  firstBreak: Maybe<AuditChainBreak>;
  /** The newest event of the chain as verified; null before the first event. */
  head: Maybe<AuditChainHead>;
  valid: Scalars['Boolean']['output'];
};

export type AuditEvent = {
  __typename?: 'AuditEvent';
  action: Scalars['String']['output'];
  actorApiKeyId: Maybe<Scalars['ID']['output']>;
  actorUserId: Maybe<Scalars['ID']['output']>;
  createdAt: Scalars['DateTime']['output'];
  details: Scalars['JSON']['output'];
  /** SHA-256 over the RFC 8785 (JCS) serialisation of this event with seq and prevHash. Lowercase hex SHA-256. */
  hash: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The previous event's hash; 64 zeros for the first event. Lowercase hex SHA-256. */
  prevHash: Scalars['String']['output'];
  requestId: Maybe<Scalars['String']['output']>;
  /** Position in the tenant's audit chain: 1, 2, 3… without gaps. */
  seq: Scalars['Int']['output'];
  targetId: Maybe<Scalars['String']['output']>;
  targetType: Scalars['String']['output'];
};

export type AuditEventPage = {
  __typename?: 'AuditEventPage';
  events: Array<AuditEvent>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** A new session: its bearer token, the user, the tenant it is bound to and the role there. */
export type AuthPayload = {
  __typename?: 'AuthPayload';
  role: Scalars['String']['output'];
  tenantId: Scalars['ID']['output'];
  /** Opaque session token; send as `Authorization: Bearer <token>`. */
  token: Scalars['String']['output'];
  userId: Scalars['ID']['output'];
};

export type ChangePlanInput = {
  /** developer, startup, business or enterprise. */
  plan: Plan;
};

export type ComplianceAttestationInput = {
  /** A tenant-asserted control of the framework. */
  controlId: Scalars['String']['input'];
  /** What the tenant asserts, for the auditor: the policy, contract or test it rests on. */
  statement: Scalars['String']['input'];
};

/** One control of a framework, evaluated from the tenant’s live state. */
export type ComplianceControl = {
  __typename?: 'ComplianceControl';
  /** Whether issuing refuses what breaks it while the framework is adopted. */
  enforceable: Scalars['Boolean']['output'];
  /** How the service evaluates it. */
  evaluation: Scalars['String']['output'];
  /** Counts, ids and timestamps the state rests on. */
  evidence: Scalars['JSON']['output'];
  /** For partial: the compliant share, 0–1. */
  figure: Maybe<Scalars['Float']['output']>;
  /** Stable within the framework; attestations name it. */
  id: Scalars['String']['output'];
  /** The framework’s citation, e.g. GDPR Art. 5(1)(c). */
  reference: Scalars['String']['output'];
  /** What to do; null when met. */
  remediation: Maybe<Scalars['String']['output']>;
  requirement: Scalars['String']['output'];
  state: ControlState;
  summary: Scalars['String']['output'];
};

/** How many controls are in each state. */
export type ComplianceControlCounts = {
  __typename?: 'ComplianceControlCounts';
  attestation: Scalars['Int']['output'];
  met: Scalars['Int']['output'];
  notMet: Scalars['Int']['output'];
  partial: Scalars['Int']['output'];
};

export type ComplianceFramework = {
  __typename?: 'ComplianceFramework';
  /** Adopted frameworks are enforced at issue time. */
  adopted: Scalars['Boolean']['output'];
  adoptedAt: Maybe<Scalars['DateTime']['output']>;
  controls: Array<ComplianceControl>;
  counts: ComplianceControlCounts;
  description: Scalars['String']['output'];
  evaluatedAt: Scalars['DateTime']['output'];
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  version: Scalars['String']['output'];
};

/** A framework’s evaluation at one moment, signed as a jwt_vc_json ComplianceReport credential. */
export type ComplianceReport = {
  __typename?: 'ComplianceReport';
  /** The audit log’s chain head (seq, event_id, hash) when it was computed. */
  auditChainHead: Maybe<Scalars['JSON']['output']>;
  counts: ComplianceControlCounts;
  createdAt: Scalars['DateTime']['output'];
  /** The signed ComplianceReport credential (a JWT). */
  credential: Scalars['String']['output'];
  framework: Scalars['String']['output'];
  /** A self-contained HTML rendering for people. */
  html: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The tenant’s DID that signed it. */
  issuerDid: Scalars['String']['output'];
  /** The evaluation as issued, evidence included. */
  report: Scalars['JSON']['output'];
};

export type ComplianceReportInput = {
  /** A framework’s fixed id: eidas2, gdpr, soc2, iso27001, nist-800-63, uk-diatf, hipaa. */
  framework: Scalars['String']['input'];
  /** The tenant’s DID to sign with; default its oldest active DID. */
  issuerDid: InputMaybe<Scalars['String']['input']>;
};

export type ComplianceReportPage = {
  __typename?: 'ComplianceReportPage';
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
  reports: Array<ComplianceReport>;
};

export type ComplianceSettings = {
  __typename?: 'ComplianceSettings';
  /** Signing keys older than this are due. */
  keyRotationDays: Scalars['Int']['output'];
  /** Claim names declared personal data. */
  personalClaims: Array<Scalars['String']['output']>;
};

export type ComplianceSettingsInput = {
  /** How old a signing key may grow before it is due for rotation (default 365). */
  keyRotationDays: InputMaybe<Scalars['Int']['input']>;
  /** Top-level claim names that are personal data. */
  personalClaims: InputMaybe<Array<Scalars['String']['input']>>;
};

/** met; not_met; partial (with figure, the compliant share); attestation (asserted by the tenant). */
export type ControlState =
  | 'attestation'
  | 'met'
  | 'not_met'
  | 'partial';

export type CreateApiKeyInput = {
  /** ISO 8601 date-time; omit for a key that does not expire. */
  expiresAt: InputMaybe<Scalars['String']['input']>;
  name: InputMaybe<Scalars['String']['input']>;
  /** A subset of your permissions; omit for an unscoped key. */
  scopes: InputMaybe<Array<Scalars['String']['input']>>;
};

export type CreateDidInput = {
  /** did:web only: one of the tenant’s verified custom domains. */
  domain: InputMaybe<Scalars['String']['input']>;
  /** Ed25519 (default) or P-256. */
  keyType: InputMaybe<KeyType>;
  /** key (default) or web. */
  method: InputMaybe<DidMethod>;
  /** did:web only: a path under the domain, e.g. issuers/degrees (did:web:<domain>:issuers:degrees). */
  path: InputMaybe<Scalars['String']['input']>;
};

export type CreateDomainInput = {
  /** A lowercase DNS name, e.g. credentials.example.com. */
  domain: Scalars['String']['input'];
};

export type CreateRoleInput = {
  description: InputMaybe<Scalars['String']['input']>;
  /** Lowercase letters and digits separated by - or _. */
  name: Scalars['String']['input'];
  /** A subset of your own permissions. */
  permissions: Array<Scalars['String']['input']>;
};

export type CreateTrustAttestationInput = {
  /** An eIDAS level of assurance: low, substantial or high. */
  assuranceLevel: AssuranceLevel;
  /** One of the tenant’s active DIDs; default the oldest active one. */
  attesterDid: InputMaybe<Scalars['String']['input']>;
  /** The credential types it vouches for; empty or absent: all. */
  credentialTypes: InputMaybe<Array<Scalars['String']['input']>>;
  /** Why: free text or a URL. */
  evidence: InputMaybe<Scalars['String']['input']>;
  /** How much the subject is trusted: an integer 0–100. */
  score: Scalars['Int']['input'];
  /** Whom the attestation is about (typically another issuer). */
  subjectDid: Scalars['String']['input'];
  /** ISO 8601; default now. */
  validFrom: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601; default never. */
  validUntil: InputMaybe<Scalars['String']['input']>;
  /** How much this attestation counts in the aggregate score: 0.0–1.0. */
  weight: Scalars['Float']['input'];
};

export type CreateWebhookInput = {
  /** A note for your team. */
  description: InputMaybe<Scalars['String']['input']>;
  /** Event types to receive (credential.issued, credential.revoked, did.created, did.deactivated, member.invited, member.joined, member.removed, member.role_changed, api_key.created, api_key.revoked, plan.changed, trust.attestation.created, trust.attestation.revoked, compliance.framework.adopted, compliance.framework.unadopted, compliance.report.issued, compliance.subject.erased, domain.verified, domain.unverified, domain.removed, didcomm.message.sent, didcomm.message.received, webhook.test), or ["*"] for all, including those added later. */
  events: Array<Scalars['String']['input']>;
  /** Where events are POSTed (https in production). */
  url: Scalars['String']['input'];
};

export type CreatedApiKey = {
  __typename?: 'CreatedApiKey';
  apiKey: ApiKey;
  /** The plaintext key: shown only here, once. */
  key: Scalars['String']['output'];
};

/** A new invitation with its one-time token, shown only here. Pass it to the invitee. */
export type CreatedInvitation = {
  __typename?: 'CreatedInvitation';
  invitation: Invitation;
  token: Scalars['String']['output'];
};

export type Credential = {
  __typename?: 'Credential';
  /** The credential as issued (a JWT, or an SD-JWT with all disclosures); null once erased at its subject’s request (erasedAt). */
  credential: Maybe<Scalars['String']['output']>;
  /** The VC type (jwt_vc_json) or vct (vc+sd-jwt). */
  credentialType: Scalars['String']['output'];
  /** Only in the answer to an issue with deliverTo: the DIDComm message that carried it. */
  delivery: Maybe<CredentialDelivery>;
  /** When its body and claim values were erased at its subject’s request (eraseComplianceSubject); it stays revoked, its bit set in its status list. Null while it is kept. */
  erasedAt: Maybe<Scalars['DateTime']['output']>;
  expiresAt: Maybe<Scalars['DateTime']['output']>;
  format: CredentialFormat;
  id: Scalars['ID']['output'];
  issuedAt: Scalars['DateTime']['output'];
  issuer: Scalars['String']['output'];
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  status: CredentialStatusReference;
  subjectId: Maybe<Scalars['String']['output']>;
};

/** What became of the DIDComm issue-credential message of a credential issued with deliverTo. */
export type CredentialDelivery = {
  __typename?: 'CredentialDelivery';
  detail: Maybe<Scalars['String']['output']>;
  /** The stored DIDComm message (didcommMessage); null when it could not be sent. */
  messageId: Maybe<Scalars['String']['output']>;
  /** inbox (the holder DID is hosted here), delivered or failed (its DIDCommMessaging endpoint), returned (no endpoint: the envelope is in the stored message). */
  status: Scalars['String']['output'];
  /** The holder DID. */
  to: Scalars['String']['output'];
};

/** jwt_vc_json (W3C VCDM 1.1 as a JWT) or vc+sd-jwt (SD-JWT VC). */
export type CredentialFormat =
  | 'jwt_vc_json'
  | 'vc_sd_jwt';

export type CredentialPage = {
  __typename?: 'CredentialPage';
  credentials: Array<Credential>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

export type CredentialStatus =
  | 'active'
  | 'revoked';

export type CredentialStatusReference = {
  __typename?: 'CredentialStatusReference';
  index: Scalars['Int']['output'];
  type: StatusReferenceType;
  /** The public status list. */
  uri: Scalars['String']['output'];
};

/** A data subject request the tenant received; completedAt null: not answered (failed). */
export type DataSubjectRequest = {
  __typename?: 'DataSubjectRequest';
  actorApiKeyId: Maybe<Scalars['ID']['output']>;
  actorUserId: Maybe<Scalars['ID']['output']>;
  completedAt: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Credentials exported or erased; null while not answered. */
  credentialsCount: Maybe<Scalars['Int']['output']>;
  id: Scalars['ID']['output'];
  kind: DataSubjectRequestKind;
  /** The HTTP request’s X-Request-Id. */
  requestId: Maybe<Scalars['String']['output']>;
  subjectId: Scalars['String']['output'];
};

/** export (GDPR Art. 15) or erase (Art. 17). */
export type DataSubjectRequestKind =
  | 'erase'
  | 'export';

/** A did:key of the tenant. Its private key never leaves the server. */
export type Did = {
  __typename?: 'Did';
  createdAt: Scalars['DateTime']['output'];
  deactivatedAt: Maybe<Scalars['DateTime']['output']>;
  did: Scalars['String']['output'];
  didDocument: Scalars['JSON']['output'];
  id: Scalars['ID']['output'];
  keyType: KeyType;
  status: DidStatus;
  /** The kid of its signatures. */
  verificationMethod: Scalars['String']['output'];
};

/** key (did:key, the default) or web (did:web on a verified custom domain). */
export type DidMethod =
  | 'key'
  | 'web';

export type DidPage = {
  __typename?: 'DidPage';
  dids: Array<Did>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

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

/** A DIDComm v2 message one of the tenant’s DIDs sent or received. */
export type DidcommMessage = {
  __typename?: 'DidcommMessage';
  createdAt: Scalars['DateTime']['output'];
  delivery: DidcommDelivery;
  deliveryDetail: Maybe<Scalars['String']['output']>;
  /** The tenant’s DID: the sender (outbound) or the recipient (inbound). */
  did: Scalars['String']['output'];
  direction: DidcommDirection;
  /** The packed envelope (JSON text) as sent or received. */
  envelope: Scalars['String']['output'];
  from: Maybe<Scalars['String']['output']>;
  /** The stored message’s id (not the DIDComm id). */
  id: Scalars['ID']['output'];
  /** The plaintext message (DIDComm § 2.1), decrypted. */
  message: Scalars['JSON']['output'];
  /** The DIDComm message’s own `id`. */
  messageId: Scalars['String']['output'];
  packing: DidcommPacking;
  thid: Maybe<Scalars['String']['output']>;
  to: Array<Scalars['String']['output']>;
  type: Scalars['String']['output'];
};

export type DidcommMessagePage = {
  __typename?: 'DidcommMessagePage';
  messages: Array<DidcommMessage>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** authcrypt (ECDH-1PU+A256KW, A256CBC-HS512: encrypted, sender authenticated), anoncrypt (ECDH-ES+A256KW: encrypted, anonymous sender), signed (JWS JSON), plaintext. */
export type DidcommPacking =
  | 'anoncrypt'
  | 'authcrypt'
  | 'plaintext'
  | 'signed';

/** A custom domain of the tenant: pending until verified through DNS, then serving its did:web DIDs. */
export type Domain = {
  __typename?: 'Domain';
  /** What this request’s lookup found (verifyDomain only). */
  check: Maybe<DomainCheck>;
  /** The last lookup. */
  checkedAt: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  domain: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The last lookup that found the record; 3 days without it and a verified domain is pending again. */
  lastSeenAt: Maybe<Scalars['DateTime']['output']>;
  status: DomainStatus;
  verification: DomainVerification;
  verifiedAt: Maybe<Scalars['DateTime']['output']>;
};

/** What a lookup of the TXT record found. */
export type DomainCheck = {
  __typename?: 'DomainCheck';
  /** Why nothing usable was found: NXDOMAIN, no TXT records, a timeout, a DNS failure. */
  error: Maybe<Scalars['String']['output']>;
  /** The TXT values at the name, if any. */
  found: Array<Scalars['String']['output']>;
};

/** pending until the TXT record is found; verified while it is. */
export type DomainStatus =
  | 'pending'
  | 'verified';

/** The DNS record that proves the tenant holds the domain. */
export type DomainVerification = {
  __typename?: 'DomainVerification';
  /** _credential-service.<domain> */
  name: Scalars['String']['output'];
  /** Always TXT. */
  type: Scalars['String']['output'];
  /** The TXT record’s value, exactly. */
  value: Scalars['String']['output'];
};

/** Something that happened in the tenant, as webhooks deliver it: the envelope {id, type, tenant_id, created_at, data}. The event catalogue (the OpenAPI document’s `webhooks`) describes each type’s data. */
export type Event = {
  __typename?: 'Event';
  createdAt: Scalars['DateTime']['output'];
  /** The payload, in the REST spelling (snake_case keys) that webhooks deliver. */
  data: Scalars['JSON']['output'];
  /** The event’s id: also the webhook-id header of its deliveries. */
  id: Scalars['ID']['output'];
  tenantId: Scalars['ID']['output'];
  type: EventType;
};

export type EventPage = {
  __typename?: 'EventPage';
  events: Array<Event>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

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
  | 'plan_changed'
  | 'trust_attestation_created'
  | 'trust_attestation_revoked'
  | 'webhook_test';

/** A pending invitation: it holds a seat under the plan’s member limit until accepted, revoked or expired. */
export type Invitation = {
  __typename?: 'Invitation';
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  invitedByUserId: Maybe<Scalars['ID']['output']>;
  role: Scalars['String']['output'];
  roleId: Scalars['ID']['output'];
};

export type InvitationPage = {
  __typename?: 'InvitationPage';
  invitations: Array<Invitation>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

export type InviteMemberInput = {
  email: Scalars['String']['input'];
  roleId: Scalars['String']['input'];
};

export type IssueCredentialInput = {
  /** The subject’s claims (a JSON object). */
  claims: InputMaybe<Scalars['JSON']['input']>;
  /** The holder’s DID: the credential is also sent to it over DIDComm (Issue Credential 3.0, from the issuer DID; needs didcomm:send). */
  deliverTo: InputMaybe<Scalars['String']['input']>;
  /** vc+sd-jwt: claims the holder may withhold; default all. */
  disclosable: InputMaybe<Array<Scalars['String']['input']>>;
  /** jwt_vc_json (W3C VCDM 1.1 as a JWT) or vc+sd-jwt (SD-JWT VC). */
  format: CredentialFormat;
  /** vc+sd-jwt: the holder’s public JWK, for cnf. */
  holderJwk: InputMaybe<Scalars['JSON']['input']>;
  /** One of the tenant’s active DIDs. */
  issuer: Scalars['String']['input'];
  /** The SD-JWT VC typ header: dc+sd-jwt (default) or vc+sd-jwt for older wallets. */
  sdJwtTyp: InputMaybe<SdJwtTyp>;
  /** The subject’s id (a DID or URI); becomes sub. */
  subjectId: InputMaybe<Scalars['String']['input']>;
  /** jwt_vc_json: the VC type, e.g. ["VerifiableCredential", "UniversityDegreeCredential"] (a single name is a list of one; VerifiableCredential is implied). */
  type: InputMaybe<Array<Scalars['String']['input']>>;
  /** ISO 8601; default now. */
  validFrom: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601; becomes exp. */
  validUntil: InputMaybe<Scalars['String']['input']>;
  /** vc+sd-jwt: the verifiable credential type (required). */
  vct: InputMaybe<Scalars['String']['input']>;
};

/** Ed25519 (alg EdDSA) or P-256 (alg ES256). */
export type KeyType =
  | 'Ed25519'
  | 'P_256';

export type LoginInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  /** The tenant to log into; the first one joined when omitted. */
  tenantSlug: InputMaybe<Scalars['String']['input']>;
};

export type LogoutPayload = {
  __typename?: 'LogoutPayload';
  /** Always `logged_out`. */
  status: Scalars['String']['output'];
};

export type Me = {
  __typename?: 'Me';
  displayName: Scalars['String']['output'];
  email: Scalars['String']['output'];
  permissions: Array<Scalars['String']['output']>;
  role: Scalars['String']['output'];
  tenantId: Scalars['ID']['output'];
  tenants: Array<TenantMembership>;
  userId: Scalars['ID']['output'];
};

export type Member = {
  __typename?: 'Member';
  displayName: Scalars['String']['output'];
  email: Scalars['String']['output'];
  joinedAt: Scalars['DateTime']['output'];
  role: Scalars['String']['output'];
  roleId: Scalars['ID']['output'];
  userId: Scalars['ID']['output'];
};

export type MemberPage = {
  __typename?: 'MemberPage';
  members: Array<Member>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Joins the inviting tenant and returns a session there. */
  acceptInvitation: Maybe<AuthPayload>;
  /** From now on issuing refuses what breaks its enforceable controls. */
  adoptComplianceFramework: Maybe<ComplianceFramework>;
  /** Records the tenant’s statement for a control only it can assert; who and when are kept. */
  attestComplianceControl: Maybe<ComplianceFramework>;
  /** Moves the tenant to another plan at once (payment is handled elsewhere); recorded in the audit log. */
  changePlan: Maybe<PlanChange>;
  createApiKey: Maybe<CreatedApiKey>;
  /** Evaluates the framework now and signs the result; consumes no credential quota. */
  createComplianceReport: Maybe<ComplianceReport>;
  createDid: Maybe<Did>;
  /** Claims a domain (Business and Enterprise): set the TXT record it answers, then verify. */
  createDomain: Maybe<Domain>;
  /** Creates a custom role (Business and Enterprise plans). */
  createRole: Maybe<Role>;
  /** Attests a subject DID; issues no quota-counted credential (the Trust API is unlimited). */
  createTrustAttestation: Maybe<TrustAttestation>;
  createWebhook: Maybe<WebhookWithSecret>;
  /** Final: a deactivated DID cannot issue and frees a slot under the plan’s DID limit. */
  deactivateDid: Maybe<Did>;
  /** Removes the domain; it stops being served at once. */
  deleteDomain: Maybe<Domain>;
  /** Deletes a custom role that no member or pending invitation holds. */
  deleteRole: Maybe<Role>;
  deleteWebhook: Maybe<Webhook>;
  /** Erases a subject id’s credentials (GDPR Art. 17): revokes the active ones, removes every body and claim value, keeps ids, hash and status. A second erase does nothing (zeros). */
  eraseComplianceSubject: Maybe<SubjectErasure>;
  inviteMember: Maybe<CreatedInvitation>;
  /** Issues a credential; consumes one of the month’s quota. */
  issueCredential: Maybe<Credential>;
  login: Maybe<AuthPayload>;
  /** Invalidates the session whose token authenticated this request. */
  logout: Maybe<LogoutPayload>;
  /** Creates a user, their tenant (they become its owner) and a session. */
  register: Maybe<AuthPayload>;
  removeMember: Maybe<Member>;
  /** A new attempt of the same event now (the same webhook-id), whatever the delivery’s state. */
  replayWebhookDelivery: Maybe<WebhookAttemptResult>;
  revokeApiKey: Maybe<ApiKey>;
  revokeCredential: Maybe<Revocation>;
  revokeInvitation: Maybe<Invitation>;
  /** Revokes it (its status bit is set); a second revoke is not found. */
  revokeTrustAttestation: Maybe<TrustAttestation>;
  /** A new signing secret; the previous one keeps signing beside it for 24 hours. */
  rotateWebhookSecret: Maybe<WebhookWithSecret>;
  /** Packs a message from one of the tenant’s DIDs and sends it: into the inbox of a DID hosted here, to the DIDCommMessaging endpoint of the recipient’s document, or back to the caller (delivery `returned`). */
  sendDidcommMessage: Maybe<DidcommMessage>;
  setComplianceSettings: Maybe<ComplianceSettings>;
  setTrustPolicy: Maybe<TrustPolicy>;
  /** Sends a webhook.test event to this endpoint now and answers the attempt’s outcome. */
  testWebhook: Maybe<WebhookAttemptResult>;
  unadoptComplianceFramework: Maybe<ComplianceFramework>;
  updateMemberRole: Maybe<Member>;
  updateRole: Maybe<Role>;
  updateWebhook: Maybe<Webhook>;
  verifyCredential: Maybe<Verification>;
  /** Looks the TXT record up now: verified, or pending with what was found. */
  verifyDomain: Maybe<Domain>;
};


export type MutationAcceptInvitationArgs = {
  input: AcceptInvitationInput;
};


export type MutationAdoptComplianceFrameworkArgs = {
  id: Scalars['String']['input'];
};


export type MutationAttestComplianceControlArgs = {
  framework: Scalars['String']['input'];
  input: ComplianceAttestationInput;
};


export type MutationChangePlanArgs = {
  input: ChangePlanInput;
};


export type MutationCreateApiKeyArgs = {
  input: CreateApiKeyInput;
};


export type MutationCreateComplianceReportArgs = {
  input: ComplianceReportInput;
};


export type MutationCreateDidArgs = {
  input: CreateDidInput;
};


export type MutationCreateDomainArgs = {
  input: CreateDomainInput;
};


export type MutationCreateRoleArgs = {
  input: CreateRoleInput;
};


export type MutationCreateTrustAttestationArgs = {
  input: CreateTrustAttestationInput;
};


export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


export type MutationDeactivateDidArgs = {
  did: Scalars['String']['input'];
};


export type MutationDeleteDomainArgs = {
  id: Scalars['String']['input'];
};


export type MutationDeleteRoleArgs = {
  id: Scalars['String']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['String']['input'];
};


export type MutationEraseComplianceSubjectArgs = {
  subjectId: Scalars['String']['input'];
};


export type MutationInviteMemberArgs = {
  input: InviteMemberInput;
};


export type MutationIssueCredentialArgs = {
  input: IssueCredentialInput;
};


export type MutationLoginArgs = {
  input: LoginInput;
};


export type MutationRegisterArgs = {
  input: RegisterInput;
};


export type MutationRemoveMemberArgs = {
  userId: Scalars['String']['input'];
};


export type MutationReplayWebhookDeliveryArgs = {
  id: Scalars['String']['input'];
};


export type MutationRevokeApiKeyArgs = {
  id: Scalars['String']['input'];
};


export type MutationRevokeCredentialArgs = {
  id: Scalars['String']['input'];
};


export type MutationRevokeInvitationArgs = {
  id: Scalars['String']['input'];
};


export type MutationRevokeTrustAttestationArgs = {
  id: Scalars['String']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  id: Scalars['String']['input'];
};


export type MutationSendDidcommMessageArgs = {
  input: SendDidcommMessageInput;
};


export type MutationSetComplianceSettingsArgs = {
  input: ComplianceSettingsInput;
};


export type MutationSetTrustPolicyArgs = {
  input: TrustPolicyInput;
};


export type MutationTestWebhookArgs = {
  id: Scalars['String']['input'];
};


export type MutationUnadoptComplianceFrameworkArgs = {
  id: Scalars['String']['input'];
};


export type MutationUpdateMemberRoleArgs = {
  input: UpdateMemberRoleInput;
  userId: Scalars['String']['input'];
};


export type MutationUpdateRoleArgs = {
  id: Scalars['String']['input'];
  input: UpdateRoleInput;
};


export type MutationUpdateWebhookArgs = {
  id: Scalars['String']['input'];
  input: UpdateWebhookInput;
};


export type MutationVerifyCredentialArgs = {
  input: VerifyCredentialInput;
};


export type MutationVerifyDomainArgs = {
  id: Scalars['String']['input'];
};

/** developer, startup, business or enterprise. */
export type Plan =
  | 'business'
  | 'developer'
  | 'enterprise'
  | 'startup';

export type PlanChange = {
  __typename?: 'PlanChange';
  /** false when the tenant was already on the plan. */
  changed: Scalars['Boolean']['output'];
  changedAt: Scalars['DateTime']['output'];
  limits: PlanLimits;
  plan: Plan;
  previousPlan: Plan;
};

export type PlanLimits = {
  __typename?: 'PlanLimits';
  burst: Scalars['Int']['output'];
  credentialsPerMonth: Maybe<Scalars['Int']['output']>;
  customDomains: Scalars['Boolean']['output'];
  customRoles: Scalars['Boolean']['output'];
  dids: Maybe<Scalars['Int']['output']>;
  members: Maybe<Scalars['Int']['output']>;
  name: Plan;
  requestsPerMinute: Scalars['Int']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** Newest first, revoked and expired keys included. */
  apiKeys: ApiKeyPage;
  /** Newest first. */
  auditLog: AuditEventPage;
  /** Checks the tenant's audit chain from its first event to its head: every seq in order, every prevHash the hash before it, every hash what the event hashes to. */
  auditLogVerification: AuditChainVerification;
  complianceFramework: ComplianceFramework;
  /** The seven frameworks, each evaluated now. */
  complianceFrameworks: Array<ComplianceFramework>;
  complianceReport: ComplianceReport;
  /** Newest first. */
  complianceReports: ComplianceReportPage;
  complianceSettings: ComplianceSettings;
  /** A copy of everything the tenant holds about a subject id (GDPR Art. 15); recorded and audited. */
  complianceSubjectExport: SubjectExport;
  credential: Credential;
  /** Newest first; filters by format, issuer DID and status (active or revoked). */
  credentials: CredentialPage;
  did: Did;
  didcommMessage: DidcommMessage;
  /** Newest first; filters by direction, the tenant’s DID, type and thread. */
  didcommMessages: DidcommMessagePage;
  /** Newest first. */
  dids: DidPage;
  domain: Domain;
  /** Newest first. */
  domains: Array<Domain>;
  /** The tenant’s event log, newest first; filters by type. A consumer that was down catches up here, webhooks or not. */
  events: EventPage;
  /** Pending invitations, newest first. */
  invitations: InvitationPage;
  me: Me;
  /** Newest first. */
  members: MemberPage;
  /** DID Resolution result for any did:key (public, no credential needed). */
  resolveDid: Scalars['JSON']['output'];
  /** Every role the tenant can assign, oldest first: the built-in roles, then its custom roles. */
  roles: RolePage;
  trustAttestation: TrustAttestation;
  /** Newest first; filters by subject, attester, level and status. */
  trustAttestations: TrustAttestationPage;
  /** Null until one is set. */
  trustPolicy: Maybe<TrustPolicy>;
  trustScore: TrustScore;
  usage: Usage;
  webhook: Webhook;
  /** The endpoint’s delivery log, newest first. */
  webhookDeliveries: WebhookDeliveryPage;
  /** Newest first. */
  webhooks: WebhookPage;
};


export type QueryApiKeysArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAuditLogArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};


export type QueryComplianceFrameworkArgs = {
  id: Scalars['String']['input'];
};


export type QueryComplianceReportArgs = {
  id: Scalars['String']['input'];
};


export type QueryComplianceReportsArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  framework: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};


export type QueryComplianceSubjectExportArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  subjectId: Scalars['String']['input'];
};


export type QueryCredentialArgs = {
  id: Scalars['String']['input'];
};


export type QueryCredentialsArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  format: InputMaybe<CredentialFormat>;
  issuer: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
  status: InputMaybe<CredentialStatus>;
};


export type QueryDidArgs = {
  did: Scalars['String']['input'];
};


export type QueryDidcommMessageArgs = {
  id: Scalars['String']['input'];
};


export type QueryDidcommMessagesArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  did: InputMaybe<Scalars['String']['input']>;
  direction: InputMaybe<DidcommDirection>;
  limit: InputMaybe<Scalars['Int']['input']>;
  thid: InputMaybe<Scalars['String']['input']>;
  type: InputMaybe<Scalars['String']['input']>;
};


export type QueryDidsArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
  status: InputMaybe<DidStatus>;
};


export type QueryDomainArgs = {
  id: Scalars['String']['input'];
};


export type QueryEventsArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
  type: InputMaybe<EventType>;
};


export type QueryInvitationsArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMembersArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};


export type QueryResolveDidArgs = {
  did: Scalars['String']['input'];
};


export type QueryRolesArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};


export type QueryTrustAttestationArgs = {
  id: Scalars['String']['input'];
};


export type QueryTrustAttestationsArgs = {
  assuranceLevel: InputMaybe<AssuranceLevel>;
  attesterDid: InputMaybe<Scalars['String']['input']>;
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
  status: InputMaybe<AttestationStatus>;
  subjectDid: InputMaybe<Scalars['String']['input']>;
};


export type QueryTrustScoreArgs = {
  credentialType: InputMaybe<Scalars['String']['input']>;
  subjectDid: Scalars['String']['input'];
};


export type QueryWebhookArgs = {
  id: Scalars['String']['input'];
};


export type QueryWebhookDeliveriesArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  id: Scalars['String']['input'];
  limit: InputMaybe<Scalars['Int']['input']>;
  status: InputMaybe<WebhookDeliveryState>;
};


export type QueryWebhooksArgs = {
  cursor: InputMaybe<Scalars['String']['input']>;
  limit: InputMaybe<Scalars['Int']['input']>;
};

/** A limit and what is left of it; both null when unlimited. */
export type Quota = {
  __typename?: 'Quota';
  limit: Maybe<Scalars['Int']['output']>;
  remaining: Maybe<Scalars['Int']['output']>;
};

export type RegisterInput = {
  displayName: Scalars['String']['input'];
  email: Scalars['String']['input'];
  /** At least 8 characters, taken exactly as sent. */
  password: Scalars['String']['input'];
  tenantName: Scalars['String']['input'];
  /** Lowercase letters and digits separated by hyphens; unique. */
  tenantSlug: Scalars['String']['input'];
};

export type Revocation = {
  __typename?: 'Revocation';
  id: Scalars['ID']['output'];
  revokedAt: Scalars['DateTime']['output'];
  status: CredentialStatus;
};

/** A role a tenant can assign: built in (the same in every tenant) or one of its custom roles. */
export type Role = {
  __typename?: 'Role';
  builtIn: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  description: Scalars['String']['output'];
  /** The role_id used wherever a role is assigned. */
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  permissions: Array<Scalars['String']['output']>;
  updatedAt: Scalars['DateTime']['output'];
};

export type RolePage = {
  __typename?: 'RolePage';
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
  roles: Array<Role>;
};

/** The SD-JWT VC typ header: dc+sd-jwt (default) or vc+sd-jwt for older wallets. */
export type SdJwtTyp =
  | 'dc_sd_jwt'
  | 'vc_sd_jwt';

export type SendDidcommMessageInput = {
  /** DIDComm attachments (§ 5.1: id, media_type, format, data: {json|base64|links}). */
  attachments: InputMaybe<Array<Scalars['JSON']['input']>>;
  /** The message body (a JSON object); default {}. */
  body: InputMaybe<Scalars['JSON']['input']>;
  /** When the message expires, in UTC epoch seconds. */
  expiresTime: InputMaybe<Scalars['Int']['input']>;
  /** One of the tenant’s active DIDs. */
  from: Scalars['String']['input'];
  /** Default authcrypt. */
  packing: InputMaybe<DidcommPacking>;
  /** The thread the message belongs to. */
  thid: InputMaybe<Scalars['String']['input']>;
  /** The recipient DID (hosted here or anywhere). */
  to: Scalars['String']['input'];
  /** The message type URI. */
  type: Scalars['String']['input'];
};

/** BitstringStatusListEntry (jwt_vc_json) or TokenStatusList (vc+sd-jwt). */
export type StatusReferenceType =
  | 'BitstringStatusListEntry'
  | 'TokenStatusList';

/** One of the subject’s credentials, with what it says. */
export type SubjectCredential = {
  __typename?: 'SubjectCredential';
  /** The subject’s claims, as verify gives them: jwt_vc_json’s credentialSubject without its id; for vc+sd-jwt every claim, disclosable ones resolved. Null once erased. */
  claims: Maybe<Scalars['JSON']['output']>;
  /** The credential as issued; null once erased. */
  credential: Maybe<Scalars['String']['output']>;
  /** Hex SHA-256 of the credential as issued (its UTF-8 text); kept after erasure. */
  credentialSha256: Scalars['String']['output'];
  /** The VC type (jwt_vc_json) or vct (vc+sd-jwt). */
  credentialType: Scalars['String']['output'];
  /** vc.type (jwt_vc_json) or [vct] (vc+sd-jwt); [credentialType] once erased. */
  credentialTypes: Array<Scalars['String']['output']>;
  erasedAt: Maybe<Scalars['DateTime']['output']>;
  expiresAt: Maybe<Scalars['DateTime']['output']>;
  format: CredentialFormat;
  id: Scalars['ID']['output'];
  issuedAt: Scalars['DateTime']['output'];
  issuerDid: Scalars['String']['output'];
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  status: CredentialStatusReference;
};

/** What an erasure did; a subject with nothing (left) to erase gets zeros. */
export type SubjectErasure = {
  __typename?: 'SubjectErasure';
  credentialIds: Array<Scalars['ID']['output']>;
  credentialsErased: Scalars['Int']['output'];
  /** Of those, how many were active. */
  credentialsRevoked: Scalars['Int']['output'];
  erasedAt: Scalars['DateTime']['output'];
  subjectId: Scalars['String']['output'];
};

/** Everything the tenant holds about one subject id (GDPR Art. 15). Credentials are paged, 1,000 a page; the other sections hold their newest 1,000 rows and are named in truncated when there were more. */
export type SubjectExport = {
  __typename?: 'SubjectExport';
  credentials: Array<SubjectCredential>;
  /** The tenant’s events naming this subject (credential and erasure events, attestation events). */
  events: Array<Event>;
  exportedAt: Scalars['DateTime']['output'];
  /** Of credentials. Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
  /** Earlier data subject requests about this subject id, newest first. */
  requests: Array<DataSubjectRequest>;
  subjectId: Scalars['String']['output'];
  truncated: Array<SubjectExportSection>;
  /** The tenant’s attestations whose subjectDid is this subject id, revoked ones included. */
  trustAttestations: Array<TrustAttestation>;
};

/** A section of a data subject export bounded to 1,000 rows. */
export type SubjectExportSection =
  | 'events'
  | 'requests'
  | 'trust_attestations';

export type TenantMembership = {
  __typename?: 'TenantMembership';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  role: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};

/** A tenant’s graded, signed statement about a subject DID. */
export type TrustAttestation = {
  __typename?: 'TrustAttestation';
  assuranceLevel: AssuranceLevel;
  /** The tenant’s DID that signed it. */
  attesterDid: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** The attestation as a jwt_vc_json TrustAttestation credential signed by the attester DID. */
  credential: Scalars['String']['output'];
  credentialStatus: CredentialStatusReference;
  /** The types it applies to; empty: all. */
  credentialTypes: Array<Scalars['String']['output']>;
  evidence: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  revokedAt: Maybe<Scalars['DateTime']['output']>;
  /** 0–100. */
  score: Scalars['Int']['output'];
  status: AttestationStatus;
  subjectDid: Scalars['String']['output'];
  validFrom: Scalars['DateTime']['output'];
  validUntil: Maybe<Scalars['DateTime']['output']>;
  /** 0.0–1.0: how much it counts in the aggregate score. */
  weight: Scalars['Float']['output'];
};

export type TrustAttestationPage = {
  __typename?: 'TrustAttestationPage';
  attestations: Array<TrustAttestation>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** What POST /v1/credentials/verify’s trust check requires of a credential’s issuer. */
export type TrustPolicy = {
  __typename?: 'TrustPolicy';
  minAssuranceLevel: AssuranceLevel;
  minScore: Scalars['Int']['output'];
  requireAttestedIssuer: Scalars['Boolean']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type TrustPolicyInput = {
  /** An eIDAS level of assurance: low, substantial or high. */
  minAssuranceLevel: AssuranceLevel;
  /** The lowest aggregate score an issuer may have: 0–100. */
  minScore: Scalars['Int']['input'];
  /** Whether a credential from an issuer without attestations fails verification. */
  requireAttestedIssuer: Scalars['Boolean']['input'];
};

/** The tenant’s aggregate view of a subject: Σ(score·weight)/Σweight over attestations in force. */
export type TrustScore = {
  __typename?: 'TrustScore';
  attestations: Array<TrustAttestation>;
  count: Scalars['Int']['output'];
  credentialType: Maybe<Scalars['String']['output']>;
  highestAssuranceLevel: Maybe<AssuranceLevel>;
  lowestAssuranceLevel: Maybe<AssuranceLevel>;
  /** The weighted mean (2 decimals); null with no attestation in force or Σweight = 0. */
  score: Maybe<Scalars['Float']['output']>;
  subjectDid: Scalars['String']['output'];
};

export type UpdateMemberRoleInput = {
  roleId: Scalars['String']['input'];
};

export type UpdateRoleInput = {
  description: InputMaybe<Scalars['String']['input']>;
  /** Lowercase letters and digits separated by - or _. */
  name: InputMaybe<Scalars['String']['input']>;
  /** A subset of your own permissions. */
  permissions: InputMaybe<Array<Scalars['String']['input']>>;
};

export type UpdateWebhookInput = {
  /** A note for your team. */
  description: InputMaybe<Scalars['String']['input']>;
  /** false pauses deliveries; true resumes them (and re-enables a disabled endpoint). */
  enabled: InputMaybe<Scalars['Boolean']['input']>;
  /** Event types to receive (credential.issued, credential.revoked, did.created, did.deactivated, member.invited, member.joined, member.removed, member.role_changed, api_key.created, api_key.revoked, plan.changed, trust.attestation.created, trust.attestation.revoked, compliance.framework.adopted, compliance.framework.unadopted, compliance.report.issued, compliance.subject.erased, domain.verified, domain.unverified, domain.removed, didcomm.message.sent, didcomm.message.received, webhook.test), or ["*"] for all, including those added later. */
  events: InputMaybe<Array<Scalars['String']['input']>>;
  /** Where events are POSTed (https in production). */
  url: InputMaybe<Scalars['String']['input']>;
};

/** Exact current usage of the tenant against its plan. The month is the UTC calendar month. */
export type Usage = {
  __typename?: 'Usage';
  activeDids: Scalars['Int']['output'];
  burst: Scalars['Int']['output'];
  credentials: Quota;
  credentialsIssuedThisMonth: Scalars['Int']['output'];
  customRoles: Scalars['Int']['output'];
  customRolesAllowed: Scalars['Boolean']['output'];
  dids: Quota;
  members: Scalars['Int']['output'];
  month: Scalars['String']['output'];
  pendingInvitations: Scalars['Int']['output'];
  periodEnd: Scalars['DateTime']['output'];
  periodStart: Scalars['DateTime']['output'];
  plan: Plan;
  requestsPerMinute: Scalars['Int']['output'];
  seats: Quota;
};

/** The verdict on a credential, its individual checks and, once authentic, what it says. */
export type Verification = {
  __typename?: 'Verification';
  checks: Array<VerificationCheck>;
  /** The subject’s claims as one JSON object, the same for both formats: jwt_vc_json’s vc.credentialSubject without its id; for vc+sd-jwt the payload with the disclosures applied, without the claims about the token itself (iss, sub, iat, nbf, exp, jti, cnf, status, vct, _sd…). Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out. */
  claims: Maybe<Scalars['JSON']['output']>;
  /** The credential’s types: vc.type for jwt_vc_json, [vct] for vc+sd-jwt. Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out. */
  credentialTypes: Maybe<Array<Scalars['String']['output']>>;
  /** JSON Pointers (RFC 6901) into claims of the values that came from selective disclosures, e.g. "/degree" or "/address/street"; [] for jwt_vc_json and for an SD-JWT presented without any. Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out. */
  disclosed: Maybe<Array<Scalars['String']['output']>>;
  /** When it expires (exp, or jwt_vc_json’s vc.expirationDate); null when it does not. Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out. */
  expiresAt: Maybe<Scalars['DateTime']['output']>;
  format: CredentialFormat;
  /** When it was issued (iat); null when it does not say. Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out. */
  issuedAt: Maybe<Scalars['DateTime']['output']>;
  issuer: Maybe<Scalars['String']['output']>;
  /** Everything the issuer signed: the whole JWT claims set (jwt_vc_json), or the SD-JWT payload with the presented disclosures applied (RFC 9901 §7.1). Null unless the issuer’s signature (and an SD-JWT’s disclosures) checked out. */
  payload: Maybe<Scalars['JSON']['output']>;
  subject: Maybe<Scalars['String']['output']>;
  /** True when no check failed (skipped ones do not count). */
  verified: Scalars['Boolean']['output'];
};

export type VerificationCheck = {
  __typename?: 'VerificationCheck';
  detail: Maybe<Scalars['String']['output']>;
  name: VerificationCheckName;
  status: VerificationCheckStatus;
};

/** What a verification check looked at. */
export type VerificationCheckName =
  | 'disclosures'
  | 'key_binding'
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
  audience: InputMaybe<Scalars['String']['input']>;
  credential: Scalars['String']['input'];
  /** jwt_vc_json (W3C VCDM 1.1 as a JWT) or vc+sd-jwt (SD-JWT VC). */
  format: InputMaybe<CredentialFormat>;
  /** vc+sd-jwt: the nonce the KB-JWT must carry. */
  nonce: InputMaybe<Scalars['String']['input']>;
};

/** A webhook endpoint: where the tenant’s events are POSTed, signed (Standard Webhooks). Never its secret. */
export type Webhook = {
  __typename?: 'Webhook';
  createdAt: Scalars['DateTime']['output'];
  description: Scalars['String']['output'];
  /** Why it is disabled: by a user, or after five days of failed deliveries. */
  disabledReason: Maybe<Scalars['String']['output']>;
  enabled: Scalars['Boolean']['output'];
  /** Event types it receives, or ["*"] for all. */
  events: Array<Scalars['String']['output']>;
  /** The first failed attempt since the last success. */
  failingSince: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** After a rotation, until when the previous secret also signs. */
  previousSecretExpiresAt: Maybe<Scalars['DateTime']['output']>;
  updatedAt: Scalars['DateTime']['output'];
  url: Scalars['String']['output'];
};

export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  durationMs: Scalars['Int']['output'];
  error: Maybe<Scalars['String']['output']>;
  /** The receiver answered 2xx. */
  ok: Scalars['Boolean']['output'];
  responseExcerpt: Scalars['String']['output'];
  status: Maybe<Scalars['Int']['output']>;
};

export type WebhookAttemptResult = {
  __typename?: 'WebhookAttemptResult';
  attempt: WebhookAttempt;
  delivery: WebhookDelivery;
};

/** One event delivered (or being delivered) to one endpoint: the log of its attempts. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  completedAt: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Also the webhook-id header, the same on every attempt. */
  eventId: Scalars['ID']['output'];
  eventType: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastAttemptAt: Maybe<Scalars['DateTime']['output']>;
  lastDurationMs: Maybe<Scalars['Int']['output']>;
  /** Why the last attempt failed. */
  lastError: Maybe<Scalars['String']['output']>;
  /** The first 1 KiB of the receiver’s answer. */
  lastResponseExcerpt: Maybe<Scalars['String']['output']>;
  /** The HTTP status the receiver answered. */
  lastStatus: Maybe<Scalars['Int']['output']>;
  nextAttemptAt: Maybe<Scalars['DateTime']['output']>;
  state: WebhookDeliveryState;
  webhookId: Scalars['ID']['output'];
};

export type WebhookDeliveryPage = {
  __typename?: 'WebhookDeliveryPage';
  deliveries: Array<WebhookDelivery>;
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** A delivery’s state. */
export type WebhookDeliveryState =
  | 'failed'
  | 'pending'
  | 'succeeded';

export type WebhookPage = {
  __typename?: 'WebhookPage';
  /** Pass as cursor to get the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
  webhooks: Array<Webhook>;
};

export type WebhookWithSecret = {
  __typename?: 'WebhookWithSecret';
  /** The signing secret (whsec_ + base64 of 32 bytes): shown only here, once. */
  secret: Scalars['String']['output'];
  webhook: Webhook;
};

/** Logged in: only the token. Without an account: the token, a password and a display name. */
export type AcceptInvitationInput = {
  displayName: string | null | undefined;
  /** At least 8 characters, taken exactly as sent. */
  password: string | null | undefined;
  token: string;
};

export type ChangePlanInput = {
  /** developer, startup, business or enterprise. */
  plan: Plan;
};

export type CreateApiKeyInput = {
  /** ISO 8601 date-time; omit for a key that does not expire. */
  expiresAt: string | null | undefined;
  name: string | null | undefined;
  /** A subset of your permissions; omit for an unscoped key. */
  scopes: Array<string> | null | undefined;
};

export type CreateRoleInput = {
  description: string | null | undefined;
  /** Lowercase letters and digits separated by - or _. */
  name: string;
  /** A subset of your own permissions. */
  permissions: Array<string>;
};

export type InviteMemberInput = {
  email: string;
  roleId: string;
};

export type LoginInput = {
  email: string;
  password: string;
  /** The tenant to log into; the first one joined when omitted. */
  tenantSlug: string | null | undefined;
};

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

export type UpdateMemberRoleInput = {
  roleId: string;
};

export type UpdateRoleInput = {
  description: string | null | undefined;
  /** Lowercase letters and digits separated by - or _. */
  name: string | null | undefined;
  /** A subset of your own permissions. */
  permissions: Array<string> | null | undefined;
};

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

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { userId: string, email: string, displayName: string, tenantId: string, role: string, permissions: Array<string>, tenants: Array<{ id: string, name: string, slug: string, role: string }> } };

export type TeamOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type TeamOverviewQuery = { members: { nextCursor: string | null, members: Array<{ userId: string, email: string, displayName: string, role: string, roleId: string, joinedAt: string }> }, invitations: { nextCursor: string | null, invitations: Array<{ id: string, email: string, role: string, roleId: string, expiresAt: string, createdAt: string }> }, roles: { nextCursor: string | null, roles: Array<{ id: string, name: string, description: string, permissions: Array<string>, builtIn: boolean }> } };

export type MembersQueryVariables = Exact<{
  limit: number | null | undefined;
  cursor: string | null | undefined;
}>;


export type MembersQuery = { members: { nextCursor: string | null, members: Array<{ userId: string, email: string, displayName: string, role: string, roleId: string, joinedAt: string }> } };

export type InvitationsQueryVariables = Exact<{
  limit: number | null | undefined;
  cursor: string | null | undefined;
}>;


export type InvitationsQuery = { invitations: { nextCursor: string | null, invitations: Array<{ id: string, email: string, role: string, roleId: string, expiresAt: string, createdAt: string }> } };

export type RolesQueryVariables = Exact<{
  limit: number | null | undefined;
  cursor: string | null | undefined;
}>;


export type RolesQuery = { roles: { nextCursor: string | null, roles: Array<{ id: string, name: string, description: string, permissions: Array<string>, builtIn: boolean }> } };

export type InviteMemberMutationVariables = Exact<{
  input: InviteMemberInput;
}>;


export type InviteMemberMutation = { inviteMember: { token: string, invitation: { id: string, email: string, role: string, expiresAt: string } } | null };

export type RevokeInvitationMutationVariables = Exact<{
  id: string;
}>;


export type RevokeInvitationMutation = { revokeInvitation: { id: string } | null };

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


export type RemoveMemberMutation = { removeMember: { userId: string } | null };

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


export type DeleteRoleMutation = { deleteRole: { id: string } | null };

export type ApiKeysQueryVariables = Exact<{
  limit: number | null | undefined;
  cursor: string | null | undefined;
}>;


export type ApiKeysQuery = { apiKeys: { nextCursor: string | null, apiKeys: Array<{ id: string, name: string, prefix: string, scopes: Array<string> | null, createdByUserId: string, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, revokedAt: string | null }> } };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { createApiKey: { key: string, apiKey: { id: string, name: string, prefix: string, scopes: Array<string> | null, expiresAt: string | null } } | null };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string, revokedAt: string | null } | null };

export type UsageQueryVariables = Exact<{ [key: string]: never; }>;


export type UsageQuery = { usage: { plan: Plan, month: string, periodEnd: string, credentialsIssuedThisMonth: number, activeDids: number, members: number, pendingInvitations: number, requestsPerMinute: number, burst: number, customRolesAllowed: boolean, credentials: { limit: number | null, remaining: number | null }, dids: { limit: number | null, remaining: number | null }, seats: { limit: number | null, remaining: number | null } } };

export type ChangePlanMutationVariables = Exact<{
  input: ChangePlanInput;
}>;


export type ChangePlanMutation = { changePlan: { plan: Plan, previousPlan: Plan, changed: boolean, changedAt: string } | null };

export type AuditLogQueryVariables = Exact<{
  limit: number | null | undefined;
  cursor: string | null | undefined;
}>;


export type AuditLogQuery = { auditLog: { nextCursor: string | null, events: Array<{ id: string, action: string, actorUserId: string | null, actorApiKeyId: string | null, targetType: string, targetId: string | null, details: unknown, requestId: string | null, createdAt: string }> } };
