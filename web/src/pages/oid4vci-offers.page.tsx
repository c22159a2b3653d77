// OpenID4VCI credential offers (credentials:issue): a page at a time, filtered by the service on state; each
// opens its page. A new offer is made on its own page (oid4vci-offer-new.page.tsx).
import { useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from 'urql';
import { useCan } from '../access/can';
import type { Column } from '../components/data-table';
import { useCursorPages } from '../components/use-cursor-pages';
import { PagedList, StateFilter } from './state-list-parts';
import {
  Oid4vciOffersPageDocument,
  type Oid4vciOfferFieldsFragment,
  type Oid4vciOfferState,
} from '../generated/graphql';
import { StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { OFFER_STATE_LABELS, offerHref } from './oid4vci.rules';

const PAGE_SIZE = 20;

export default function Oid4vciOffersPage() {
  const pages = useCursorPages();
  const [state, setState] = useState<Oid4vciOfferState | ''>('');
  const [result] = useQuery({
    query: Oid4vciOffersPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor, ...(state && { state }) },
  });
  const canManage = useCan('oid4vci:manage');
  const columns: Column<Oid4vciOfferFieldsFragment>[] = [
    {
      key: 'subject',
      header: 'Subject',
      cell: (row) => (
        <Link href={offerHref(row.id)} className="did">
          {row.subjectId}
        </Link>
      ),
      sortValue: (row) => row.subjectId,
      filterText: (row) => `${row.subjectId} ${row.configurationIds.join(' ')}`,
    },
    { key: 'configurations', header: 'Credentials', cell: (row) => row.configurationIds.join(', ') },
    {
      key: 'state',
      header: 'State',
      cell: (row) => <StateBadge state={row.state} label={OFFER_STATE_LABELS[row.state]} />,
      sortValue: (row) => row.state,
    },
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
  const data = result.data?.oid4vciOffers;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Credential offers</h1>
      <p className="lead">
        Credentials offered to wallets with OpenID4VCI: a link or QR code the holder’s wallet redeems (pre-authorized
        code flow), and what became of each.
      </p>
      <p className="row-actions">
        <Link href="/oid4vci/offers/new" className="button-link">
          New offer
        </Link>
        {canManage.allowed && (
          <Link href="/oid4vci/configurations" className="button-link">
            Credential configurations
          </Link>
        )}
      </p>
      <StateFilter
        id="offer-state-filter"
        label="State"
        value={state}
        labels={OFFER_STATE_LABELS}
        pages={pages}
        onChange={setState}
      />
      <PagedList
        what="Credential offers"
        loading="Loading offers"
        page={data && { rows: data.offers, nextCursor: data.nextCursor }}
        error={result.error}
        fetching={result.fetching}
        pages={pages}
        columns={columns}
        rowKey={(row) => row.id}
        empty="No offer yet."
      />
    </section>
  );
}
