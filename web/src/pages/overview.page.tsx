// Overview: the plan, this month's usage against the plan's quotas, the request budget against its rate
// limit, and the tenant's recent events: one request (OverviewPage), the events in it for a role that may see them.
import { useSyncExternalStore } from 'react';
import { useQuery } from 'urql';
import { PermissionNote, useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Meter } from '../components/meter';
import { OverviewPageDocument, type OverviewPageQuery } from '../generated/graphql';
import { overviewVariables, RECENT_EVENTS } from '../api/overview-variables';
import { useSession } from '../session/session';
import { eventName, formatNumber, planLabel } from '../vocabulary';
import { eventSummary, formatTime, monthName } from './overview.rules';

type EventRow = NonNullable<OverviewPageQuery['events']>['events'][number];

export default function OverviewPage() {
  const { me } = useSession();
  const canSeeEvents = useCan('events:read');
  // Usage moves with every action elsewhere: the client's freshness rule asks again on a later visit (api/
  // freshness.ts), the cached answer shown meanwhile. On the first load, the answer boot.ts asked for is the
  // network's (api/early-requests.ts).
  const [usage] = useQuery({ query: OverviewPageDocument, variables: overviewVariables(me?.permissions ?? []) });
  const tenant = me?.tenants.find((membership) => membership.id === me.tenantId);
  const data = usage.data?.usage;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Overview</h1>
      <p className="lead">
        {tenant?.name ?? 'Your tenant'}
        {data && (
          <>
            {' '}
            is on the <strong data-testid="plan">{planLabel(data.plan)}</strong> plan.
          </>
        )}
      </p>
      <ErrorMessage error={usage.error} />
      {!data && usage.fetching && <Loading label="Loading usage" />}
      {data && (
        <div className="cards">
          <section className="card" aria-labelledby="usage-title">
            <h2 id="usage-title">Usage in {monthName(data.month)}</h2>
            <Meter
              label="Credentials issued"
              kind="metered"
              used={data.credentialsIssuedThisMonth}
              limit={data.credentials.limit}
            />
            <Meter label="Active DIDs" kind="allowance" used={data.activeDids} limit={data.dids.limit} />
            <Meter
              label="Members and invitations"
              kind="allowance"
              used={data.members + data.pendingInvitations}
              limit={data.seats.limit}
            />
            <p className="muted">The month's quota starts again on {formatTime(data.periodEnd)}.</p>
          </section>
          <section className="card" aria-labelledby="rate-title">
            <h2 id="rate-title">Rate limit</h2>
            <RequestBudget requestsPerMinute={data.requestsPerMinute} burst={data.burst} />
          </section>
        </div>
      )}
      <section aria-labelledby="events-title" className="section">
        <h2 id="events-title">Recent events</h2>
        {!canSeeEvents.allowed ? (
          <PermissionNote missing={canSeeEvents.missing} />
        ) : usage.data?.events ? (
          <RecentEvents events={usage.data.events.events} />
        ) : (
          !usage.error && <Loading label="Loading events" />
        )}
      </section>
    </section>
  );
}

/** The bucket as the service's last answer left it (RateLimit-* headers), and the plan's rates. */
function RequestBudget({ requestsPerMinute, burst }: { requestsPerMinute: number; burst: number }) {
  const { rateLimits } = useSession();
  const reading = useSyncExternalStore(rateLimits.subscribe, rateLimits.get);
  return (
    <>
      {reading && (
        <Meter
          label="Requests used from the burst"
          kind="metered"
          used={reading.limit - reading.remaining}
          limit={reading.limit}
        />
      )}
      <p className="muted">
        Up to {formatNumber(burst)} requests at once, then {formatNumber(requestsPerMinute)} a minute. A request over
        the limit is refused with 429 and says when to retry.
      </p>
    </>
  );
}

const EVENT_COLUMNS: Column<EventRow>[] = [
  {
    key: 'type',
    header: 'Event',
    cell: (row) => <code>{eventName(row.type)}</code>,
    sortValue: (row) => eventName(row.type),
    filterText: (row) => eventName(row.type),
  },
  { key: 'data', header: 'About', cell: (row) => eventSummary(row.data), filterText: (row) => eventSummary(row.data) },
  { key: 'createdAt', header: 'When', cell: (row) => formatTime(row.createdAt), sortValue: (row) => row.createdAt },
];

function RecentEvents({ events }: { events: readonly EventRow[] }) {
  return (
    <DataTable
      caption={`The ${RECENT_EVENTS} most recent events`}
      rows={events}
      columns={EVENT_COLUMNS}
      rowKey={(row) => row.id}
      empty="No events yet."
    />
  );
}
