// What a check sees and says. A check is a pure function of a snapshot of the tenant's live state (gathered once
// per evaluation by compliance-snapshot.repository.ts) and the control's parameters: every framework's controls
// are evaluated from the same snapshot, and a check never queries anything itself.
import type { TenantCompliance } from '../../../auth/principal.js';

export type ControlState = 'met' | 'not_met' | 'partial' | 'attestation';

export type CheckResult = {
  state: ControlState;
  /** For `partial`: the compliant share, 0–1. */
  figure: number | null;
  /** One sentence with the figures. */
  summary: string;
  /** The objects and numbers the verdict rests on: counts, ids, timestamps. */
  evidence: Record<string, unknown>;
  /** What to do when it is not met; null when it is. */
  remediation: string | null;
};

export type ActiveDid = {
  id: string;
  did: string;
  keyType: string;
  alg: string;
  createdAt: Date;
  /** The stored private key is an authenticated AES-256-GCM envelope (src/lib/key-encryption.ts), never plain. */
  keyEncrypted: boolean;
};

export type ActiveApiKey = {
  id: string;
  prefix: string;
  name: string;
  scoped: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
};

export type MemberActivity = {
  userId: string;
  email: string;
  role: string;
  joinedAt: Date;
  /** The newest sign-in or use of one of the member's API keys; null if neither ever happened. */
  lastActiveAt: Date | null;
};

export type TenantAttestation = {
  id: string;
  statement: string;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  createdAt: Date;
};

export type AuditChainState = {
  valid: boolean;
  eventsChecked: number;
  head: { seq: number; eventId: string; hash: string; createdAt: Date } | null;
  firstBreak: { seq: number; eventId: string | null; reason: string } | null;
};

export type ComplianceSnapshot = {
  now: Date;
  settings: { personalClaims: readonly string[]; keyRotationDays: number };
  /** Facts of the deployment, the same for every tenant. */
  service: {
    sessionTtlSeconds: number;
    passwordHashing: { algorithm: 'argon2id'; memoryKib: number; iterations: number; parallelism: number };
    publicBaseUrl: string | null;
    keyEncryption: 'AES-256-GCM';
  };
  dids: ActiveDid[];
  credentials: {
    total: number;
    active: number;
    activeWithoutExpiry: number;
    withoutExpiryIds: string[];
    withoutStatus: number;
    /** Active credentials carrying a claim declared personal, and those of them showing it to every verifier. */
    withPersonalData: number;
    exposingPersonalData: number;
    exposingIds: string[];
    revoked: number;
  };
  apiKeys: ActiveApiKey[];
  members: MemberActivity[];
  audit: { events: number; oldestAt: Date | null; chain: AuditChainState };
  webhooks: { id: string; url: string; disabled: boolean }[];
  dataSubjectRequests: {
    exports: number;
    erasures: number;
    lastExportAt: Date | null;
    lastErasureAt: Date | null;
    unanswered: number;
  };
  /** Issues of the last 24 hours (the life of an Idempotency-Key) and those sent with a key. */
  idempotency: { issuedLastDay: number; issuedWithKeyLastDay: number };
  trustPolicy: { minScore: number; minAssuranceLevel: string; requireAttestedIssuer: boolean } | null;
  /** The newest attestation per `framework/control`. */
  attestations: ReadonlyMap<string, TenantAttestation>;
};

/** What issuing is about to do, as far as enforcement looks. */
export type IssueFacts = {
  format: string;
  claimNames: readonly string[];
  visibleClaims: readonly string[];
  validFrom: Date;
  validUntil: Date | null;
  issuer: { did: string; alg: string; createdAt: Date };
};

export type CheckContext = { frameworkId: string; controlId: string };

export type Check = {
  /** How the service evaluates it, for the API and the README. */
  evaluates: string;
  evaluate(snapshot: ComplianceSnapshot, params: Record<string, unknown>, context: CheckContext): CheckResult;
  /** Why issuing must be refused under this control (the reason after `refused by <framework> <clause>: `). */
  enforce?(issue: IssueFacts, params: Record<string, unknown>, compliance: TenantCompliance, now: Date): string | null;
};
