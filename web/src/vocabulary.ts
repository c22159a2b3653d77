// One vocabulary for everything the dashboard shows: the product's name, event names, plan names and numbers.
// The service's API keeps its own identifiers (GraphQL enums, plan ids); people read these.
// .js: test/unit/dashboard-vocabulary.test.ts imports this file too, under Node's module resolution.
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
  oid4vp_presentation_requested: 'oid4vp.presentation.requested',
  oid4vp_presentation_received: 'oid4vp.presentation.received',
  oid4vp_presentation_verified: 'oid4vp.presentation.verified',
  oid4vp_presentation_failed: 'oid4vp.presentation.failed',
  oid4vp_presentation_expired: 'oid4vp.presentation.expired',
  oid4vp_presentation_cancelled: 'oid4vp.presentation.cancelled',
  webhook_test: 'webhook.test',
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
