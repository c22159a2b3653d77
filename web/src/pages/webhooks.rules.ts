// The webhooks page's rules: the event catalogue as the form offers it, what a choice of event types sends, how
// an endpoint's subscription and a delivery are described, and hints on a URL before the service judges it.
// .js: test/unit/dashboard-feature-parity.test.ts imports this file too, under Node's module resolution.
import type { EventType, WebhookDeliveryState } from '../generated/graphql.js';

/**
 * The service's event catalogue, by the GraphQL enum EventType (generated from the committed schema, so a new
 * event type is a type error here until it is listed): the name webhooks subscribe with and deliver.
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
  webhook_test: 'webhook.test',
};

/** An endpoint's page. */
export const webhookHref = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** Every event type, or `*`: all of them, including types the service adds later. */
export const ALL_EVENTS = '*';

export type EventGroup = { area: string; types: string[] };

/** The catalogue grouped by area (the part before the first dot), in catalogue order: the form's fieldsets. */
export function eventGroups(types: readonly string[] = Object.values(EVENT_TYPES)): EventGroup[] {
  const groups = new Map<string, string[]>();
  for (const type of types) {
    const area = type.slice(0, type.indexOf('.'));
    groups.set(area, [...(groups.get(area) ?? []), type]);
  }
  return [...groups].map(([area, members]) => ({ area, types: members }));
}

const AREA_LABELS: Record<string, string> = {
  credential: 'Credentials',
  did: 'DIDs',
  member: 'Members',
  api_key: 'API keys',
  plan: 'Plan',
  trust: 'Trust',
  compliance: 'Compliance',
  domain: 'Domains',
  didcomm: 'DIDComm',
  webhook: 'Webhooks',
};

export const areaLabel = (area: string) => AREA_LABELS[area] ?? area;

/** What the form has chosen: every type (now and later), or a set of types. */
export type EventSelection = { all: boolean; types: ReadonlySet<string> };

export const emptySelection = (): EventSelection => ({ all: false, types: new Set() });

export function toggleType(selection: EventSelection, type: string, on: boolean): EventSelection {
  const types = new Set(selection.types);
  if (on) types.add(type);
  else types.delete(type);
  return { ...selection, types };
}

/** A whole area on or off (its fieldset's "all of …" box). */
export function toggleArea(selection: EventSelection, group: EventGroup, on: boolean): EventSelection {
  return group.types.reduce((current, type) => toggleType(current, type, on), selection);
}

export function areaState(selection: EventSelection, group: EventGroup): 'all' | 'some' | 'none' {
  const chosen = group.types.filter((type) => selection.types.has(type)).length;
  return chosen === 0 ? 'none' : chosen === group.types.length ? 'all' : 'some';
}

/** The `events` the service is sent: ["*"] for all, else the chosen types in catalogue order. */
export function selectionToEvents(selection: EventSelection, catalogue: readonly string[] = Object.values(EVENT_TYPES)) {
  if (selection.all) return [ALL_EVENTS];
  return catalogue.filter((type) => selection.types.has(type));
}

/** An endpoint's `events` back into a selection (editing it). */
export function eventsToSelection(events: readonly string[]): EventSelection {
  return events.includes(ALL_EVENTS) ? { all: true, types: new Set() } : { all: false, types: new Set(events) };
}

export const NO_EVENTS = 'Choose at least one event type, or all events.';

export function selectionProblem(selection: EventSelection): string | null {
  return selection.all || selection.types.size > 0 ? null : NO_EVENTS;
}

/** "All events, including later ones" / "credential.issued, credential.revoked" / "5 types". */
export function describeEvents(events: readonly string[], most = 3): string {
  if (events.includes(ALL_EVENTS)) return 'All events, including later ones';
  if (events.length <= most) return events.join(', ');
  return `${events.slice(0, most).join(', ')} and ${events.length - most} more`;
}

/**
 * What the form can say about a URL before sending it (the service decides, and checks every address the host
 * resolves to: private ranges are refused unless the deployment allows them). Null: nothing to say.
 */
export function urlHint(text: string): string | null {
  const value = text.trim();
  if (!value) return 'Enter the URL the events are POSTed to.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full URL, e.g. https://hooks.example.com/credentials.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https:// (or http:// in development).';
  if (url.username || url.password) return 'The URL must not carry a user name or password.';
  if (url.hash) return 'The URL must not have a #fragment.';
  return null;
}

export const DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** "204 in 3 ms", "no answer: connect ECONNREFUSED", for a delivery's last attempt. */
export function attemptSummary(attempt: { status: number | null; durationMs: number | null; error: string | null }): string {
  const time = attempt.durationMs === null ? '' : ` in ${attempt.durationMs} ms`;
  if (attempt.status !== null) return `HTTP ${attempt.status}${time}${attempt.error ? ` (${attempt.error})` : ''}`;
  return attempt.error ? `No answer${time}: ${attempt.error}` : 'Not attempted yet';
}
