// DIDComm v2 messaging (permissions didcomm:send to send, didcomm:read to read). Every tenant DID holds
// an inbox: a message to a DID hosted here (any tenant) is unpacked with that DID's key and stored at once; one
// to any other DID is POSTed to the DIDCommMessaging endpoint of its document, or returned to the caller.
// The public inbound endpoint (POST /didcomm) is `receive`. Envelopes: didcomm.envelope.ts; replies of the
// protocols we answer ourselves: didcomm.protocols.ts.
import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import type { Principal } from '../../auth/principal.js';
import { AppError, badRequest, findAppError, notFound, rateLimited } from '../../lib/errors.js';
import { keyAadFor, type KeyEncryption } from '../../lib/key-encryption.js';
import type { Logger } from '../../lib/logger.js';
import { MESSAGES } from '../../lib/messages.js';
import { fetchPage, isUuid, type PageRequest } from '../../lib/pagination.js';
import { parseInput } from '../../lib/validation.js';
import { actorFrom, recordAudit, type AuditActor } from '../audit/audit.repository.js';
import { findDidWithKey } from '../dids/dids.repository.js';
import type { KeyType } from '../dids/signing-keys.js';
import { recordEvent } from '../outbox/outbox.repository.js';
import {
  MEDIA_TYPES,
  pack,
  secretsOfDid,
  secretsResolver,
  unpack,
  type DidcommSecret,
  type Packing,
  type PlainMessage,
} from './didcomm.envelope.js';
import { messageSubjects } from './didcomm.attachments.js';
import { listMessagesInput, sendMessageInput } from './didcomm.inputs.js';
import { repliesTo } from './didcomm.protocols.js';
import * as repository from './didcomm.repository.js';
import type { MessageRow } from './didcomm.repository.js';
import { didcommDidResolver, didcommDocument } from './didcomm.resolver.js';
import { INBOX_WINDOW_MS, inboxVerdict } from './inbox.policy.js';
import { didcommEndpoint, postEnvelope, type DeliveryPolicy } from './didcomm.transport.js';

export type MessageView = {
  id: string;
  direction: 'inbound' | 'outbound';
  did: string;
  messageId: string;
  type: string;
  from: string | null;
  to: string[];
  thid: string | null;
  packing: Packing;
  message: Prisma.JsonValue;
  envelope: string;
  delivery: MessageRow['delivery'];
  deliveryDetail: string | null;
  createdAt: Date;
};

export type SendOptions = {
  type: string;
  body?: Record<string, unknown> | null;
  packing?: Packing | null;
  thid?: string | null;
  expiresTime?: number | null;
  attachments?: Record<string, unknown>[] | null;
};

const toView = (row: MessageRow): MessageView => ({
  id: row.id,
  direction: row.direction,
  did: row.did.did,
  messageId: row.messageId,
  type: row.type,
  from: row.fromDid,
  to: row.toDids,
  thid: row.thid,
  packing: row.packing,
  message: row.plaintext,
  envelope: row.envelope,
  delivery: row.delivery,
  deliveryDetail: row.deliveryDetail,
  createdAt: row.createdAt,
});

/** An envelope's recipient DIDs as it names them, before anything is decrypted. */
function recipientsOf(envelope: Record<string, unknown>, allowPlaintext: boolean): string[] {
  if (Array.isArray(envelope.recipients)) {
    return envelope.recipients
      .map((recipient) => (recipient as { header?: { kid?: unknown } })?.header?.kid)
      .filter((kid): kid is string => typeof kid === 'string')
      .map((kid) => kid.split('#')[0]!);
  }
  let plain: unknown = envelope;
  if (typeof envelope.payload === 'string' && Array.isArray(envelope.signatures)) {
    try {
      plain = JSON.parse(Buffer.from(envelope.payload, 'base64url').toString('utf8'));
    } catch {
      throw badRequest(MESSAGES.didcommNotAnEnvelope);
    }
  } else if (!allowPlaintext) {
    throw badRequest(
      typeof envelope.type === 'string' ? MESSAGES.didcommPlaintextRefused : MESSAGES.didcommNotAnEnvelope,
    );
  }
  const to = (plain as { to?: unknown })?.to;
  return Array.isArray(to) ? to.filter((did): did is string => typeof did === 'string') : [];
}

