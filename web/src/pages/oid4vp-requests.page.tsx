// OpenID4VP presentation requests (credentials:verify): a page at a time, filtered by the service on status;
// each opens its page. A new request is made on its own page (oid4vp-request-new.page.tsx).
import { useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from 'urql';
import type { Column } from '../components/data-table';
import { useCursorPages } from '../components/use-cursor-pages';
import { PagedList, StateFilter } from './state-list-parts';
import {
  Oid4vpRequestsPageDocument,
  type Oid4vpRequestStatus,
  type Oid4vpRequestsPageQuery,
} from '../generated/graphql';
import { StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { REQUEST_STATUS_LABELS, requestHref } from './oid4vp.rules';

type Row = Oid4vpRequestsPageQuery['oid4vpRequests']['requests'][number];

const PAGE_SIZE = 20;

export default function Oid4vpRequestsPage() {
  const pages = useCursorPages();
  const [status, setStatus] = useState<Oid4vpRequestStatus | ''>('');
  const [result] = useQuery({
    query: Oid4vpRequestsPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor, ...(status && { status }) },
  });
  const columns: Column<Row>[] = [
    {
      key: 'purpose',
      header: 'Request',
      cell: (row) => <Link href={requestHref(row.id)}>{row.purpose ?? row.id}</Link>,
      sortValue: (row) => row.purpose ?? row.id,
      filterText: (row) => `${row.purpose ?? ''} ${row.id} ${row.holder ?? ''}`,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <StateBadge state={row.status} label={REQUEST_STATUS_LABELS[row.status]} />,
      sortValue: (row) => row.status,
    },
    { key: 'holder', header: 'Holder', cell: (row) => <span className="did">{row.holder ?? '—'}</span> },
    {
      key: 'createdAt',
      header: 'Created',
      cell: (row) => formatTime(row.createdAt),
      sortValue: (row) => row.createdAt,
    },
    {
      key: 'expiresAt',
      header: 'Expires',
      cell: (row) => formatTime(row.expiresAt),
      sortValue: (row) => row.expiresAt,
    },
  ];
  const data = result.data?.oid4vpRequests;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Presentation requests</h1>
      <p className="lead">
        Ask a holder’s wallet for credentials with OpenID4VP: a QR code or link the wallet opens, and the verdict on
        what it presents.
      </p>
      <p>
        <Link href="/oid4vp/new" className="button-link">
          New request
        </Link>
      </p>
      <StateFilter
        id="request-status-filter"
        label="Status"
        value={status}
        labels={REQUEST_STATUS_LABELS}
        pages={pages}
        onChange={setStatus}
      />
      <PagedList
        what="Presentation requests"
        loading="Loading requests"
        page={data && { rows: data.requests, nextCursor: data.nextCursor }}
        error={result.error}
        fetching={result.fetching}
        pages={pages}
        columns={columns}
        rowKey={(row) => row.id}
        empty="No request yet."
      />
    </section>
  );
}
