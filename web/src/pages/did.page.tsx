// One DID: its key, status, verification method and DID document; deactivation from here too.
import { useQuery } from 'urql';
import { Link, useParams } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { DidPageDocument } from '../generated/graphql';
import { DeactivateDidButton, StatusBadge } from './did-parts';
import { didOfParam, KEY_TYPE_LABELS } from './dids.rules';
import { formatTime } from './overview.rules';

export default function DidPage() {
  const params = useParams<{ did: string }>();
  const did = didOfParam(params.did);
  const [result] = useQuery({ query: DidPageDocument, variables: { did } });
  const data = result.data?.did;
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/dids">← All DIDs</Link>
      </p>
      <h1 id="page-title">DID</h1>
      <p className="did">{did}</p>
      <ErrorMessage error={result.error} />
      {!data && result.fetching && <Loading label="Loading the DID" />}
      {data && (
        <>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={data.status} />
              {data.deactivatedAt && ` since ${formatTime(data.deactivatedAt)}`}
            </dd>
            <dt>Key type</dt>
            <dd>{KEY_TYPE_LABELS[data.keyType]}</dd>
            <dt>Verification method</dt>
            <dd className="did">{data.verificationMethod}</dd>
            <dt>Created</dt>
            <dd>{formatTime(data.createdAt)}</dd>
          </dl>
          {data.status === 'active' && <DeactivateDidButton did={data.did} />}
          <section className="section" aria-labelledby="document-title">
            <h2 id="document-title">DID document</h2>
            <pre className="json" tabIndex={0} aria-labelledby="document-title">
              {JSON.stringify(data.didDocument, null, 2)}
            </pre>
          </section>
        </>
      )}
    </section>
  );
}
