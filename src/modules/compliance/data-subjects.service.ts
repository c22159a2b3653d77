// Data subject rights (permission compliance:manage): a person whose id a tenant's credentials carry
// as their subject (credentials.subject_id) may ask for a copy of everything the tenant holds about them
// (GDPR Art. 15, export) and for its erasure (Art. 17, erase). Each request is recorded in
// data_subject_requests, audited, and an erasure is an outbox event too.
//
// Erasure keeps what revocation needs and nothing the credential said: the row (id, format, type, issuer,
// subject id, status entry, times), the SHA-256 of the body and erased_at; it removes the body, and with it
// every claim value, also from the other places one is stored: the Idempotency-Key response of the issue request
// (rewritten), and every DIDComm message of the tenant, sent or received, carrying a credential about the subject
// (deleted: plaintext and envelope both hold it), the claims of every OpenID4VCI offer about the subject (erased; the
// open ones cancelled), and what the tenant's OpenID4VP requests were shown of them (their presentations' claims,
// subjects and holder; the checks stay). Copies that reached another controller (another tenant's inbox,
// an agent elsewhere) are theirs: each is told, as GDPR Art. 19 asks (didcomm/erasure-notices.ts). Credential
// events never carry claims (see the event catalogue); test/integration/erasure-everywhere.test.ts searches
// every table for them.
import { createHash } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import type { Logger } from '../../lib/logger.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit, type AuditEntry } from '../audit/audit.repository.js';
import type { CredentialsService, CredentialView, RequestOrigin } from '../credentials/credentials.service.js';
import {
  eraseCredentialBodies,
  listSubjectCredentials,
  lockUnerasedSubjectCredentials,
  type SubjectCredentialRow,
} from '../credentials/credentials.repository.js';
import { credentialFormatStoredAs } from '../credentials/formats/index.js';
import { deleteSubjectMessages } from '../didcomm/didcomm.repository.js';
import { eraseSubjectPresentations, presentationRequestsOfSubject } from '../oid4vp/oid4vp.subjects.js';
import type { RequestView } from '../oid4vp/oid4vp.views.js';
import { erasureNotices, sendErasureNotices } from '../didcomm/erasure-notices.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import { listSubjectEvents, recordEvent, type EventRow } from '../outbox/outbox.repository.js';
import type { DidcommService, MessageView } from '../didcomm/didcomm.service.js';
import { eraseSubjectOffers } from '../oid4vci/oid4vci.repository.js';
import { offersOfSubject } from '../oid4vci/oid4vci.subjects.js';
import type { OfferView } from '../oid4vci/oid4vci.service.js';
import type { AttestationView, TrustService } from '../trust/trust.service.js';
import { exportInput, subjectIdInput } from './data-subjects.inputs.js';
import * as repository from './data-subjects.repository.js';
import type { DataSubjectRequestRow } from './data-subjects.repository.js';

/**
 * Credentials per export page. A subject with more gets `nextCursor` and asks again with it (each page is a
 * request of its own); the other sections are bounded by SECTION_LIMIT, newest first, and `truncated` names
 * any that held more.
 */
export const EXPORT_PAGE_SIZE = 1000;
export const SECTION_LIMIT = 1000;

/** The operation whose Idempotency-Key responses hold an issued credential (src/graphql/idempotency.ts). */
const ISSUE_OPERATION = 'issueCredential';

export type SubjectCredentialView = Omit<CredentialView, 'issuer' | 'subjectId'> & {
  issuerDid: string;
  /** What it says: verify's `claims` (every disclosure of an SD-JWT applied); null once erased. */
  claims: Record<string, unknown> | null;
  /** The credential's types: vc.type (jwt_vc_json) or [vct]; [credentialType] once erased. */
  credentialTypes: string[];
  /** Hex SHA-256 of the credential as issued, kept after erasure. */
  credentialSha256: string;
};

export type SubjectExport = {
  subjectId: string;
  exportedAt: Date;
  credentials: SubjectCredentialView[];
  nextCursor: string | null;
  trustAttestations: AttestationView[];
  events: EventRow[];
  /** The tenant's DIDComm messages, sent or received, whose attachments carry a credential about the subject. */
  didcommMessages: MessageView[];
  /** The tenant's OpenID4VP requests whose presentations named the subject (as subject or holder). */
  presentationRequests: RequestView[];
  /** The tenant's OpenID4VCI offers about the subject, with their claims (given with the offer or later). */
  credentialOffers: OfferView[];
  requests: DataSubjectRequestRow[];
  /** Sections that held more than SECTION_LIMIT rows (only the newest are included). */
  truncated: (
    'trust_attestations' | 'events' | 'didcomm_messages' | 'presentation_requests' | 'credential_offers' | 'requests'
  )[];
};

