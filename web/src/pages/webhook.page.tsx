// One webhook endpoint: its facts, the events it receives (changeable), pausing, resuming, deleting, a test
// event, rotating its secret, and its delivery log with each attempt's status and answer, and replay. One
// request (WebhookPage): the endpoint and a page of its deliveries.
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useParams } from 'wouter';
import { useCan } from '../access/can';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages, type CursorPages } from '../components/use-cursor-pages';
import {
  ReplayWebhookDeliveryDocument,
  UpdateWebhookDocument,
  WebhookPageDocument,
  type WebhookPageQuery,
  type WebhookDeliveryState,
  type WebhookFieldsFragment,
} from '../generated/graphql';
import { GatedSubmit, NeedsNote, StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { EventPicker } from './webhooks-form';
import {
  DeleteWebhookButton,
  EnableWebhookButton,
  RotateSecret,
  TestWebhookButton,
  useBackToWebhooks,
  WebhookStatus,
} from './webhooks-parts';
import {
  attemptSummary,
  DELIVERY_STATE_LABELS,
  describeEvents,
  eventsToSelection,
  selectionProblem,
  selectionToEvents,
  type EventSelection,
} from './webhooks.rules';

type DeliveryRow = WebhookPageQuery['webhookDeliveries']['deliveries'][number];

const PAGE_SIZE = 20;

export default function WebhookPage() {
  const { id } = useParams<{ id: string }>();
  const pages = useCursorPages();
  const [status, setStatus] = useState<WebhookDeliveryState | ''>('');
  const [result, refresh] = useQuery({
    query: WebhookPageDocument,
    variables: { id, limit: PAGE_SIZE, cursor: pages.cursor, status: status || null },
    // An empty log names no WebhookDelivery: without this, a test event's delivery would not show.
    context: useMemo(() => ({ additionalTypenames: ['WebhookDelivery'] }), []),
  });
  const back = useBackToWebhooks();
  const webhook = result.data?.webhook;
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/webhooks">← All endpoints</Link>
      </p>
      <h1 id="page-title">Webhook endpoint</h1>
      <ErrorMessage error={result.error} />
      {!webhook && result.fetching && <Loading label="Loading the endpoint" />}
      {webhook && (
        <>
          <p className="did">{webhook.url}</p>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <WebhookStatus webhook={webhook} />
            </dd>
            <dt>Events</dt>
            <dd>{describeEvents(webhook.events, 50)}</dd>
            {webhook.description && (
              <>
                <dt>Description</dt>
                <dd>{webhook.description}</dd>
              </>
            )}
            <dt>Added</dt>
            <dd>{formatTime(webhook.createdAt)}</dd>
            {webhook.previousSecretExpiresAt && (
              <>
                <dt>Previous secret</dt>
                <dd>also signs until {formatTime(webhook.previousSecretExpiresAt)}</dd>
              </>
            )}
          </dl>
          <div className="row-actions section">
            <EnableWebhookButton webhook={webhook} />
            <DeleteWebhookButton webhook={webhook} onDeleted={back} />
          </div>
          <div className="cards section">
            <section className="card" aria-labelledby="test-title">
              <h2 id="test-title">Test and secret</h2>
              <TestWebhookButton webhook={webhook} />
              <RotateSecret webhook={webhook} />
            </section>
            <ChangeEvents webhook={webhook} />
          </div>
          <Deliveries
            page={result.data!.webhookDeliveries}
            fetching={result.fetching}
            pages={pages}
            status={status}
            onStatus={(next) => {
              setStatus(next);
              pages.reset();
            }}
            onRefresh={() => refresh({ requestPolicy: 'network-only' })}
          />
        </>
      )}
    </section>
  );
}

function ChangeEvents({ webhook }: { webhook: WebhookFieldsFragment }) {
  const can = useCan('webhooks:manage');
  const [result, update] = useMutation(UpdateWebhookDocument);
  const [selection, setSelection] = useState<EventSelection>(() => eventsToSelection(webhook.events));
  const problem = selectionProblem(selection);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!problem) await update({ id: webhook.id, input: { events: selectionToEvents(selection) } });
  }
  return (
    <section className="card" aria-labelledby="events-title">
      <h2 id="events-title">Events it receives</h2>
      <form className="form" onSubmit={onSubmit}>
        <EventPicker selection={selection} onChange={setSelection} />
        {problem && <p className="field-hint">{problem}</p>}
        <GatedSubmit
          can={can}
          busy={result.fetching}
          label="Save events"
          busyLabel="Saving…"
          noteId="events-needs"
          disabled={problem !== null}
        />
        <NeedsNote can={can} doing="Changing the events" id="events-needs" />
      </form>
      <ErrorMessage error={result.error} />
      {result.data?.updateWebhook && !result.error && (
        <p className="success" role="status">
          Saved: {describeEvents(result.data.updateWebhook.events)}.
        </p>
      )}
    </section>
  );
}

