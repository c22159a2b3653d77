// Webhooks: the tenant's endpoints a page at a time, adding one (its secret shown once), pausing, resuming and
// deleting one. Each endpoint links to its page (webhook.page.tsx): deliveries, test, replay, secret rotation.
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useQuery } from 'urql';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import { WebhooksPageDocument, type WebhooksPageQuery } from '../generated/graphql';
import { formatTime } from './overview.rules';
import { DeleteWebhookButton, EnableWebhookButton, WebhookStatus } from './webhooks-parts';
import { CreateWebhook } from './webhooks-form';
import { describeEvents, webhookHref } from './webhooks.rules';

type WebhookRow = WebhooksPageQuery['webhooks']['webhooks'][number];

const PAGE_SIZE = 20;

export default function WebhooksPage() {
  const pages = useCursorPages();
  const [webhooks] = useQuery({
    query: WebhooksPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor },
    // An empty page names no Webhook: without this, adding the first would not refresh the list.
    context: useMemo(() => ({ additionalTypenames: ['Webhook'] }), []),
  });
  const columns: Column<WebhookRow>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      cell: (row) => (
        <>
          <Link href={webhookHref(row.id)} className="did">
            {row.url}
          </Link>
          {row.description && <span className="cell-note">{row.description}</span>}
        </>
      ),
      sortValue: (row) => row.url,
      filterText: (row) => `${row.url} ${row.description}`,
    },
    {
      key: 'events',
      header: 'Events',
      cell: (row) => describeEvents(row.events),
      sortValue: (row) => describeEvents(row.events),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <WebhookStatus webhook={row} />,
      sortValue: (row) => (row.enabled ? 'enabled' : 'disabled'),
    },
    { key: 'createdAt', header: 'Added', cell: (row) => formatTime(row.createdAt), sortValue: (row) => row.createdAt },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="row-actions">
          <EnableWebhookButton webhook={row} compact />
          <DeleteWebhookButton webhook={row} compact />
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Webhooks</h1>
      <p className="lead">
        The tenant's events, POSTed to your endpoints as they happen and signed with each endpoint's secret (Standard
        Webhooks). A failed delivery is retried for about a day.
      </p>
      <CreateWebhook />
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Endpoints</h2>
        <ErrorMessage error={webhooks.error} />
        {!webhooks.data && webhooks.fetching && <Loading label="Loading endpoints" />}
        {webhooks.data && (
          <>
            <DataTable
              caption={`Webhook endpoints, page ${pages.pageNumber}`}
              rows={webhooks.data.webhooks.webhooks}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No endpoint yet. Add one to receive the tenant's events."
            />
            <Pager pages={pages} nextCursor={webhooks.data.webhooks.nextCursor} busy={webhooks.fetching} />
          </>
        )}
      </section>
    </section>
  );
}
