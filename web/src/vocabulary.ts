// One vocabulary for everything the dashboard shows: the product's name, event names, plan names and numbers.
// The service's API keeps its own identifiers (GraphQL enums, plan ids); people read these.
// .js: test/unit/dashboard-vocabulary.test.ts imports this file too, under Node's module resolution.
import type { Permission } from '../../src/auth/permissions.js';
import type { EventType, Plan } from './generated/graphql.js';

/** The product's name, as the README, GraphiQL and the OpenAPI document give it (src/lib/product.ts). */
export const PRODUCT_NAME = 'Credential service';

/**
 * The service's event catalogue, by the GraphQL enum EventType (generated from the committed schema, so a new
 * event type is a type error here until it is listed): the dotted name REST, webhooks and their deliveries use
 * (a GraphQL enum value cannot hold a dot). The dashboard shows this name wherever an event appears.
 */
export const EVENT_TYPES: Record<EventType, string> = {
  credential_issued: 'credential.issued',
  credential_revoked: 'credential.revoked',
  did_created: 'did.created',
  did_deactivated: 'did.deactivated',
  did_certificate_chain_set: 'did.certificate_chain.set',
  did_certificate_chain_removed: 'did.certificate_chain.removed',
  member_invited: 'member.invited',
  member_joined: 'member.joined',
  member_removed: 'member.removed',
  member_role_changed: 'member.role_changed',
  api_key_created: 'api_key.created',
  api_key_revoked: 'api_key.revoked',
  plan_changed: 'plan.changed',
  trust_attestation_created: 'trust.attestation.created',
  trust_attestation_revoked: 'trust.attestation.revoked',
  compliance_framework_adopted: 'compliance.framework.adopted',
  compliance_framework_unadopted: 'compliance.framework.unadopted',
  compliance_report_issued: 'compliance.report.issued',
  compliance_subject_erased: 'compliance.subject.erased',
  domain_verified: 'domain.verified',
  domain_unverified: 'domain.unverified',
  domain_removed: 'domain.removed',
  didcomm_message_sent: 'didcomm.message.sent',
  didcomm_message_received: 'didcomm.message.received',
  oid4vci_offer_created: 'oid4vci.offer.created',
  oid4vci_offer_token_issued: 'oid4vci.offer.token_issued',
  oid4vci_offer_credential_issued: 'oid4vci.offer.credential_issued',
  oid4vci_offer_credential_pending: 'oid4vci.offer.credential_pending',
  oid4vci_offer_expired: 'oid4vci.offer.expired',
  oid4vci_offer_cancelled: 'oid4vci.offer.cancelled',
  oid4vci_offer_failed: 'oid4vci.offer.failed',
  oid4vci_offer_notified: 'oid4vci.offer.notified',
  oid4vci_authorization_approved: 'oid4vci.authorization.approved',
  oid4vci_authorization_denied: 'oid4vci.authorization.denied',
  oid4vp_presentation_requested: 'oid4vp.presentation.requested',
  oid4vp_presentation_received: 'oid4vp.presentation.received',
  oid4vp_presentation_verified: 'oid4vp.presentation.verified',
  oid4vp_presentation_failed: 'oid4vp.presentation.failed',
  oid4vp_presentation_expired: 'oid4vp.presentation.expired',
  oid4vp_presentation_cancelled: 'oid4vp.presentation.cancelled',
  webhook_test: 'webhook.test',
};

/**
 * The permission that reads each event type's data through its own endpoint (the catalogue's readPermission,
 * src/modules/events/event-catalogue.ts; the vocabulary test compares them): subscribing an endpoint to a type,
 * or to all of them, takes it.
 */
export const EVENT_READ_PERMISSION: Record<EventType, Permission> = {
  credential_issued: 'credentials:list',
  credential_revoked: 'credentials:list',
  did_created: 'dids:list',
  did_deactivated: 'dids:list',
  did_certificate_chain_set: 'dids:list',
  did_certificate_chain_removed: 'dids:list',
  member_invited: 'members:list',
  member_joined: 'members:list',
  member_removed: 'members:list',
  member_role_changed: 'members:list',
  api_key_created: 'api_keys:manage',
  api_key_revoked: 'api_keys:manage',
  plan_changed: 'usage:read',
  trust_attestation_created: 'trust:read',
  trust_attestation_revoked: 'trust:read',
  compliance_framework_adopted: 'compliance:read',
  compliance_framework_unadopted: 'compliance:read',
  compliance_report_issued: 'compliance:read',
  compliance_subject_erased: 'compliance:manage',
  domain_verified: 'domains:manage',
  domain_unverified: 'domains:manage',
  domain_removed: 'domains:manage',
  didcomm_message_sent: 'didcomm:read',
  didcomm_message_received: 'didcomm:read',
  oid4vci_offer_created: 'credentials:issue',
  oid4vci_offer_token_issued: 'credentials:issue',
  oid4vci_offer_credential_issued: 'credentials:issue',
  oid4vci_offer_credential_pending: 'credentials:issue',
  oid4vci_offer_expired: 'credentials:issue',
  oid4vci_offer_cancelled: 'credentials:issue',
  oid4vci_offer_failed: 'credentials:issue',
  oid4vci_offer_notified: 'credentials:issue',
  oid4vci_authorization_approved: 'credentials:issue',
  oid4vci_authorization_denied: 'credentials:issue',
  oid4vp_presentation_requested: 'credentials:verify',
  oid4vp_presentation_received: 'credentials:verify',
  oid4vp_presentation_verified: 'credentials:verify',
  oid4vp_presentation_failed: 'credentials:verify',
  oid4vp_presentation_expired: 'credentials:verify',
  oid4vp_presentation_cancelled: 'credentials:verify',
  webhook_test: 'webhooks:manage',
};

/** An event's name as people read it: `credential.issued`, never the enum's `credential_issued`. */
export const eventName = (type: EventType): string => EVENT_TYPES[type] ?? type;

/** The plans' display names (src/modules/plans/plans.ts displayName; the vocabulary test compares them). */
export const PLAN_LABELS: Record<Plan, string> = {
  developer: 'Developer',
  startup: 'Startup',
  business: 'Business',
  enterprise: 'Enterprise',
};

/** "Developer" for `developer`; an id the dashboard does not know yet as it is. */
export function planLabel(plan: string): string {
  return PLAN_LABELS[plan as Plan] ?? plan;
}

const NUMBERS = new Intl.NumberFormat('en');

/** 10000 → "10,000": every count and limit the dashboard shows. */
export const formatNumber = (value: number): string => NUMBERS.format(value);
