// One OpenID4VP presentation request (credentials:verify): its status, followed live until a wallet's answer is
// verified or failed, each presentation's checks, disclosed claims and holder, the DCQL query it asked, and
// cancelling it while pending. The QR code and link are not here: the service shows them only once.
import { Link, useParams } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { JsonBlock } from './credentials-parts';
import { CancelRequestButton, Presentations, RequestFacts, RequestStatus, useLiveRequest } from './oid4vp-parts';

export default function Oid4vpRequestPage() {
  const id = decodeURIComponent(useParams<{ id: string }>().id);
  const { request, result } = useLiveRequest(id);
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/oid4vp">← Presentation requests</Link>
      </p>
      <h1 id="page-title">Presentation request</h1>
      <p className="muted did">{id}</p>
      <ErrorMessage error={result.error} />
      {!request && result.fetching && <Loading label="Loading the request" />}
      {request && (
        <>
          <RequestStatus request={request} />
          <RequestFacts request={request} />
          <CancelRequestButton request={request} />
          <Presentations request={request} />
          <section className="section" aria-labelledby="dcql-title">
            <h2 id="dcql-title">What it asks (DCQL)</h2>
            <JsonBlock value={request.dcqlQuery} labelledBy="dcql-title" />
          </section>
        </>
      )}
    </section>
  );
}
