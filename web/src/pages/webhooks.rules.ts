// The webhooks page's rules: the event catalogue as the form offers it, what a choice of event types sends, how
// an endpoint's subscription and a delivery are described, and hints on a URL before the service judges it.
// .js: test/unit/dashboard-feature-parity.test.ts imports this file too, under Node's module resolution.
import type { Permission } from '../../../src/auth/permissions.js';
import type { EventType, WebhookDeliveryState } from '../generated/graphql.js';
import { EVENT_READ_PERMISSION, EVENT_TYPES } from '../vocabulary.js';

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
  oid4vci: 'OpenID4VCI offers',
  oid4vp: 'OpenID4VP presentations',
};

export const areaLabel = (area: string) => AREA_LABELS[area] ?? area;

/** What the form has chosen: every type (now and later), or a set of types. */
export type EventSelection = { all: boolean; types: ReadonlySet<string> };

export const emptySelection = (): EventSelection => ({ all: false, types: new Set() });

/** A new endpoint's choice: every event, so the form is right as it opens (narrowing it is a choice). */
export const allEvents = (): EventSelection => ({ all: true, types: new Set() });

export function toggleType(selection: EventSelection, type: string, on: boolean): EventSelection {
  const types = new Set(selection.types);
  if (on) types.add(type);
  else types.delete(type);
  return { ...selection, types };
}

/** A whole area on or off (its fieldset's "all of …" box), but for types the member may not choose. */
export function toggleArea(
  selection: EventSelection,
  group: EventGroup,
  on: boolean,
  refused: ReadonlyMap<string, unknown> = new Map(),
): EventSelection {
  return group.types.filter((type) => !refused.has(type)).reduce((current, type) => toggleType(current, type, on), selection);
}

export function areaState(selection: EventSelection, group: EventGroup): 'all' | 'some' | 'none' {
  const chosen = group.types.filter((type) => selection.types.has(type)).length;
  return chosen === 0 ? 'none' : chosen === group.types.length ? 'all' : 'some';
}

/** The `events` the service is sent: ["*"] for all, else the chosen types in catalogue order. */
export function selectionToEvents(
  selection: EventSelection,
  catalogue: readonly string[] = Object.values(EVENT_TYPES),
) {
  if (selection.all) return [ALL_EVENTS];
  return catalogue.filter((type) => selection.types.has(type));
}

/** An endpoint's `events` back into a selection (editing it). */
export function eventsToSelection(events: readonly string[]): EventSelection {
  return events.includes(ALL_EVENTS) ? { all: true, types: new Set() } : { all: false, types: new Set(events) };
}

export const NO_EVENTS = 'Choose at least one event type, or all events.';

/**
 * The event types a member may not subscribe to, each with the permission it takes (the one that reads the same
 * data through its own endpoint). "All events" takes every one of them.
 */
export function unsubscribable(granted: readonly string[]): Map<string, Permission> {
  const refused = new Map<string, Permission>();
  for (const [type, name] of Object.entries(EVENT_TYPES)) {
    const permission = EVENT_READ_PERMISSION[type as EventType];
    if (!granted.includes(permission)) refused.set(name, permission);
  }
  return refused;
}

/** The permissions "All events" needs that the member lacks, each once, in catalogue order. */
export function allEventsNeeds(refused: ReadonlyMap<string, Permission>): Permission[] {
  return [...new Set(refused.values())];
}

/**
 * A new endpoint's first choice: every event when the member may subscribe to all of them, else every type it
 * may (ticked, so the form still opens ready to send).
 */
export function initialSelection(refused: ReadonlyMap<string, Permission>): EventSelection {
  if (refused.size === 0) return allEvents();
  return { all: false, types: new Set(Object.values(EVENT_TYPES).filter((type) => !refused.has(type))) };
}

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
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The URL must start with https:// (or http:// in development).';
  if (url.username || url.password) return 'The URL must not carry a user name or password.';
  if (url.hash) return 'The URL must not have a #fragment.';
  return null;
}

/**
 * What the form says of receivers on this machine, outside production (deployment.ts): the service refuses
 * loopback and private addresses unless WEBHOOK_ALLOW_PRIVATE_URLS=true. Null in production.
 */
export function privateUrlNote(deployment: { development: boolean; webhookPrivateUrls: boolean }): string | null {
  if (!deployment.development) return null;
  return deployment.webhookPrivateUrls
    ? 'Development: this service delivers to localhost and private addresses (WEBHOOK_ALLOW_PRIVATE_URLS=true), e.g. http://localhost:4000/hooks.'
    : 'Development: to receive on localhost or a private address, start the service with WEBHOOK_ALLOW_PRIVATE_URLS=true; until then it refuses them.';
}

export const DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** What TLS codes mean (Node's and OpenSSL's certificate verification codes), for the delivery log. */
const TLS_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate’s issuer is not trusted',
  UNABLE_TO_GET_ISSUER_CERT: 'the certificate’s issuer is not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the certificate’s issuer is not trusted',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not name this host',
  EPROTO: 'the receiver did not speak TLS (an http server on an https URL?)',
};

/**
 * What failed when no usable status came, from the service's delivery error ("tls error (CODE)", "connection
 * refused", "timeout after N ms": src/modules/webhooks/delivery/http-sender.ts).
 */
function failureText(error: string, time: string): string {
  const tls = /^tls error \(([^)]+)\)$/.exec(error);
  if (tls) {
    const reason = TLS_REASONS[tls[1]!];
    return `TLS handshake failed${time.replace(' in ', ' after ')}: ${reason ? `${reason} (${tls[1]})` : tls[1]}`;
  }
  if (/^timeout after \d+ ms$/.test(error)) return `No answer${time.replace(' in ', ' within ')}: timed out`;
  return `Failed${time.replace(' in ', ' after ')}: ${error}`;
}

/** "HTTP 204 in 3 ms", "TLS handshake failed after 30 ms: …", for a delivery's last attempt. */
export function attemptSummary(attempt: {
  status: number | null;
  durationMs: number | null;
  error: string | null;
}): string {
  const time = attempt.durationMs === null ? '' : ` in ${attempt.durationMs} ms`;
  if (attempt.status !== null) return `HTTP ${attempt.status}${time}${attempt.error ? ` (${attempt.error})` : ''}`;
  return attempt.error ? failureText(attempt.error, time) : 'Not attempted yet';
}
