// Trust attestations (permissions trust:write to attest and revoke, trust:read to read): a tenant's
// graded, signed statement about a subject DID, stored and issued as a jwt_vc_json TrustAttestation credential
// signed by the attester DID, with an entry in that DID's status list. It is not a row of `credentials` and
// consumes no credential quota (the Trust API is unlimited on every plan). Scores, the tenant's policy and its
// public signed trust list are here too; the verify endpoint's trust check calls trustOfIssuer.
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { PreparedSql } from '../../db/database.js';
import type { Principal } from '../../auth/principal.js';
import { afterCommit, type AccessEvents } from '../../auth/access-events.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit } from '../audit/audit.repository.js';
import { jwtVcJson } from '../credentials/formats/jwt-vc-json/jwt-vc-json.format.js';
import type { IssueInput } from '../credentials/credentials.inputs.js';
import type { CredentialStatusView } from '../credentials/formats/credential-format.js';
import { didIsActive } from '../dids/dids.repository.js';
import { publicationBaseUrl } from '../dids/methods/index.js';
import type { IssuerKeys } from '../dids/issuer-keys.js';
import { completeIdempotentRequest, type IdempotencySlot } from '../idempotency/idempotency.service.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import type { StatusListsService } from '../status-lists/status-lists.service.js';
import type { EventData } from '../events/event-catalogue.js';
import {
  attestationValueGate,
  createAttestationInput,
  listAttestationsInput,
  scoreInput,
  trustPolicyInput,
  type AssuranceLevel,
} from './trust.inputs.js';
import { aggregate, judgeTrust, type Aggregate, type TrustVerdict } from './trust.policy.js';
import * as repository from './trust.repository.js';
import type { AttestationRow, PolicyRow } from './trust.repository.js';
import { createTrustLists } from './trust-lists.js';

/** The VC type of an attestation credential. */
export const TRUST_ATTESTATION_TYPE = 'TrustAttestation';

export type AttestationView = {
  id: string;
  subjectDid: string;
  attesterDid: string;
  score: number;
  weight: number;
  assuranceLevel: AssuranceLevel;
  credentialTypes: string[];
  evidence: string | null;
  validFrom: Date;
  validUntil: Date | null;
  status: 'active' | 'revoked' | 'expired';
  credentialStatus: CredentialStatusView;
  createdAt: Date;
  revokedAt: Date | null;
  credential: string;
};

export type ScoreView = Aggregate & {
  subjectDid: string;
  credentialType: string | null;
  attestations: AttestationView[];
};

type Origin = { publicBaseUrl: string } | undefined;

export type TrustServiceDeps = {
  prisma: PrismaClient;
  sql: PreparedSql;
  issuerKeys: IssuerKeys;
  statusLists: StatusListsService;
  /** The policy rides on the cached principal: a change drops the tenant's principals once it commits. */
  access: AccessEvents;
};

/** Who asks for a verification: the tenant whose trust policy judges it (null: no tenant, nothing to judge). */
export type Verifier = Pick<Principal, 'tenantId' | 'trustPolicy'>;