function Deliveries({
  page,
  fetching,
  pages,
  status,
  onStatus,
  onRefresh,
}: {
  page: WebhookPageQuery['webhookDeliveries'];
  fetching: boolean;
  pages: CursorPages;
  status: WebhookDeliveryState | '';
  onStatus(status: WebhookDeliveryState | ''): void;
  onRefresh(): void;
}) {
  const columns: Column<DeliveryRow>[] = [
    {
      key: 'eventType',
      header: 'Event',
      cell: (row) => <code>{row.eventType}</code>,
      sortValue: (row) => row.eventType,
    },
    {
      key: 'state',
      header: 'State',
      cell: (row) => <StateBadge state={row.state} label={DELIVERY_STATE_LABELS[row.state]} />,
      sortValue: (row) => row.state,
    },
    { key: 'attempts', header: 'Attempts', cell: (row) => row.attempts, sortValue: (row) => row.attempts },
    {
      key: 'last',
      header: 'Last attempt',
      cell: (row) => (
        <>
          {attemptSummary({ status: row.lastStatus, durationMs: row.lastDurationMs, error: row.lastError })}
          {row.lastAttemptAt && <span className="cell-note">{formatTime(row.lastAttemptAt)}</span>}
          {row.nextAttemptAt && row.state === 'pending' && (
            <span className="cell-note">next {formatTime(row.nextAttemptAt)}</span>
          )}
        </>
      ),
      sortValue: (row) => row.lastAttemptAt,
      filterText: (row) => `${row.lastStatus ?? ''} ${row.lastError ?? ''}`,
    },
    {
      key: 'response',
      header: 'Response',
      cell: (row) =>
        row.lastResponseExcerpt ? (
          <pre className="excerpt">{row.lastResponseExcerpt}</pre>
        ) : (
          <span className="muted">none</span>
        ),
      filterText: (row) => row.lastResponseExcerpt ?? '',
    },
    { key: 'actions', header: 'Actions', cell: (row) => <ReplayButton delivery={row} /> },
  ];
  return (
    <section className="section" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <div className="filters">
        <div className="field field-inline">
          <label htmlFor="delivery-status">State</label>
          <select
            id="delivery-status"
            value={status}
            onChange={(event) => onStatus(event.target.value as WebhookDeliveryState | '')}
          >
            <option value="">All</option>
            {Object.entries(DELIVERY_STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button-secondary" onClick={onRefresh} disabled={fetching}>
          Refresh
        </button>
      </div>
      {
        <>
          <DataTable
            caption={`Deliveries, page ${pages.pageNumber}`}
            rows={page.deliveries}
            columns={columns}
            rowKey={(row) => row.id}
            empty="No delivery yet. Send a test event, or wait for the next event the endpoint receives."
          />
          <Pager pages={pages} nextCursor={page.nextCursor} busy={fetching} />
        </>
      }
    </section>
  );
}

function ReplayButton({ delivery }: { delivery: DeliveryRow }) {
  const can = useCan('webhooks:manage');
  const [result, replay] = useMutation(ReplayWebhookDeliveryDocument);
  const attempt = result.data?.replayWebhookDelivery?.attempt;
  return (
    <span className="inline-action">
      <button
        type="button"
        className="button-secondary"
        disabled={!can.allowed || result.fetching}
        title={can.allowed ? undefined : `Replaying ${can.reason}`}
        aria-label={`Replay ${delivery.eventType} delivery of ${formatTime(delivery.createdAt)}`}
        onClick={() => replay({ id: delivery.id })}
      >
        {result.fetching ? 'Replaying…' : 'Replay'}
      </button>
      <ErrorMessage error={result.error} />
      {attempt && !result.error && (
        <span className="cell-note" role="status">
          {attempt.ok ? 'Delivered' : 'Not delivered'}: {attemptSummary(attempt)}
        </span>
      )}
    </span>
  );
}