export type DidcommServiceDeps = {
  prisma: PrismaClient;
  keys: KeyEncryption;
  delivery: DeliveryPolicy;
  log: Logger;
  /** Inbound messages a recipient DID takes in any hour (inbox.policy.ts). */
  inboundPerHour: number;
};

export function createDidcommService({ prisma, keys, delivery, log, inboundPerHour }: DidcommServiceDeps) {
  function secretsOf(tenantId: string, row: { did: string; keyType: string; privateKeyCiphertext: Uint8Array }) {
    const pkcs8 = keys.decrypt(row.privateKeyCiphertext, keyAadFor(tenantId, row.did));
    // did:key documents are functions of the DID; the ids come from the same document the peer resolves.
    return didcommDocument(row.did).then((document) => {
      const doc = document as {
        keyAgreement: string[];
        authentication: string[];
        verificationMethod: { id: string; publicKeyJwk: { x: string } }[];
      };
      const keyAgreementKid = doc.keyAgreement[0]!;
      return secretsOfDid(row.keyType as KeyType, pkcs8, {
        signingKid: doc.authentication[0]!,
        keyAgreementKid,
        keyAgreementJwk: doc.verificationMethod.find((method) => method.id === keyAgreementKid)!.publicKeyJwk,
      });
    });
  }

  /**
   * Packs and sends a message from one of the tenant's DIDs, stores it, and brings it to its recipient: into
   * the inbox of a DID hosted here, to the service endpoint of the recipient's document, or back to the caller.
   * `actor` null: a reply the service sends itself (a protocol answer), audited by nobody.
   */
  async function sendFrom(
    tenantId: string,
    from: string,
    to: string,
    options: SendOptions,
    actor: AuditActor | null,
  ): Promise<MessageView> {
    const sender = await findDidWithKey(prisma, tenantId, from);
    if (!sender) throw notFound(MESSAGES.didNotFound(from));
    if (sender.deactivatedAt) throw badRequest(MESSAGES.didcommSenderDeactivated);
    const recipientDocument = await didcommDocument(to);
    if (!recipientDocument) throw badRequest(MESSAGES.didcommUnresolvableRecipient(to));
    const packing = options.packing ?? 'authcrypt';
    const plain: PlainMessage = {
      id: randomUUID(),
      typ: MEDIA_TYPES.plaintext,
      type: options.type,
      from,
      to: [to],
      created_time: Math.floor(Date.now() / 1000),
      body: options.body ?? {},
      ...(options.thid && { thid: options.thid }),
      ...(options.expiresTime && { expires_time: options.expiresTime }),
      ...(options.attachments?.length && { attachments: options.attachments as PlainMessage['attachments'] }),
    };
    const secrets = await secretsOf(tenantId, { did: from, ...sender });
    const { envelope } = await pack(plain, {
      packing,
      from,
      to,
      resolver: didcommDidResolver,
      secrets: secretsResolver(secrets),
    });
    const hosted = (await repository.findHostedDids(prisma, [to])).length > 0;
    const endpoint = hosted ? null : didcommEndpoint(recipientDocument as { service?: unknown });
    let outcome: { delivery: 'inbox' | 'delivered' | 'failed' | 'returned'; detail: string | null };
    if (hosted) {
      // Into the recipient's inbox at once, through the same path as an envelope arriving at POST /didcomm. A
      // full inbox is a delivery that failed, as an outside endpoint's 429 would be, not an error of the send.
      outcome = await receive(envelope, { allowPlaintext: true }).then(
        () => ({ delivery: 'inbox' as const, detail: null }),
        (error: unknown) => {
          const appError = findAppError(error);
          if (appError?.code !== 'RATE_LIMITED') throw error;
          return { delivery: 'failed' as const, detail: appError.message };
        },
      );
    } else if (endpoint) {
      const posted = await postEnvelope(endpoint, envelope, MEDIA_TYPES[packing], delivery);
      outcome = { delivery: posted.delivery, detail: posted.detail };
    } else outcome = { delivery: 'returned', detail: null };

    const view = await prisma.$transaction(async (tx) => {
      const row = await repository.insertMessage(tx, tenantId, {
        didId: sender.id,
        direction: 'outbound',
        messageId: plain.id,
        type: plain.type,
        fromDid: from,
        toDids: [to],
        thid: plain.thid ?? null,
        packing,
        plaintext: plain as Prisma.InputJsonObject,
        envelope,
        delivery: outcome.delivery,
        deliveryDetail: outcome.detail,
        subjectIds: messageSubjects(plain),
      });
      const event = {
        message_id: row.id,
        didcomm_id: plain.id,
        type: plain.type,
        from,
        to,
        thid: plain.thid ?? null,
        packing,
        delivery: outcome.delivery,
      };
      await recordEvent(tx, tenantId, 'didcomm.message.sent', event);
      if (actor) {
        await recordAudit(tx, actor, {
          action: 'didcomm.message.sent',
          targetType: 'didcomm_message',
          targetId: row.id,
          details: event,
        });
      }
      return toView(row);
    });
    return view;
  }

  async function send(principal: Principal, rawInput: unknown, requestId: string | null): Promise<MessageView> {
    const input = parseInput(sendMessageInput, rawInput);
    return sendFrom(principal.tenantId, input.from, input.to, input, actorFrom(principal, requestId));
  }

  /**
   * An envelope arriving for DIDs hosted here: unpacked with the key of each tenant hosting a recipient,
   * stored once per recipient DID (a repeated message id is not stored again), announced with
   * didcomm.message.received, and answered when its protocol asks for it (trust ping, discover features).
   */
  async function receive(
    text: string,
    options: { allowPlaintext?: boolean } = {},
  ): Promise<{ status: 'accepted' | 'duplicate'; stored: number }> {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      throw badRequest(MESSAGES.didcommNotAnEnvelope);
    }
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
      throw badRequest(MESSAGES.didcommNotAnEnvelope);
    }
    const named = [...new Set(recipientsOf(envelope as Record<string, unknown>, options.allowPlaintext ?? false))];
    if (named.length === 0) throw badRequest(MESSAGES.didcommNotAnEnvelope);
    const hosted = await repository.findHostedDids(prisma, named.slice(0, 20));
    if (hosted.length === 0) throw new AppError('NOT_FOUND', MESSAGES.didcommUnknownRecipient);

    const byTenant = new Map<string, typeof hosted>();
    for (const row of hosted) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row]);
    let stored = 0;
    let full: AppError | undefined;
    const replies: { tenantId: string; from: string; to: string; reply: ReturnType<typeof repliesTo>[number] }[] = [];
    for (const [tenantId, rows] of byTenant) {
      const secrets: DidcommSecret[] = (await Promise.all(rows.map((row) => secretsOf(tenantId, row)))).flat();
      const opened = await unpack(text, didcommDidResolver, secretsResolver(secrets));
      const message = opened.message;
      if (opened.packing === 'plaintext' && !options.allowPlaintext) throw badRequest(MESSAGES.didcommPlaintextRefused);
      if (message.expires_time && message.expires_time * 1000 < Date.now()) throw badRequest(MESSAGES.didcommExpired);
      // The recipients are the hosted DIDs the plaintext names (DIDComm § 2.1: `to` lists the intended audience).
      const to = Array.isArray(message.to) ? message.to : [];
      const recipients = rows.filter((row) => to.includes(row.did));
      if (recipients.length === 0) throw badRequest(MESSAGES.didcommNotAddressed);
      for (const recipient of recipients) {
        const created = await prisma
          .$transaction(async (tx) => {
            if (await repository.hasMessage(tx, tenantId, recipient.id, 'inbound', message.id)) return null;
            await repository.lockRecipient(tx, tenantId, recipient.id);
            const now = new Date();
            const recent = await repository.recentInbound(
              tx,
              tenantId,
              recipient.id,
              new Date(now.getTime() - INBOX_WINDOW_MS),
            );
            const verdict = inboxVerdict(inboundPerHour, recent, now);
            if (!verdict.ok) throw rateLimited(MESSAGES.didcommInboxFull(inboundPerHour), verdict.retryAfterSeconds);
            const row = await repository.insertMessage(tx, tenantId, {
              didId: recipient.id,
              direction: 'inbound',
              messageId: message.id,
              type: message.type,
              fromDid: message.from ?? null,
              toDids: to,
              thid: message.thid ?? null,
              packing: opened.packing,
              plaintext: message as Prisma.InputJsonObject,
              envelope: text,
              delivery: 'received',
              deliveryDetail: null,
              subjectIds: messageSubjects(message),
            });
            await recordEvent(tx, tenantId, 'didcomm.message.received', {
              message_id: row.id,
              didcomm_id: message.id,
              type: message.type,
              did: recipient.did,
              from: message.from ?? null,
              thid: message.thid ?? null,
              packing: opened.packing,
              authenticated: opened.metadata.authenticated || opened.metadata.non_repudiation,
            });
            return row;
          })
          .catch((error: unknown) => {
            // A concurrent copy of the same message won the unique index: it is stored once.
            if ((error as { code?: string }).code === 'P2002') return null;
            // This recipient's inbox is full: nothing of it was written; the other recipients still get theirs,
            // and the sender is told to retry (their copies are then duplicates).
            const appError = findAppError(error);
            if (appError?.code === 'RATE_LIMITED') {
              full = appError;
              return null;
            }
            throw error;
          });
        if (!created) continue;
        stored++;
        // Only a sender the envelope proves (authcrypt or signed) is answered: never a claimed `from`.
        const provenSender = opened.metadata.authenticated || opened.metadata.non_repudiation;
        if (provenSender && message.from) {
          for (const reply of repliesTo(message)) {
            replies.push({ tenantId, from: recipient.did, to: message.from, reply });
          }
        }
      }
    }
    for (const { tenantId, from, to, reply } of replies) {
      await sendFrom(tenantId, from, to, { type: reply.type, thid: reply.thid, body: reply.body }, null).catch(
        (error) => log.warn({ err: error, tenantId, type: reply.type }, 'DIDComm protocol reply not sent'),
      );
    }
    if (full) throw full;
    return { status: stored > 0 ? 'accepted' : 'duplicate', stored };
  }

  async function list(principal: Principal, rawFilters: unknown, page: PageRequest) {
    const filters = parseInput(listMessagesInput, rawFilters);
    const result = await fetchPage(page, (window) =>
      repository.listMessages(prisma, principal.tenantId, filters, window),
    );
    return { messages: result.items.map(toView), nextCursor: result.nextCursor };
  }

  async function get(principal: Principal, id: string): Promise<MessageView> {
    const row = isUuid(id) ? await repository.findMessage(prisma, principal.tenantId, id) : null;
    if (!row) throw notFound(MESSAGES.didcommMessageNotFound);
    return toView(row);
  }

  /** For a data subject export: the tenant's messages about the subject, `limit` newest (no principal: its caller's). */
  async function ofSubject(tenantId: string, subjectId: string, limit: number): Promise<MessageView[]> {
    return (await repository.listSubjectMessages(prisma, tenantId, subjectId, limit)).map(toView);
  }

  return { send, sendFrom, receive, list, get, ofSubject };
}

export type DidcommService = ReturnType<typeof createDidcommService>;