export function createTrustService({ prisma, sql, issuerKeys, statusLists, access }: TrustServiceDeps) {
  const toView = (row: AttestationRow, origin: Origin, now = new Date()): AttestationView => ({
    id: row.id,
    subjectDid: row.subjectDid,
    attesterDid: row.attesterDid.did,
    score: row.score,
    weight: row.weight,
    assuranceLevel: row.assuranceLevel,
    credentialTypes: row.credentialTypes,
    evidence: row.evidence,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    status: row.revokedAt ? 'revoked' : row.validUntil && row.validUntil <= now ? 'expired' : 'active',
    credentialStatus: jwtVcJson.statusReference({
      uri: statusLists.urlFor(row.statusListId, publicationBaseUrl(row.attesterDid.did, origin?.publicBaseUrl)),
      index: row.statusIndex,
    }),
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
    credential: row.credential,
  });

  const eventFields = (view: AttestationView) => ({
    attestation_id: view.id,
    attester_did: view.attesterDid,
    subject_did: view.subjectDid,
    score: view.score,
    weight: view.weight,
    assurance_level: view.assuranceLevel,
    credential_types: view.credentialTypes,
    status: { type: view.credentialStatus.type, uri: view.credentialStatus.uri, index: view.credentialStatus.index },
  });

  async function create(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    origin?: Origin,
    idempotency: IdempotencySlot | null = null,
  ): Promise<AttestationView> {
    parseInput(attestationValueGate, rawInput);
    const input = parseInput(createAttestationInput, rawInput);
    const attester = await issuerKeys.statementSigner(principal.tenantId, input.attesterDid, MESSAGES.noAttesterDid);
    const slot = await statusLists.allocate(
      principal.tenantId,
      attester.didId,
      jwtVcJson.statusListFormat,
      // A did:web attester's list lives under its domain, as for its credentials.
      publicationBaseUrl(attester.key.did, origin?.publicBaseUrl),
    );
    const id = randomUUID();
    const createdAt = new Date();
    const credentialTypes = [...new Set(input.credentialTypes ?? [])];
    const issueInput = {
      format: 'jwt_vc_json',
      issuer: attester.key.did,
      subjectId: input.subjectDid,
      type: [TRUST_ATTESTATION_TYPE],
      claims: {
        score: input.score,
        weight: input.weight,
        assurance_level: input.assuranceLevel,
        ...(credentialTypes.length && { credential_types: credentialTypes }),
        ...(input.evidence && { evidence: input.evidence }),
      },
      validFrom: input.validFrom ?? createdAt,
      validUntil: input.validUntil ?? null,
    } as IssueInput;
    const credential = await jwtVcJson.issue(issueInput, attester.key, {
      credentialId: id,
      issuedAt: createdAt,
      statusListUrl: slot.url,
      statusIndex: slot.index,
    });
    return prisma.$transaction(async (tx) => {
      if (!(await didIsActive(tx, principal.tenantId, attester.didId))) {
        throw badRequest(MESSAGES.issuerDidDeactivated);
      }
      const row = await repository.insertAttestation(tx, principal.tenantId, {
        id,
        attesterDidId: attester.didId,
        subjectDid: input.subjectDid,
        score: input.score,
        weight: input.weight,
        assuranceLevel: input.assuranceLevel,
        credentialTypes,
        evidence: input.evidence ?? null,
        validFrom: input.validFrom ?? createdAt,
        validUntil: input.validUntil ?? null,
        statusListId: slot.listId,
        statusIndex: slot.index,
        credential,
        createdAt,
      });
      const view = toView(row, origin);
      const event: EventData<'trust.attestation.created'> = {
        ...eventFields(view),
        valid_from: view.validFrom.toISOString(),
        valid_until: view.validUntil?.toISOString() ?? null,
      };
      await recordEvent(tx, principal.tenantId, 'trust.attestation.created', event);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'trust.attestation.created',
        targetType: 'trust_attestation',
        targetId: id,
        details: { ...event, status: { ...event.status } },
      });
      // With an Idempotency-Key, its record commits with the attestation or not at all.
      await completeIdempotentRequest(tx, idempotency, view);
      return view;
    });
  }

  async function list(principal: Principal, rawFilters: unknown, page: PageRequest, origin?: Origin) {
    const filters = parseInput(listAttestationsInput, rawFilters);
    const now = new Date();
    const result = await fetchPage(page, (window) =>
      repository.listAttestations(prisma, principal.tenantId, filters, window, now),
    );
    return { attestations: result.items.map((row) => toView(row, origin, now)), nextCursor: result.nextCursor };
  }

  /** The tenant's attestations about `subjectDid`, revoked and expired ones too, newest first, at most `take`. */
  async function ofSubject(tenantId: string, subjectDid: string, take: number, origin?: Origin) {
    const now = new Date();
    const rows = await repository.listAttestations(prisma, tenantId, { subjectDid }, { before: undefined, take }, now);
    return rows.map((row) => toView(row, origin, now));
  }

  /** An attestation of the tenant that is not revoked; unknown, foreign and revoked ones are the same 404. */
  async function get(principal: Principal, id: string, origin?: Origin): Promise<AttestationView> {
    const row = isUuid(id) ? await repository.findUnrevokedAttestation(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(MESSAGES.attestationNotFound);
    return toView(row, origin);
  }

  async function revoke(principal: Principal, id: string, requestId: string | null, origin?: Origin) {
    const view = await get(principal, id, origin);
    const revokedAt = new Date();
    return prisma.$transaction(async (tx) => {
      // Revoked concurrently since the read: as if it had been revoked before.
      if (!(await repository.revokeAttestationAndFlip(tx, principal.tenantId, id, revokedAt))) {
        throw notFound(MESSAGES.attestationNotFound);
      }
      const event: EventData<'trust.attestation.revoked'> = {
        ...eventFields(view),
        revoked_at: revokedAt.toISOString(),
      };
      await recordEvent(tx, principal.tenantId, 'trust.attestation.revoked', event);
      await recordAudit(tx, actorFrom(principal, requestId), {
        action: 'trust.attestation.revoked',
        targetType: 'trust_attestation',
        targetId: id,
        details: { ...event, status: { ...event.status } },
      });
      return { ...view, status: 'revoked' as const, revokedAt };
    });
  }

  async function aggregateOf(tenantId: string, subjectDid: string, credentialTypes: readonly string[] | null) {
    const rows = await repository.attestationsInForce(prisma, tenantId, subjectDid, credentialTypes);
    return { rows, view: aggregate(rows) };
  }

  async function score(principal: Principal, rawInput: unknown, origin?: Origin): Promise<ScoreView> {
    const input = parseInput(scoreInput, rawInput);
    const type = input.credentialType ?? null;
    const { rows, view } = await aggregateOf(principal.tenantId, input.subjectDid, type ? [type] : null);
    return {
      ...view,
      subjectDid: input.subjectDid,
      credentialType: type,
      attestations: rows.map((row) => toView(row, origin)),
    };
  }

  async function policy(principal: Principal): Promise<PolicyRow | null> {
    return repository.findPolicy(sql, principal.tenantId);
  }

  async function setPolicy(principal: Principal, rawInput: unknown, requestId: string | null): Promise<PolicyRow> {
    const input = parseInput(trustPolicyInput, rawInput);
    return afterCommit(
      access,
      principal.tenantId,
      prisma.$transaction(async (tx) => {
        const row = await repository.upsertPolicy(tx, principal.tenantId, { ...input, updatedAt: new Date() });
        await recordAudit(tx, actorFrom(principal, requestId), {
          action: 'trust.policy.updated',
          targetType: 'tenant',
          targetId: principal.tenantId,
          details: { ...input },
        });
        return row;
      }),
    );
  }

  /**
   * The verify endpoint's trust check for a credential of `credentialTypes` from `issuer`, under the policy
   * of the verifying tenant, as its principal carries it (verifier null: no tenant, the check is not evaluated).
   */
  async function trustOfIssuer(
    verifier: Verifier | null,
    issuer: string | null,
    credentialTypes: readonly string[] | undefined,
  ): Promise<TrustVerdict> {
    const policyRow = verifier?.trustPolicy ?? null;
    if (!policyRow || !verifier || issuer === null) return judgeTrust(policyRow, issuer, aggregate([]));
    // A credential's own types, without the one every credential has.
    const types = (credentialTypes ?? []).filter((type) => type !== 'VerifiableCredential');
    const { view } = await aggregateOf(verifier.tenantId, issuer, types.length ? types : null);
    return judgeTrust(policyRow, issuer, view);
  }

  /** A tenant as a verifier without a principal (a wallet's answer to its OpenID4VP request): its policy, read now. */
  async function verifierOf(tenantId: string): Promise<Verifier> {
    return { tenantId, trustPolicy: await repository.findPolicy(sql, tenantId) };
  }

  const lists = createTrustLists({ prisma, issuerKeys, statusLists });

  return {
    create,
    list,
    get,
    revoke,
    ofSubject,
    score,
    policy,
    setPolicy,
    trustOfIssuer,
    verifierOf,
    publishList: lists.publish,
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
