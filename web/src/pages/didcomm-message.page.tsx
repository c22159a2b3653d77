// One DIDComm message: its facts, the plaintext as decrypted, and the envelope as sent or received.
import { useQuery } from 'urql';
import { Link, useParams } from 'wouter';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { DidcommMessagePageDocument } from '../generated/graphql';
import { CopyButton, StateBadge } from './feature-parts';
import { formatTime } from './overview.rules';
import { DELIVERY_LABELS, DELIVERY_MEANINGS, deliveryTone, DIRECTION_LABELS } from './didcomm.rules';

export default function DidcommMessagePage() {
  const { id } = useParams<{ id: string }>();
  const [result] = useQuery({ query: DidcommMessagePageDocument, variables: { id } });
  const message = result.data?.didcommMessage;
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/didcomm">← All messages</Link>
      </p>
      <h1 id="page-title">DIDComm message</h1>
      <ErrorMessage error={result.error} />
      {!message && result.fetching && <Loading label="Loading the message" />}
      {message && (
        <>
          <dl className="facts">
            <dt>Type</dt>
            <dd className="did">{message.type}</dd>
            <dt>Direction</dt>
            <dd>{DIRECTION_LABELS[message.direction]}</dd>
            <dt>From</dt>
            <dd className="did">{message.from ?? 'anonymous'}</dd>
            <dt>To</dt>
            <dd className="did">{message.to.join(', ')}</dd>
            <dt>Packing</dt>
            <dd>{message.packing}</dd>
            <dt>Delivery</dt>
            <dd>
              <StateBadge
                state={`delivery-${deliveryTone(message.delivery)}`}
                label={DELIVERY_LABELS[message.delivery]}
              />{' '}
              {message.deliveryDetail ?? DELIVERY_MEANINGS[message.delivery]}
            </dd>
            <dt>Message id</dt>
            <dd className="did">{message.messageId}</dd>
            {message.thid && (
              <>
                <dt>Thread</dt>
                <dd className="did">{message.thid}</dd>
              </>
            )}
            <dt>When</dt>
            <dd>{formatTime(message.createdAt)}</dd>
          </dl>
          <section className="section" aria-labelledby="plaintext-title">
            <h2 id="plaintext-title">Plaintext</h2>
            <pre className="json" tabIndex={0} aria-labelledby="plaintext-title">
              {JSON.stringify(message.message, null, 2)}
            </pre>
          </section>
          <section className="section" aria-labelledby="envelope-title">
            <h2 id="envelope-title">Envelope</h2>
            <CopyButton value={message.envelope} label="Copy the envelope" />
            <pre className="json" tabIndex={0} aria-labelledby="envelope-title">
              {prettyJson(message.envelope)}
            </pre>
          </section>
        </>
      )}
    </section>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
