// An OpenID4VCI offer followed live: its state as a badge in a live region (a wallet redeeming the code, the
// credential issued), the session's moments, and cancelling an open offer after a confirmation. The new offer's
// page and the offer's page both show it.
import { useState } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import {
  CancelOid4vciOfferDocument,
  Oid4vciOfferPageDocument,
  type Oid4vciOfferFieldsFragment,
} from '../generated/graphql';
import { credentialHref } from './credentials.rules';
import { NeedsNote, StateBadge } from './feature-parts';
import { useFollow } from './openid-parts';
import { formatTime } from './overview.rules';
import { isOpenOffer, OFFER_STATE_LABELS } from './oid4vci.rules';

/** The offer as the service has it now, asked again while it is open; `initial` is shown until then. */
export function useLiveOffer(id: string, initial?: Oid4vciOfferFieldsFragment) {
  const [result, refresh] = useQuery({ query: Oid4vciOfferPageDocument, variables: { id }, pause: !id });
  const offer = result.data?.oid4vciOffer ?? initial ?? null;
  useFollow(offer !== null && isOpenOffer(offer.state), () => refresh({ requestPolicy: 'network-only' }));
  return { offer, result };
}

export function OfferState({ offer }: { offer: Oid4vciOfferFieldsFragment }) {
  return (
    <div className="live-state" role="status" aria-live="polite" data-testid="offer-state" data-state={offer.state}>
      <span>State:</span>
      <StateBadge state={offer.state} label={OFFER_STATE_LABELS[offer.state]} />
      <span className="muted">
        {offer.state === 'offered' && 'waiting for a wallet to redeem the code; this updates by itself.'}
        {offer.state === 'token_issued' && 'a wallet redeemed the code; waiting for its credential request.'}
        {offer.state === 'credential_pending' &&
          'the wallet asked for its credential and polls for it: supply the claims through the API.'}
        {offer.state === 'credential_issued' && 'the wallet holds the credential.'}
        {offer.state === 'failed' && (offer.failureReason ?? 'too many wrong transaction codes.')}
      </span>
    </div>
  );
}

export function OfferFacts({ offer }: { offer: Oid4vciOfferFieldsFragment }) {
  return (
    <dl className="facts">
      <dt>Subject</dt>
      <dd className="did">{offer.subjectId}</dd>
      <dt>Credentials offered</dt>
      <dd>{offer.configurationIds.join(', ')}</dd>
      <dt>Created</dt>
      <dd>{formatTime(offer.createdAt)}</dd>
      <dt>Expires</dt>
      <dd>{formatTime(offer.expiresAt)}</dd>
      <dt>Code redeemed</dt>
      <dd>
        {offer.tokenIssuedAt ? `${formatTime(offer.tokenIssuedAt)}${offer.dpopBound ? ' (DPoP-bound)' : ''}` : '—'}
      </dd>
      <dt>Issued</dt>
      <dd>{offer.credentialIssuedAt ? formatTime(offer.credentialIssuedAt) : '—'}</dd>
      <dt>Transaction code</dt>
      <dd>
        {offer.txCode
          ? `${offer.txCode.length} ${offer.txCode.inputMode === 'numeric' ? 'digits' : 'characters'}; ${offer.txCodeFailures} wrong so far`
          : 'none'}
      </dd>
      <dt>Credentials</dt>
      <dd>
        {offer.credentialIds.length === 0
          ? '—'
          : offer.credentialIds.map((id, index) => (
              <span key={id}>
                {index > 0 && ', '}
                <Link href={credentialHref(id)}>{id}</Link>
              </span>
            ))}
      </dd>
    </dl>
  );
}

export function CancelOfferButton({ offer }: { offer: Oid4vciOfferFieldsFragment }) {
  const can = useCan('credentials:issue');
  const [open, setOpen] = useState(false);
  const [result, cancel] = useMutation(CancelOid4vciOfferDocument);
  if (!isOpenOffer(offer.state)) return null;
  return (
    <>
      <button
        type="button"
        className="button-danger"
        disabled={!can.allowed}
        aria-describedby={can.allowed ? undefined : 'cancel-offer-needs'}
        onClick={() => setOpen(true)}
      >
        Cancel the offer
      </button>
      <NeedsNote can={can} doing="Cancelling" id="cancel-offer-needs" />
      <ConfirmDialog
        open={open}
        title="Cancel this offer?"
        confirmLabel="Cancel the offer"
        busy={result.fetching}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const outcome = await cancel({ id: offer.id });
          if (!outcome.error) setOpen(false);
        }}
      >
        <p>
          Its code and any access token stop working at once; a wallet that has not yet received its credential cannot.
        </p>
        <ErrorMessage error={result.error} />
      </ConfirmDialog>
    </>
  );
}

export function LiveOffer({ id, initial }: { id: string; initial?: Oid4vciOfferFieldsFragment }) {
  const { offer, result } = useLiveOffer(id, initial);
  return (
    <>
      <ErrorMessage error={result.error} />
      {!offer && result.fetching && <Loading label="Loading the offer" />}
      {offer && (
        <>
          <OfferState offer={offer} />
          <OfferFacts offer={offer} />
          <CancelOfferButton offer={offer} />
        </>
      )}
    </>
  );
}
