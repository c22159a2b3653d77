// One OpenID4VCI offer (credentials:issue): its state, followed live while a wallet may still redeem it, its
// moments, the credentials issued, the claims offered, and cancelling it while open. The QR code and link are
// not here: the service shows them only in the answer that made the offer.
import { Link, useParams } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { JsonBlock } from './credentials-parts';
import { CancelOfferButton, OfferFacts, OfferState, useLiveOffer } from './oid4vci-parts';

export default function Oid4vciOfferPage() {
  const id = decodeURIComponent(useParams<{ id: string }>().id);
  const { offer, result } = useLiveOffer(id);
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/oid4vci/offers">← Credential offers</Link>
      </p>
      <h1 id="page-title">Credential offer</h1>
      <p className="muted did">{id}</p>
      <ErrorMessage error={result.error} />
      {!offer && result.fetching && <Loading label="Loading the offer" />}
      {offer && (
        <>
          <OfferState offer={offer} />
          <OfferFacts offer={offer} />
          <CancelOfferButton offer={offer} />
          <section className="section" aria-labelledby="offer-claims-title">
            <h2 id="offer-claims-title">Claims offered</h2>
            {offer.erasedAt ? (
              <p>Erased at the subject’s request.</p>
            ) : (
              <JsonBlock value={offer.claims} labelledBy="offer-claims-title" />
            )}
          </section>
        </>
      )}
    </section>
  );
}
