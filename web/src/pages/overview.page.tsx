// Overview: the plan, this month's usage against the plan's quotas, the request budget against its rate
// limit, and the tenant's recent events.
import { useSyncExternalStore } from 'react';
import { useQuery } from 'urql';
import { Can } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Meter } from '../components/meter';
import { RecentEventsDocument, UsageDocument, type RecentEventsQuery } from '../generated/graphql';
import { RECENT_EVENTS, recentEventsVariables } from '../api/early-requests';
import { useSession } from '../session/session';
import { eventSummary, formatTime, monthName } from './overview.rules';

type EventRow = RecentEventsQuery['events']['events'][number];

export default function OverviewPage() {
  const { me } = useSession();
  // Usage moves with every action elsewhere: asked again on each visit, the cached answer shown meanwhile. On the
  // first load, the answer boot.ts asked for is the network's (api/early-requests.ts).
  const [usage] = useQuery({ query: UsageDocument, requestPolicy: 'cache-and-network' });
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
            is on the <strong data-testid="plan">{data.plan}</strong> plan.
          </>
        )}
      </p>
      <ErrorMessage error={usage.error} />
      {!data && usage.fetching && <Loading label="Loading usage" />}
      {data && (
        <div className="cards">
          <section className="card" aria-labelledby="usage-title">
            <h2 id="usage-title">Usage in {monthName(data.month)}</h2>
            <Meter label="Credentials issued" used={data.credentialsIssuedThisMonth} limit={data.credentials.limit} />
            <Meter label="Active DIDs" used={data.activeDids} limit={data.dids.limit} />
            <Meter
              label="Members and invitations"
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
        <Can permission="events:read">
          <RecentEvents />
        </Can>
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
        <Meter label="Requests used from the burst" used={reading.limit - reading.remaining} limit={reading.limit} />
      )}
      <p className="muted">
        Up to {burst} requests at once, then {requestsPerMinute} a minute. A request over the limit is refused with 429
        and says when to retry.
      </p>
    </>
  );
}

const EVENT_COLUMNS: Column<EventRow>[] = [
  { key: 'type', header: 'Event', cell: (row) => <code>{row.type}</code>, sortValue: (row) => row.type },
  { key: 'data', header: 'About', cell: (row) => eventSummary(row.data), filterText: (row) => eventSummary(row.data) },
  { key: 'createdAt', header: 'When', cell: (row) => formatTime(row.createdAt), sortValue: (row) => row.createdAt },
];

function RecentEvents() {
  const [events] = useQuery({
    query: RecentEventsDocument,
    variables: recentEventsVariables,
    requestPolicy: 'cache-and-network',
  });
  if (events.error) return <ErrorMessage error={events.error} />;
  if (!events.data) return <Loading label="Loading events" />;
  return (
    <DataTable
      caption={`The ${RECENT_EVENTS} most recent events`}
      rows={events.data.events.events}
      columns={EVENT_COLUMNS}
      rowKey={(row) => row.id}
      empty="No events yet."
    />
  );
}
