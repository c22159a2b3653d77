// Telling holders that a credential they were sent is erased. Erasing a data subject (GDPR Art. 17) deletes every
// copy of a message carrying their credential that the erasing tenant holds; a copy that reached someone else
// (another tenant's inbox here, or an agent elsewhere) is that recipient's: in DIDComm a delivered message is the
// recipient's own, and it is another controller, which the issuer cannot erase for. GDPR Art. 19 asks the issuer
// to communicate the erasure to each recipient instead: it sends, from the DID that sent the credential, a
// Revocation Notification (Aries RFC 0721, https://didcomm.org/revocation_notification/2.0/revoke) naming the
// credential (the attachment's id: for Issue Credential 3.0, the credential's id) and carrying no claim.
import type { AuditActor } from '../audit/audit.repository.js';
import type { Logger } from '../../lib/logger.js';
import { attachmentSubjects } from './didcomm.attachments.js';
import type { ErasedMessage } from './didcomm.repository.js';
import type { DidcommService } from './didcomm.service.js';

export const REVOCATION_NOTIFICATION = 'https://didcomm.org/revocation_notification/2.0/revoke';
export const ERASURE_COMMENT = 'Revoked and erased at the request of its data subject (GDPR Art. 17).';

export type ErasureNotice = {
  from: string;
  to: string;
  /** The erased message's thread (RFC 0721's thread of the issue), so the holder can tell which it was. */
  thid: string;
  body: { credential_id: string; revocation_format?: string; comment: string };
};

/**
 * The notices owed for the erased messages: one per attachment about `subjectId` of each outbound message that
 * reached a recipient (in an inbox here or at its endpoint) whose copy was not erased with it (a DID of the same
 * tenant: its inbound copy is among `erased`). A message returned to the caller or that failed reached no one.
 */
export function erasureNotices(erased: ErasedMessage[], subjectId: string): ErasureNotice[] {
  const erasedInbound = new Set(erased.filter((row) => row.direction === 'inbound').map((row) => row.messageId));
  const notices: ErasureNotice[] = [];
  for (const row of erased) {
    if (row.direction !== 'outbound' || !row.fromDid || erasedInbound.has(row.messageId)) continue;
    if (row.delivery !== 'inbox' && row.delivery !== 'delivered') continue;
    const plaintext = row.plaintext as { attachments?: unknown };
    const attachments = Array.isArray(plaintext.attachments) ? plaintext.attachments : [];
    for (const attachment of attachments as { id?: unknown; format?: unknown }[]) {
      if (typeof attachment?.id !== 'string' || !attachmentSubjects(attachment).includes(subjectId)) continue;
      for (const to of row.toDids) {
        notices.push({
          from: row.fromDid,
          to,
          thid: row.thid ?? row.messageId,
          body: {
            credential_id: attachment.id,
            ...(typeof attachment.format === 'string' && { revocation_format: attachment.format }),
            comment: ERASURE_COMMENT,
          },
        });
      }
    }
  }
  return notices;
}

/**
 * Sends the notices, after the erasure committed (the erasure stands whatever becomes of them). One that cannot
 * be sent (its DID deactivated since, its recipient unreachable) is logged; returns how many were sent.
 */
export async function sendErasureNotices(
  didcomm: Pick<DidcommService, 'sendFrom'>,
  log: Logger,
  tenantId: string,
  notices: ErasureNotice[],
  actor: AuditActor,
): Promise<number> {
  let sent = 0;
  for (const notice of notices) {
    try {
      const message = await didcomm.sendFrom(
        tenantId,
        notice.from,
        notice.to,
        { type: REVOCATION_NOTIFICATION, thid: notice.thid, body: notice.body },
        actor,
      );
      if (message.delivery === 'inbox' || message.delivery === 'delivered') sent++;
    } catch (error) {
      log.warn({ err: error, tenantId, to: notice.to }, 'erasure notice not sent');
    }
  }
  return sent;
}
