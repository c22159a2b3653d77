// An OpenID4VP request followed live: its status in a live region (pending → received → verified or failed),
// then each presentation's verdict: the checks (the verify page's table), the claims it disclosed and its
// holder; and cancelling a pending request after a confirmation. The new request's page and the request's page
// both show it.
import { Fragment, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  CancelOid4vpRequestDocument,
  Oid4vpRequestPageDocument,
  type Oid4vpRequestFieldsFragment,
} from '../generated/graphql';
import { FORMAT_LABELS } from './credentials.rules';
import { NeedsNote, StateBadge } from './feature-parts';
import { useFollow } from './openid-parts';
import { formatTime } from './overview.rules';
import { disclosedClaims, isOpenRequest, REQUEST_STATUS_LABELS, RESPONSE_MODE_LABELS } from './oid4vp.rules';
import { ChecksTable } from './verification-parts';

type Presentation = Oid4vpRequestFieldsFragment['presentations'][number];

export function useLiveRequest(id: string, initial?: Oid4vpRequestFieldsFragment) {
  const [result, refresh] = useQuery({ query: Oid4vpRequestPageDocument, variables: { id } });
  const request = result.data?.oid4vpRequest ?? initial ?? null;
  useFollow(request !== null && isOpenRequest(request.status), () => refresh({ requestPolicy: 'network-only' }));
  return { request, result };
}

export function RequestStatus({ request }: { request: Oid4vpRequestFieldsFragment }) {
  return (
    <div
      className="live-state"
      role="status"
      aria-live="polite"
      data-testid="request-status"
      data-status={request.status}
    >
      <span>Status:</span>
      <StateBadge state={request.status} label={REQUEST_STATUS_LABELS[request.status]} />
      <span className="muted">
        {request.status === 'pending' && 'waiting for a wallet to answer; this updates by itself.'}
        {request.status === 'received' && 'a wallet answered; checking it.'}
        {request.status === 'verified' && 'every presentation verified.'}
        {(request.status === 'failed' || request.status === 'expired') &&
          [request.error, request.errorDescription].filter(Boolean).join(': ')}
      </span>
    </div>
  );
}

export function RequestFacts({ request }: { request: Oid4vpRequestFieldsFragment }) {
  return (
    <dl className="facts">
      <dt>Purpose</dt>
      <dd>{request.purpose ?? '—'}</dd>
      <dt>Client id</dt>
      <dd className="did">{request.clientId}</dd>
      <dt>Response mode</dt>
      <dd>{RESPONSE_MODE_LABELS[request.responseMode]}</dd>
      <dt>Created</dt>
      <dd>{formatTime(request.createdAt)}</dd>
      <dt>Expires</dt>
      <dd>{formatTime(request.expiresAt)}</dd>
      <dt>Answered</dt>
      <dd>{request.receivedAt ? formatTime(request.receivedAt) : '—'}</dd>
      <dt>Holder</dt>
      <dd className="did" data-testid="request-holder">
        {request.holder ?? '—'}
      </dd>
    </dl>
  );
}

export function Presentations({ request }: { request: Oid4vpRequestFieldsFragment }) {
  if (request.presentations.length === 0) return null;
  return (
    <section className="section" aria-labelledby="presentations-title">
      <h2 id="presentations-title">Presentations</h2>
      {request.erasedAt && <p>What they disclosed was erased at the subject’s request.</p>}
      {request.presentations.map((presentation, index) => (
        <PresentationVerdict
          key={`${presentation.credentialQueryId}-${index}`}
          presentation={presentation}
          index={index}
        />
      ))}
    </section>
  );
}

function PresentationVerdict({ presentation, index }: { presentation: Presentation; index: number }) {
  const { verification } = presentation;
  const titleId = `presentation-${index}-title`;
  const claims = disclosedClaims(verification.claims, verification.disclosed);
  return (
    <section className="presentation card" aria-labelledby={titleId} data-testid="presentation">
      <h3 id={titleId}>
        {presentation.credentialQueryId}: {verification.verified ? 'verified' : 'not verified'}
      </h3>
      <dl className="facts">
        <dt>Format</dt>
        <dd>{FORMAT_LABELS[verification.format]}</dd>
        <dt>Issuer</dt>
        <dd className="did">{verification.issuer ?? '—'}</dd>
        <dt>Holder</dt>
        <dd className="did">{presentation.holder ?? '—'}</dd>
        <dt>Types</dt>
        <dd>{verification.credentialTypes?.join(', ') ?? '—'}</dd>
      </dl>
      <ChecksTable
        checks={verification.checks}
        caption={`Checks of ${presentation.credentialQueryId}`}
        id={`${titleId}-checks`}
      />
      <h4>Disclosed claims</h4>
      {claims.length === 0 ? (
        <p className="muted">None shown: claims are shown once the request and this presentation verified.</p>
      ) : (
        <dl className="facts" data-testid="disclosed-claims">
          {claims.map(([pointer, value]) => (
            <Fragment key={pointer}>
              <dt>{pointer.slice(1)}</dt>
              <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}

export function CancelRequestButton({ request }: { request: Oid4vpRequestFieldsFragment }) {
  const can = useCan('credentials:verify');
  const [open, setOpen] = useState(false);
  const [result, cancel] = useMutation(CancelOid4vpRequestDocument);
  if (request.status !== 'pending') return null;
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        aria-describedby={can.allowed ? undefined : 'cancel-request-needs'}
        onClick={() => setOpen(true)}
      >
        Cancel the request
      </button>
      <NeedsNote can={can} doing="Cancelling" id="cancel-request-needs" />
      <ConfirmDialog
        open={open}
        title="Cancel this request?"
        confirmLabel="Cancel the request"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await cancel({ id: request.id });
          if (!outcome.error) setOpen(false);
        }}
      >
        <p>A wallet that answers after this is refused.</p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}

export function LiveRequest({ id, initial }: { id: string; initial?: Oid4vpRequestFieldsFragment }) {
  const { request, result } = useLiveRequest(id, initial);
  return (
    <>
      <ErrorMessage error={result.error} />
      {!request && result.fetching && <Loading label="Loading the request" />}
      {request && (
        <>
          <RequestStatus request={request} />
          <RequestFacts request={request} />
          <CancelRequestButton request={request} />
          <Presentations request={request} />
        </>
      )}
    </>
  );
}