export type SubjectErasure = {
  subjectId: string;
  erasedAt: Date;
  credentialsErased: number;
  credentialsRevoked: number;
  credentialIds: string[];
  /** The tenant's DIDComm messages, sent or received, that carried a credential about the subject: deleted. */
  messagesErased: number;
  /** Revocation notifications sent to holders elsewhere whose copies are theirs (GDPR Art. 19). */
  holdersNotified: number;
  /** The tenant's OpenID4VP requests whose presentations named the subject: what they disclosed, erased. */
  presentationRequestsErased: number;
};

export type DataSubjectsServiceDeps = {
  prisma: PrismaClient;
  credentials: CredentialsService;
  trust: TrustService;
  idempotency: IdempotencyService;
  didcomm: Pick<DidcommService, 'sendFrom' | 'ofSubject'>;
  log: Logger;
};

export function createDataSubjectsService({
  prisma,
  credentials,
  trust,
  idempotency,
  didcomm,
  log,
}: DataSubjectsServiceDeps) {
  function credentialView(row: SubjectCredentialRow, origin: RequestOrigin | undefined): SubjectCredentialView {
    const { issuer, subjectId: _subject, ...view } = credentials.view(row, origin);
    const content = row.credential === null ? null : credentialFormatStoredAs(row.format).read(row.credential);
    const sha256 = row.credentialSha256
      ? Buffer.from(row.credentialSha256).toString('hex')
      : createHash('sha256')
          .update(row.credential ?? '', 'utf8')
          .digest('hex');
    return {
      ...view,
      issuerDid: issuer,
      claims: content?.claims ?? null,
      credentialTypes: content?.credentialTypes ?? [row.credentialType],
      credentialSha256: sha256,
    };
  }

  async function exportSubject(
    principal: Principal,
    rawInput: unknown,
    requestId: string | null,
    origin?: RequestOrigin,
  ): Promise<SubjectExport> {
    const { subjectId, cursor } = parseInput(exportInput, rawInput);
    const { tenantId } = principal;
    const before = decodeCursor(cursor);
    const actor = actorFrom(principal, requestId);
    const request = await repository.insertRequest(prisma, actor, { subjectId, kind: 'export' });
    const rows = await listSubjectCredentials(prisma, tenantId, subjectId, { before, take: EXPORT_PAGE_SIZE + 1 });
    const page = toPage(
      rows.map((row) => ({ ...row, createdAt: row.issuedAt })),
      EXPORT_PAGE_SIZE,
    );
    const [attestations, events, messages, presentationRequests, credentialOffers, requests] = await Promise.all([
      trust.ofSubject(tenantId, subjectId, SECTION_LIMIT + 1, origin),
      listSubjectEvents(prisma, tenantId, subjectId, SECTION_LIMIT + 1),
      didcomm.ofSubject(tenantId, subjectId, SECTION_LIMIT + 1),
      presentationRequestsOfSubject(prisma, tenantId, subjectId, SECTION_LIMIT + 1),
      offersOfSubject(prisma, tenantId, subjectId, SECTION_LIMIT + 1),
      repository.listSubjectRequests(prisma, tenantId, subjectId, request.id, SECTION_LIMIT + 1),
    ]);
    const truncated = (
      [
        ['trust_attestations', attestations],
        ['events', events],
        ['didcomm_messages', messages],
        ['presentation_requests', presentationRequests],
        ['credential_offers', credentialOffers],
        ['requests', requests],
      ] as const
    )
      .filter(([, section]) => section.length > SECTION_LIMIT)
      .map(([name]) => name);
    const exportedAt = new Date();
    const result: SubjectExport = {
      subjectId,
      exportedAt,
      credentials: page.items.map((row) => credentialView(row, origin)),
      nextCursor: page.nextCursor,
      trustAttestations: attestations.slice(0, SECTION_LIMIT),
      events: events.slice(0, SECTION_LIMIT),
      didcommMessages: messages.slice(0, SECTION_LIMIT),
      presentationRequests: presentationRequests.slice(0, SECTION_LIMIT),
      credentialOffers: credentialOffers.slice(0, SECTION_LIMIT),
      requests: requests.slice(0, SECTION_LIMIT),
      truncated,
    };
    await prisma.$transaction(async (tx) => {
      await repository.completeRequest(tx, tenantId, request.id, result.credentials.length, exportedAt);
      await recordAudit(tx, actor, {
        action: 'compliance.subject.exported',
        targetType: 'data_subject',
        targetId: subjectId,
        details: {
          request_id: request.id,
          credentials: result.credentials.length,
          trust_attestations: result.trustAttestations.length,
          events: result.events.length,
          didcomm_messages: result.didcommMessages.length,
          presentation_requests: result.presentationRequests.length,
          credential_offers: result.credentialOffers.length,
          page: cursor ?? null,
        },
      });
    });
    return result;
  }

  /**
   * Revokes the subject's active credentials as the revoke endpoint does, then erases every one of their bodies
   * not erased yet and deletes the tenant's DIDComm messages carrying one, in one transaction; then tells the
   * recipients elsewhere of those messages (GDPR Art. 19). A subject with none (or erased already) is an answer
   * with zeros.
   */
  async function eraseSubject(
    principal: Principal,
    rawSubjectId: unknown,
    requestId: string | null,
    origin?: RequestOrigin,
  ): Promise<SubjectErasure> {
    const subjectId = parseInput(subjectIdInput, rawSubjectId);
    const { tenantId } = principal;
    const actor = actorFrom(principal, requestId);
    const request = await repository.insertRequest(prisma, actor, { subjectId, kind: 'erase' });
    const { erasure, notices } = await prisma.$transaction(async (tx) => {
      const erasedAt = new Date();
      // The subject's OpenID4VCI offers first (a wallet's issue takes its offer before its credentials): their
      // claims erased, the open ones cancelled so no wallet can redeem them now.
      const offers = await eraseSubjectOffers(tx, tenantId, subjectId, erasedAt);
      const rows = await lockUnerasedSubjectCredentials(tx, tenantId, subjectId);
      // Each revocation is audited like the revoke endpoint's, after the erasure's other writes: the chain head
      // is the last lock a transaction takes (src/db/transactions.ts).
      const revocations: AuditEntry[] = [];
      for (const row of rows) {
        const revoked = row.revoked ? null : await credentials.revokeWith(tx, tenantId, row.id, erasedAt, origin);
        if (revoked) revocations.push(revoked);
      }
      const credentialsRevoked = revocations.length;
      const credentialIds = rows.map((row) => row.id);
      const credentialsErased = await eraseCredentialBodies(tx, tenantId, credentialIds, erasedAt);
      // A retry of the issue request with its key still replays (nothing is issued twice), without the body.
      await idempotency.redactResponses(tx, tenantId, ISSUE_OPERATION, credentialIds, (stored) => ({
        ...(stored as object),
        credential: null,
        erasedAt: erasedAt.toISOString(),
      }));
      const messages = await deleteSubjectMessages(tx, tenantId, subjectId);
      const presentationRequestsErased = await eraseSubjectPresentations(tx, tenantId, subjectId, erasedAt);
      await repository.completeRequest(tx, tenantId, request.id, credentialsErased, erasedAt);
      const data = {
        subject_id: subjectId,
        request_id: request.id,
        credential_ids: credentialIds,
        credentials_erased: credentialsErased,
        credentials_revoked: credentialsRevoked,
        messages_erased: messages.length,
        presentation_requests_erased: presentationRequestsErased,
        erased_at: erasedAt.toISOString(),
      };
      await recordEvent(tx, tenantId, 'compliance.subject.erased', data);
      for (const offer of offers.filter((candidate) => candidate.cancelled)) {
        await recordEvent(tx, tenantId, 'oid4vci.offer.cancelled', {
          offer_id: offer.id,
          subject_id: subjectId,
          configuration_ids: offer.configurationIds,
          reason: 'subject_erased',
          cancelled_at: erasedAt.toISOString(),
        });
      }
      for (const revocation of revocations) await recordAudit(tx, actor, revocation);
      await recordAudit(tx, actor, {
        action: 'compliance.subject.erased',
        targetType: 'data_subject',
        targetId: subjectId,
        details: { ...data, credential_ids: [...credentialIds], oid4vci_offers_erased: offers.length },
      });
      return {
        erasure: {
          subjectId,
          erasedAt,
          credentialsErased,
          credentialsRevoked,
          credentialIds,
          messagesErased: messages.length,
          presentationRequestsErased,
        },
        notices: erasureNotices(messages, subjectId),
      };
    });
    const holdersNotified = await sendErasureNotices(didcomm, log, tenantId, notices, actor);
    return { ...erasure, holdersNotified };
  }

  return { exportSubject, eraseSubject };
}

export type DataSubjectsService = ReturnType<typeof createDataSubjectsService>;
