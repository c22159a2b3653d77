// GraphQL surface of the audit log and its hash chain (src/modules/audit/audit.chain.ts). Resolvers only adapt.
import { requires } from './access.js';
import { builder } from './builder.js';
import { NEXT_CURSOR, pageArgs } from './pages.js';
import { enumFromZod } from './zod-types.js';
import { chainBreakReason, type ChainBreak } from '../modules/audit/audit.chain.js';
import type {
  AuditChainHeadView,
  AuditChainVerification,
  AuditEventView,
} from '../modules/audit/audit.service.js';

const HASH = 'Lowercase hex SHA-256.';

const AuditEvent = builder.objectRef<AuditEventView>('AuditEvent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    seq: t.exposeInt('seq', { description: "Position in the tenant's audit chain: 1, 2, 3… without gaps." }),
    prevHash: t.exposeString('prevHash', {
      description: `The previous event's hash; 64 zeros for the first event. ${HASH}`,
    }),
    hash: t.exposeString('hash', {
      description: `SHA-256 over the RFC 8785 (JCS) serialisation of this event with seq and prevHash. ${HASH}`,
    }),
    groupId: t.exposeID('groupId', {
      nullable: true,
      description:
        'Issued credentials are chained a group at a time, one chain event per issue batch and tenant: the id of ' +
        "the group that carries this entry (seq, prevHash and hash are then the group's). Null for an event " +
        'chained on its own.',
    }),
    digest: t.exposeString('digest', {
      nullable: true,
      description:
        `An entry of a group: SHA-256 over the RFC 8785 serialisation of its fields with tenant_id and without seq ` +
        `and prev_hash; the group's hash covers its entries' digests in order. ${HASH}`,
    }),
    action: t.exposeString('action'),
    actorUserId: t.exposeID('actorUserId', { nullable: true }),
    actorApiKeyId: t.exposeID('actorApiKeyId', { nullable: true }),
    targetType: t.exposeString('targetType'),
    targetId: t.exposeString('targetId', { nullable: true }),
    details: t.expose('details', { type: 'JSON' }),
    requestId: t.exposeString('requestId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AuditEventPage = builder
  .objectRef<{ events: AuditEventView[]; nextCursor: string | null }>('AuditEventPage')
  .implement({
    fields: (t) => ({
      events: t.field({ type: [AuditEvent], resolve: (page) => page.events }),
      nextCursor: t.exposeString('nextCursor', { nullable: true, description: NEXT_CURSOR }),
    }),
  });

const AuditChainHead = builder.objectRef<AuditChainHeadView>('AuditChainHead').implement({
  description: 'The newest event of an audit chain.',
  fields: (t) => ({
    seq: t.exposeInt('seq'),
    eventId: t.exposeID('eventId'),
    hash: t.exposeString('hash', { description: HASH }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AuditChainBreak = builder.objectRef<ChainBreak>('AuditChainBreak').implement({
  description: 'The first event at which the audit chain does not hold.',
  fields: (t) => ({
    seq: t.exposeInt('seq'),
    eventId: t.exposeID('eventId', {
      nullable: true,
      description: "The event's id; for head_mismatch, the event the chain head names (it may be gone).",
    }),
    reason: t.expose('reason', { type: enumFromZod(chainBreakReason) }),
    expected: t.exposeString('expected', { description: 'The seq expected for sequence_gap; otherwise a hash.' }),
    found: t.exposeString('found'),
  }),
});

const AuditChainVerificationRef = builder.objectRef<AuditChainVerification>('AuditChainVerification').implement({
  fields: (t) => ({
    valid: t.exposeBoolean('valid'),
    eventsChecked: t.exposeInt('eventsChecked', {
      description: 'Events read, up to and including the first broken one.',
    }),
    head: t.field({
      type: AuditChainHead,
      nullable: true,
      description: 'The newest event of the chain as verified; null before the first event.',
      resolve: (verification) => verification.head,
    }),
    firstBreak: t.field({
      type: AuditChainBreak,
      nullable: true,
      description: 'null when the chain is intact.',
      resolve: (verification) => verification.firstBreak,
    }),
  }),
});

builder.queryFields((t) => ({
  auditLog: t.field({
    type: AuditEventPage,
    description: 'Newest first.',
    ...requires('audit:read'),
    args: pageArgs(t.arg),
    resolve: (_root, args, { services, principal }) => services.audit.list(principal!, args),
  }),
  auditLogVerification: t.field({
    type: AuditChainVerificationRef,
    description:
      "Checks the tenant's audit chain from its first event to its head: every seq in order, every prevHash " +
      'the hash before it, every hash what the event hashes to.',
    ...requires('audit:read'),
    resolve: (_root, _args, { services, principal }) => services.audit.verifyChain(principal!),
  }),
}));
