// Verify a credential: paste it (a JWT, or an SD-JWT with the disclosures to check and any key binding JWT),
// optionally the audience and nonce its key binding JWT must carry, and see the verdict first, then every
// check the service made (signature, structure, validity period, status, disclosures, key binding, trust),
// then what the credential says once authentic. A credential's page can hand its credential over to fill in.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useHistoryState } from 'wouter/use-browser-location';
import { useCan } from '../access/can';
import { ErrorMessage } from '../components/error-message';
import { VerifyCredentialDocument, type CredentialFormat, type VerifyCredentialMutation } from '../generated/graphql';
import { JsonBlock } from './credentials-parts';
import { FORMAT_LABELS, verifyHandedOver } from './credentials.rules';
import { formatTime } from './overview.rules';
import { ChecksTable } from './verification-parts';

type Verification = NonNullable<VerifyCredentialMutation['verifyCredential']>;

export default function VerifyPage() {
  const can = useCan('credentials:verify');
  const [credential, setCredential] = useState(verifyHandedOver(useHistoryState()));
  const [format, setFormat] = useState<CredentialFormat | ''>('');
  const [audience, setAudience] = useState('');
  const [nonce, setNonce] = useState('');
  const [result, verify] = useMutation(VerifyCredentialDocument);
  const [verdict, setVerdict] = useState<Verification | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setVerdict(null);
    const outcome = await verify(
      {
        input: {
          credential: credential.trim(),
          ...(format && { format }),
          ...(audience.trim() && { audience: audience.trim() }),
          ...(nonce.trim() && { nonce: nonce.trim() }),
        },
        // Verifying writes nothing a page shows: the answers the client holds stay fresh (api/freshness.ts).
      },
      { changesNothing: true },
    );
    setVerdict(outcome.data?.verifyCredential ?? null);
  }

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Verify a credential</h1>
      <form onSubmit={onSubmit} className="form verify-form">
        <div className="field">
          <label htmlFor="verify-credential">Credential</label>
          <textarea
            id="verify-credential"
            rows={6}
            spellCheck={false}
            required
            value={credential}
            aria-describedby="verify-credential-hint"
            onChange={(event) => setCredential(event.target.value)}
          />
          <p className="field-hint" id="verify-credential-hint">
            A jwt_vc_json JWT, or a vc+sd-jwt as presented: the issuer-signed JWT, the disclosures shown, and any key
            binding JWT, joined by ~.
          </p>
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor="verify-format">Format</label>
            <select
              id="verify-format"
              value={format}
              onChange={(event) => setFormat(event.target.value as CredentialFormat | '')}
            >
              <option value="">Detect</option>
              {Object.entries(FORMAT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="verify-audience">Audience (vc+sd-jwt)</label>
            <input
              id="verify-audience"
              value={audience}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setAudience(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="verify-nonce">Nonce (vc+sd-jwt)</label>
            <input
              id="verify-nonce"
              value={nonce}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setNonce(event.target.value)}
            />
          </div>
        </div>
        <p className="field-hint">
          Audience and nonce: what the key binding JWT must carry, when the credential is bound to its holder’s key.
        </p>
        <ErrorMessage error={result.error} />
        <button
          type="submit"
          disabled={!can.allowed || result.fetching || !credential.trim()}
          aria-describedby={can.allowed ? undefined : 'verify-needs'}
        >
          {result.fetching ? 'Verifying…' : 'Verify'}
        </button>
        {!can.allowed && (
          <p className="permission-note" id="verify-needs">
            Verifying {can.reason}.
          </p>
        )}
      </form>
      {verdict && <Verdict verdict={verdict} />}
    </section>
  );
}

function Verdict({ verdict }: { verdict: Verification }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The verdict is what the person came for: the focus moves to it, so a screen reader reads it next.
  useEffect(() => heading.current?.focus(), [verdict]);
  return (
    <section className="section" aria-labelledby="verdict-title">
      <div className={verdict.verified ? 'verdict verdict-yes' : 'verdict verdict-no'} data-testid="verdict">
        <h2 id="verdict-title" ref={heading} tabIndex={-1}>
          <span aria-hidden="true">{verdict.verified ? '✓ ' : '✗ '}</span>
          {verdict.verified ? 'Verified' : 'Not verified'}
        </h2>
        <p>
          {verdict.verified
            ? 'No check failed.'
            : `${verdict.checks.filter((check) => check.status === 'failed').length} check(s) failed: ${verdict.checks
                .filter((check) => check.status === 'failed')
                .map((check) => check.name)
                .join(', ')}.`}{' '}
          Format {FORMAT_LABELS[verdict.format]}.
        </p>
      </div>
      <ChecksTable checks={verdict.checks} caption="Checks" id="checks-caption" />
      <section className="section" aria-labelledby="says-title">
        <h2 id="says-title">What it says</h2>
        {verdict.payload === null ? (
          <p>Nothing is shown of a credential whose signature did not check out.</p>
        ) : (
          <>
            <dl className="facts">
              <dt>Issuer</dt>
              <dd className="did">{verdict.issuer ?? '—'}</dd>
              <dt>Subject</dt>
              <dd className="did">{verdict.subject ?? '—'}</dd>
              <dt>Types</dt>
              <dd>{verdict.credentialTypes?.join(', ') ?? '—'}</dd>
              <dt>Issued</dt>
              <dd>{verdict.issuedAt ? formatTime(verdict.issuedAt) : '—'}</dd>
              <dt>Expires</dt>
              <dd>{verdict.expiresAt ? formatTime(verdict.expiresAt) : 'never'}</dd>
              <dt>Disclosed</dt>
              <dd>{verdict.disclosed?.length ? verdict.disclosed.join(', ') : 'none'}</dd>
            </dl>
            <h3 id="claims-title">Claims</h3>
            <JsonBlock value={verdict.claims} labelledBy="claims-title" />
            <h3 id="verified-payload-title">Payload (as signed, disclosures applied)</h3>
            <JsonBlock value={verdict.payload} labelledBy="verified-payload-title" />
          </>
        )}
      </section>
    </section>
  );
}
