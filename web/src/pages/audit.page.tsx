// Audit log: the tenant's audit events, newest first, a page at a time by cursor; filters by action, actor,
// target and time over the loaded page (the service filters nothing), sortable columns; and the audit
// chain's verification (every event hashed onto the one before; README "Audit chain").
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import { AuditLogPageDocument, AuditLogVerificationDocument, type AuditLogPageQuery } from '../generated/graphql';
import {
  actionsOf,
  actorText,
  filterAudit,
  NO_FILTERS,
  targetText,
  verificationText,
  type AuditFilters,
} from './audit.rules';
import { eventSummary, formatTime } from './overview.rules';
import './team.css';

type EventRow = AuditLogPageQuery['auditLog']['events'][number];

const PAGE_SIZE = 50;

export default function AuditPage() {
  const pages = useCursorPages();
  // Names for the actors, when the member may list the members (the first page: most tenants are small).
  const canListMembers = useCan('members:list');
  const [log] = useQuery({
    query: AuditLogPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor, canListMembers: canListMembers.allowed },
  });
  const members = log.data?.members;
  const names = useMemo(
    () => new Map((members?.members ?? []).map((member) => [member.userId, `${member.displayName} <${member.email}>`])),
    [members],
  );
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const rows = log.data?.auditLog.events ?? [];
  const shown = filterAudit(rows, filters, names);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters({ ...filters, [key]: event.target.value });
  const columns: Column<EventRow>[] = [
    { key: 'seq', header: '#', cell: (row) => row.seq, sortValue: (row) => row.seq },
    { key: 'createdAt', header: 'When', cell: (row) => formatTime(row.createdAt), sortValue: (row) => row.createdAt },
    { key: 'action', header: 'Action', cell: (row) => <code>{row.action}</code>, sortValue: (row) => row.action },
    { key: 'actor', header: 'Actor', cell: (row) => actorText(row, names), sortValue: (row) => actorText(row, names) },
    {
      key: 'target',
      header: 'Target',
      cell: (row) => <span className="did">{targetText(row, names)}</span>,
      sortValue: (row) => targetText(row, names),
    },
    {
      key: 'details',
      header: 'Details',
      cell: (row) => eventSummary(row.details, 4),
      filterText: (row) => eventSummary(row.details, 10),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Audit log</h1>
      <p className="lead">
        What was done in this tenant, by whom, newest first. Each event is chained to the one before by its hash.
      </p>
      <ChainVerification />
      <section className="section" aria-labelledby="events-title">
        <h2 id="events-title">Events</h2>
        <form className="filters" aria-label="Filter the loaded page" onSubmit={(event) => event.preventDefault()}>
          <div className="field">
            <label htmlFor="audit-action">Action</label>
            <select id="audit-action" value={filters.action} onChange={set('action')}>
              <option value="">All</option>
              {actionsOf(rows).map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="audit-actor">Actor</label>
            <input id="audit-actor" type="search" value={filters.actor} onChange={set('actor')} />
          </div>
          <div className="field">
            <label htmlFor="audit-target">Target</label>
            <input id="audit-target" type="search" value={filters.target} onChange={set('target')} />
          </div>
          <div className="field">
            <label htmlFor="audit-from">From</label>
            <input id="audit-from" type="datetime-local" value={filters.from} onChange={set('from')} />
          </div>
          <div className="field">
            <label htmlFor="audit-to">To</label>
            <input id="audit-to" type="datetime-local" value={filters.to} onChange={set('to')} />
          </div>
          <div>
            <button type="button" className="button-secondary" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </button>
          </div>
        </form>
        <p className="muted">
          The filters apply to the page loaded ({rows.length} events); the next page comes by cursor.
        </p>
        <ErrorMessage error={log.error} />
        {!log.data && log.fetching && <Loading label="Loading the audit log" />}
        {log.data && (
          <>
            <DataTable
              caption={`Audit events, page ${pages.pageNumber}${shown.length < rows.length ? `, ${shown.length} matching the filters` : ''}`}
              rows={shown}
              columns={columns}
              rowKey={(row) => row.id}
              empty={rows.length ? 'No event on this page matches the filters.' : 'No audit event yet.'}
            />
            <Pager pages={pages} nextCursor={log.data.auditLog.nextCursor} busy={log.fetching} />
          </>
        )}
      </section>
    </section>
  );
}

function ChainVerification() {
  const [asked, setAsked] = useState(false);
  const [result, verify] = useQuery({
    query: AuditLogVerificationDocument,
    pause: true,
    requestPolicy: 'network-only',
  });
  const data = result.data?.auditLogVerification;
  return (
    <section className="card" aria-labelledby="chain-title">
      <h2 id="chain-title">Audit chain</h2>
      <p className="muted">
        Checks every event from the first to the newest: none missing, none edited, none replaced.
      </p>
      <button
        type="button"
        disabled={result.fetching}
        onClick={() => {
          setAsked(true);
          verify({ requestPolicy: 'network-only' });
        }}
      >
        {result.fetching ? 'Verifying…' : asked ? 'Verify again' : 'Verify the chain'}
      </button>
      <div role="status">
        {asked && data && !result.fetching && (
          <p className={data.valid ? 'verdict-valid' : 'verdict-broken'} data-testid="chain-verdict">
            {verificationText(data)}
          </p>
        )}
      </div>
      <ErrorMessage error={result.error} />
    </section>
  );
}
