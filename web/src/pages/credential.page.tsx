// One credential: what the service keeps of it (type, issuer, subject, times, status list entry), its state,
// and the credential itself taken apart in the browser: the JOSE header and payload, and for an SD-JWT each
// disclosure as [salt, name, value] and any key binding JWT. Revoking it, after a confirmation, from here too.
//
// The service answers a revoked credential by id as not found (spec: a lookup after revoke gives 404): the
// list hands its row over in the history state (credentials.page.tsx), which this page then shows.
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { CredentialPageDocument, type CredentialFieldsFragment } from '../generated/graphql';
import { tryDecodeCredential, type DecodedCredential } from './credential-decoding.rules';
import {
  CopyButton,
  CredentialStateBadge,
  JsonBlock,
  RevokeCredentialButton,
  type Revocation,
} from './credentials-parts';
import {
  credentialState,
  FORMAT_LABELS,
  handedOver,
  type CredentialHandover,
  type VerifyHandover,
} from './credentials.rules';
import { formatTime } from './overview.rules';

export default function CredentialPage() {
  const params = useParams<{ id: string }>();
  const id = params.id;
  const [result] = useQuery({ query: CredentialPageDocument, variables: { id }, requestPolicy: 'cache-and-network' });
  const fromList = handedOver(useHistoryState(), id);
  const [revocation, setRevocation] = useState<Revocation | null>(null);
  const fetched = result.data?.credential;
  const known = fetched ?? (result.error ? fromList : null);
  const credential = known && revocation ? { ...known, revokedAt: revocation.revokedAt } : known;
  function revoked(done: Revocation) {
    setRevocation(done);
    // A reload of this page (or a visit back to it) shows it revoked, as the service now has it.
    if (known)
      history.replaceState({ credential: { ...known, revokedAt: done.revokedAt } } satisfies CredentialHandover, '');
  }
  return (
    <section aria-labelledby="page-title">
      <p>
        <Link href="/credentials">← All credentials</Link>
      </p>
      <h1 id="page-title">Credential</h1>
      <p className="did">{id}</p>
      {!credential && <ErrorMessage error={result.error} />}
      {!credential && !result.error && result.fetching && <Loading label="Loading the credential" />}
      {credential && <CredentialView credential={credential} fromList={!fetched} onRevoked={revoked} />}
    </section>
  );
}

function CredentialView({
  credential,
  fromList,
  onRevoked,
}: {
  credential: CredentialFieldsFragment;
  fromList: boolean;
  onRevoked: (revocation: Revocation) => void;
}) {
  const state = credentialState(credential);
  const canVerify = useCan('credentials:verify');
  return (
    <>
      {fromList && (
        <p className="notice">
          The service no longer returns this credential by its id ({state}); shown as the list gave it.
        </p>
      )}
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <CredentialStateBadge state={state} />
          {credential.revokedAt && ` since ${formatTime(credential.revokedAt)}`}
          {credential.erasedAt && ` · erased at its subject’s request ${formatTime(credential.erasedAt)}`}
        </dd>
        <dt>Type</dt>
        <dd className="did">{credential.credentialType}</dd>
        <dt>Format</dt>
        <dd>{FORMAT_LABELS[credential.format]}</dd>
        <dt>Issuer</dt>
        <dd className="did">{credential.issuer}</dd>
        <dt>Subject</dt>
        <dd className="did">{credential.subjectId ?? '—'}</dd>
        <dt>Issued</dt>
        <dd>{formatTime(credential.issuedAt)}</dd>
        <dt>Expires</dt>
        <dd>{credential.expiresAt ? formatTime(credential.expiresAt) : 'never'}</dd>
        <dt>Status list</dt>
        <dd>
          {credential.status.type}, index {credential.status.index} of{' '}
          <a className="did" href={credential.status.uri}>
            {credential.status.uri}
          </a>
        </dd>
      </dl>
      <div className="actions">
        {!credential.revokedAt && (
          <div>
            <RevokeCredentialButton id={credential.id} label={credential.credentialType} onRevoked={onRevoked} />
          </div>
        )}
        {credential.credential && canVerify.allowed && (
          <Link
            href="/verify"
            state={{ verify: credential.credential } satisfies VerifyHandover}
            className="button-link button-link-secondary"
          >
            Verify it
          </Link>
        )}
      </div>
      {credential.credential ? (
        <Decoded credential={credential.credential} />
      ) : (
        <p className="notice">Its body was erased at its subject’s request: there is nothing left to decode.</p>
      )}
    </>
  );
}

function Decoded({ credential }: { credential: string }) {
  const outcome = tryDecodeCredential(credential);
  return (
    <>
      <section className="section" aria-labelledby="credential-title">
        <h2 id="credential-title">The credential</h2>
        <textarea
          id="credential-text"
          className="credential-text"
          readOnly
          rows={4}
          value={credential}
          aria-labelledby="credential-title"
        />
        <CopyButton
          text={credential}
          label="Copy the credential"
          fallback={() => document.getElementById('credential-text') as HTMLTextAreaElement | null}
        />
      </section>
      {outcome.ok ? <DecodedParts decoded={outcome.decoded} /> : <p className="error-message">{outcome.problem}</p>}
    </>
  );
}

function DecodedParts({ decoded }: { decoded: DecodedCredential }) {
  const sdJwt = decoded.kind === 'sd-jwt';
  return (
    <>
      <section className="section" aria-labelledby="header-title">
        <h2 id="header-title">{sdJwt ? 'Issuer-signed JWT: header' : 'JOSE header'}</h2>
        <JsonBlock value={decoded.jwt.header} labelledBy="header-title" />
      </section>
      <section className="section" aria-labelledby="payload-title">
        <h2 id="payload-title">{sdJwt ? 'Issuer-signed JWT: payload' : 'Payload'}</h2>
        <JsonBlock value={decoded.jwt.payload} labelledBy="payload-title" />
      </section>
      {decoded.kind === 'sd-jwt' && (
        <section className="section" aria-labelledby="disclosures-title">
          <h2 id="disclosures-title">Disclosures</h2>
          {decoded.disclosures.length === 0 ? (
            <p>None: every claim is in the payload.</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="disclosures-title" tabIndex={0}>
              <table>
                <caption>Each disclosure decoded: [salt, name, value]</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Value</th>
                    <th scope="col">Salt</th>
                  </tr>
                </thead>
                <tbody>
                  {decoded.disclosures.map((disclosure) => (
                    <tr key={disclosure.encoded}>
                      <td data-label="Name">{disclosure.name ?? <span className="muted">(array element)</span>}</td>
                      <td data-label="Value">
                        <code className="disclosure-value">{JSON.stringify(disclosure.value)}</code>
                      </td>
                      <td data-label="Salt">
                        <code className="did">{disclosure.salt}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {decoded.keyBinding && (
            <>
              <h3 id="kb-title">Key binding JWT</h3>
              <JsonBlock value={decoded.keyBinding} labelledBy="kb-title" />
            </>
          )}
        </section>
      )}
    </>
  );
}
