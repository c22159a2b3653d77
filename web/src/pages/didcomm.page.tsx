// DIDComm: the messages the tenant's DIDs sent and received (by direction, DID and type, a page at a time),
// and sending one with its delivery outcome. Each message links to its page (plaintext and envelope). One
// request (DidcommPage): the messages and, for a role that may send, the DIDs to send from.
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useQuery } from 'urql';
import { useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import { DidcommPageDocument, type DidcommDirection, type DidcommMessageFieldsFragment } from '../generated/graphql';
import { StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { SendMessage } from './didcomm-send';
import { DELIVERY_LABELS, deliveryTone, DIRECTION_LABELS, messageHref, shortType } from './didcomm.rules';

const PAGE_SIZE = 20;

export default function DidcommPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">DIDComm</h1>
      <p className="lead">
        Messages between DIDs (DIDComm Messaging v2): every DID of yours has an inbox, and can send to any DID.
      </p>
      <Messages />
    </section>
  );
}

function Messages() {
  const pages = useCursorPages();
  const [direction, setDirection] = useState<DidcommDirection | ''>('');
  const [filters, setFilters] = useState({ did: '', type: '' });
  const [draft, setDraft] = useState(filters);
  const canSend = useCan(['didcomm:send', 'dids:list']);
  const [messages, refresh] = useQuery({
    query: DidcommPageDocument,
    variables: {
      canSend: canSend.allowed,
      limit: PAGE_SIZE,
      cursor: pages.cursor,
      direction: direction || null,
      did: filters.did.trim() || null,
      type: filters.type.trim() || null,
    },
    context: useMemo(() => ({ additionalTypenames: ['DidcommMessage'] }), []),
  });
  const columns: Column<DidcommMessageFieldsFragment>[] = [
    {
      key: 'createdAt',
      header: 'When',
      cell: (row) => <Link href={messageHref(row.id)}>{formatTime(row.createdAt)}</Link>,
      sortValue: (row) => row.createdAt,
    },
    {
      key: 'direction',
      header: 'Direction',
      cell: (row) => DIRECTION_LABELS[row.direction],
      sortValue: (row) => row.direction,
    },
    {
      key: 'type',
      header: 'Type',
      cell: (row) => <span title={row.type}>{shortType(row.type)}</span>,
      sortValue: (row) => row.type,
      filterText: (row) => row.type,
    },
    {
      key: 'peer',
      header: 'Peer',
      cell: (row) => (
        <span className="did">{row.direction === 'outbound' ? row.to.join(', ') : (row.from ?? 'anonymous')}</span>
      ),
      sortValue: (row) => (row.direction === 'outbound' ? row.to.join(', ') : (row.from ?? '')),
    },
    {
      key: 'did',
      header: 'Your DID',
      cell: (row) => <span className="did">{row.did}</span>,
      sortValue: (row) => row.did,
    },
    { key: 'packing', header: 'Packing', cell: (row) => row.packing, sortValue: (row) => row.packing },
    {
      key: 'delivery',
      header: 'Delivery',
      cell: (row) => (
        <>
          <StateBadge state={`delivery-${deliveryTone(row.delivery)}`} label={DELIVERY_LABELS[row.delivery]} />
          {row.deliveryDetail && <span className="cell-note">{row.deliveryDetail}</span>}
        </>
      ),
      sortValue: (row) => row.delivery,
      filterText: (row) => `${row.delivery} ${row.deliveryDetail ?? ''}`,
    },
  ];
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters(draft);
    pages.reset();
  };
  return (
    <>
      <SendMessage loaded={messages.data ? (messages.data.dids?.dids ?? []) : null} />
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Messages</h2>
        <form className="filters" onSubmit={apply} aria-label="Filter messages">
          <div className="field">
            <label htmlFor="filter-direction">Direction</label>
            <select
              id="filter-direction"
              value={direction}
              onChange={(event) => {
                setDirection(event.target.value as DidcommDirection | '');
                pages.reset();
              }}
            >
              <option value="">Both</option>
              <option value="outbound">Sent</option>
              <option value="inbound">Received</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-did">Your DID</label>
            <input
              id="filter-did"
              type="search"
              value={draft.did}
              onChange={(event) => setDraft({ ...draft, did: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="filter-type">Type URI</label>
            <input
              id="filter-type"
              type="search"
              value={draft.type}
              onChange={(event) => setDraft({ ...draft, type: event.target.value })}
            />
          </div>
          <button type="submit" className="button-secondary">
            Apply
          </button>
          <button
            type="button"
            className="button-secondary"
            onClick={() => refresh({ requestPolicy: 'network-only' })}
            disabled={messages.fetching}
          >
            Refresh
          </button>
        </form>
        <ErrorMessage error={messages.error} />
        {!messages.data && messages.fetching && <Loading label="Loading messages" />}
        {messages.data && (
          <>
            <DataTable
              caption={`DIDComm messages, page ${pages.pageNumber}`}
              rows={messages.data.didcommMessages.messages}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No message matches. Send one above; messages to your DIDs arrive at POST /didcomm."
            />
            <Pager pages={pages} nextCursor={messages.data.didcommMessages.nextCursor} busy={messages.fetching} />
          </>
        )}
      </section>
    </>
  );
}
